import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the build puts the pages it prepares (scripts/build/first-paint.ts), in the client's directory:
 * pages drawn ahead of time, and pages whose HTML preloads their route's modules.
 */
export const FIRST_PAINT_DIR = 'first-paint';
export const FIRST_PAINT_MANIFEST = `${FIRST_PAINT_DIR}/manifest.json`;

/** What the build writes and the server reads at start. */
export interface FirstPaintManifest {
  /** The cookie that carries the reader's language. */
  languageCookie: string;
  /** The language of a reader without the cookie. */
  defaultLanguage: string;
  /** The cookie the app keeps while a session is stored in the browser (session-hint-cookie.ts). */
  sessionCookie: string;
  /** Private pages a visitor lands on: without the session cookie, they are sent to /login instead. */
  signedInPages: string[];
  /** Page path → language → file, relative to the client's directory. */
  pages: Record<string, Record<string, string>>;
}

export interface FirstPaint {
  /** The drawn page for this URL and Cookie header, relative to the client's directory, if there is one. */
  fileFor(url: string, cookieHeader: string | undefined): string | undefined;
  /**
   * Where to send a visitor of a private landing page whose browser holds no session: /login, carrying
   * the page to come back to, as the app's own guard would after loading. Undefined for anyone else.
   */
  signInRedirect(url: string, cookieHeader: string | undefined): string | undefined;
}

const NONE: FirstPaint = { fileFor: () => undefined, signInRedirect: () => undefined };

/**
 * Reads the build's manifest of drawn pages. A build made without Chromium has none, and then every page
 * is answered with index.html as before.
 */
export function loadFirstPaint(clientDir: string): FirstPaint {
  let manifest: FirstPaintManifest;
  try {
    manifest = JSON.parse(readFileSync(join(clientDir, FIRST_PAINT_MANIFEST), 'utf8'));
  } catch {
    return NONE;
  }
  const signedInPages = new Set(manifest.signedInPages);
  return {
    fileFor(url, cookieHeader) {
      const files = manifest.pages[pathOf(url)];
      if (!files) return undefined;
      const language = cookieValue(cookieHeader, manifest.languageCookie);
      return (language && files[language]) || files[manifest.defaultLanguage];
    },
    signInRedirect(url, cookieHeader) {
      if (!signedInPages.has(pathOf(url)) || cookieValue(cookieHeader, manifest.sessionCookie))
        return undefined;
      return `/login?${new URLSearchParams({ redirect: url })}`;
    },
  };
}

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

/** A cookie's value, or undefined when it is absent or empty (an expired cookie may linger empty). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim() || undefined;
    }
  }
  return undefined;
}
