import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { enResources, heResources, namespaces } from './resources';

export const supportedLanguages = ['he', 'en'] as const;
export type Language = (typeof supportedLanguages)[number];
export type Direction = 'rtl' | 'ltr';

export const defaultLanguage: Language = 'he';
/** The spec names this local-storage key; other code (and returning users) rely on it. */
export const languageStorageKey = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}

export function toLanguage(value: string | undefined): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

export function directionOf(language: Language): Direction {
  return language === 'he' ? 'rtl' : 'ltr';
}

/** Mantine's RTL styles key off `<html dir>`, and screen readers pick a voice from `<html lang>`. */
export function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

export const i18n = i18next.createInstance();

i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { he: heResources, en: enResources },
    supportedLngs: [...supportedLanguages],
    fallbackLng: defaultLanguage,
    load: 'languageOnly',
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    // Resources are bundled, so initialising synchronously means the first render is already translated.
    initAsync: false,
    detection: {
      order: ['localStorage'],
      lookupLocalStorage: languageStorageKey,
      caches: ['localStorage'],
    },
  });

i18n.on('languageChanged', (language) => applyDocumentLanguage(toLanguage(language)));
applyDocumentLanguage(currentLanguage());

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Changes the language outside React; html lang/dir follow through the languageChanged listener. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
