/**
 * A cookie that tells the server this browser holds a session. It carries no token and proves nothing:
 * the session itself stays in local storage, and the app checks it as before. The server only uses it
 * to choose a page's HTML (server/http/page-renderer.ts): a visitor without it who opens a private
 * page is sent straight to /login, rendered on the server, instead of being served the page's
 * modules only for the app to send them to /login after they have loaded and run.
 *
 * The app writes it (src/features/auth/session-hint.ts); the server reads it, and the
 * benchmarks and journeys set it, so all read this one declaration.
 */
export const sessionHintCookie = { name: 'nechasim-session', value: '1', maxAgeDays: 365 } as const;
