/**
 * A cookie that tells the server this browser holds a session. It carries no token and proves nothing:
 * the session itself stays in local storage, and the app checks it as before. The server only uses it
 * to choose a page's HTML (server/http/first-paint.ts): a visitor without it who opens the property
 * list is sent straight to /login, whose first paint is drawn in its HTML, instead of being served the
 * list's page and modules only for the app to send them to /login after they have loaded and run.
 *
 * Free of the app's other modules, so the build (scripts/build/first-paint.ts) reads the same name.
 */
export const sessionHintCookie = { name: 'nechasim-session', value: '1', maxAgeDays: 365 } as const;

/** Kept in step with the stored session: marked whenever one is stored or found, cleared with it. */
export interface SessionHint {
  mark(): void;
  clear(): void;
}

const SECONDS_PER_DAY = 24 * 60 * 60;

/** The cookie in `document`, or nothing where there is no document (tests, workers). */
export function documentSessionHint(): SessionHint {
  const write = (value: string, maxAgeSeconds: number) => {
    if (typeof document === 'undefined') return;
    const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: one flag for the server; cookieStore is not in every browser yet.
    document.cookie = `${sessionHintCookie.name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
  };
  return {
    mark: () => write(sessionHintCookie.value, sessionHintCookie.maxAgeDays * SECONDS_PER_DAY),
    clear: () => write('', 0),
  };
}
