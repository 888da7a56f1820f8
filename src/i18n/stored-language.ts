import { languageCookie, languageStorageKey } from '@page-contract/languages';
import type { LanguageDetectorModule } from 'i18next';

const storedIn = (read: () => string | null): string | null => {
  try {
    return read();
  } catch {
    // Storage refused (privacy mode): no stored choice.
    return null;
  }
};

/**
 * The reader's language choice: read from local storage, written there and to a cookie, which only
 * the server reads, to answer a page's first render in that language (server/http/page-renderer.ts).
 * The app's one source and two places to keep it, without a general detector's other sources.
 */
export const storedLanguage: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    const stored = storedIn(() => localStorage.getItem(languageStorageKey));
    // i18next picks the best supported match of these, or the fallback language.
    return stored ? [stored] : [];
  },
  cacheUserLanguage: (language) => {
    // i18next's language for showing keys instead of texts: never a reader's choice.
    if (language === 'cimode') return;
    storedIn(() => {
      localStorage.setItem(languageStorageKey, language);
      return null;
    });
    // A server render (src/entry-server.tsx) sets up i18next too, with no page to write to.
    if (typeof document === 'undefined') return;
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser the app supports.
    document.cookie = `${languageCookie.name}=${encodeURIComponent(language)}; Max-Age=${languageCookie.maxAgeMinutes * 60}; Path=/; SameSite=Lax`;
  },
};
