/**
 * The app's side of the session-hint cookie (page-contract/session-hint-cookie.ts): written whenever a
 * session is stored or found, cleared with it.
 */
import { sessionHintCookie } from '@page-contract/session-hint-cookie';

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
