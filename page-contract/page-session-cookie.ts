/**
 * The page-session cookie: how the server knows, when a browser asks for a page, who is signed in, so
 * that /properties can be rendered with the broker's own rows. The server sets it (httpOnly) on sign-in,
 * registration and every refresh, and clears it on sign-out (server/auth/page-session-cookie.ts); it
 * holds a token of its own audience that only the page renderer accepts (server/http/page-renderer.ts).
 * The API never reads it: it keeps taking the Authorization header, so a cross-site request that
 * carries the cookie can do nothing. The journeys and the benchmarks read the name from here.
 */
export const pageSessionCookie = { name: 'nechasim-page-session' } as const;
