import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the build puts the pages it prepares (scripts/perf/first-paint.ts), in the client's directory:
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
  /** Page path → language → file, relative to the client's directory. */
  pages: Record<string, Record<string, string>>;
}

export interface FirstPaint {
  /** The drawn page for this URL and Cookie header, relative to the client's directory, if there is one. */
  fileFor(url: string, cookieHeader: string | undefined): string | undefined;
}

const NONE: FirstPaint = { fileFor: () => undefined };

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
  return {
    fileFor(url, cookieHeader) {
      const files = manifest.pages[url.split('?', 1)[0] ?? url];
      if (!files) return undefined;
      const language = cookieValue(cookieHeader, manifest.languageCookie);
      return (language && files[language]) || files[manifest.defaultLanguage];
    },
  };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}
