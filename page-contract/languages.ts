/**
 * The app's languages and what follows from each, free of i18next so the server (server/http/page-renderer.ts)
 * and the journeys use them too. The cookie carries the reader's choice to the server, which answers a
 * pages in that language (src/entry-server.tsx); the app itself reads local storage.
 */
export const supportedLanguages = ['he', 'en'] as const;
export type Language = (typeof supportedLanguages)[number];
export type Direction = 'rtl' | 'ltr';

export const defaultLanguage: Language = 'he';
/** The spec names this local-storage key; other code (and returning users) rely on it. */
export const languageStorageKey = 'i18nextLng';
/** The same choice as a cookie, for the server only: it picks the language the server renders a page in. */
export const languageCookie = { name: 'nechasim-lang', maxAgeMinutes: 60 * 24 * 365 } as const;

export function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}

export function toLanguage(value: string | undefined): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

export function directionOf(language: Language): Direction {
  return language === 'he' ? 'rtl' : 'ltr';
}
