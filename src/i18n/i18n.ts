import {
  defaultLanguage,
  directionOf,
  type Language,
  supportedLanguages,
  toLanguage,
} from '@page-contract/languages';
import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeBackend } from './locale-backend';
import heCommon from './locales/he/common.json';
import heLayout from './locales/he/layout.json';
import { type Namespace, shellNamespaces } from './namespaces';
import { storedLanguage } from './stored-language';

export * from '@page-contract/languages';

export const i18n = i18next.createInstance();

/** What the browser's instance and each server render's (src/entry-server.tsx) are set up with alike. */
export const sharedOptions = {
  supportedLngs: [...supportedLanguages],
  // English is complete (the type check sees to it), so English screens never load Hebrew texts as
  // a fallback; anything else (an unsupported stored choice) falls back to Hebrew.
  fallbackLng: { en: [], default: [defaultLanguage] },
  load: 'languageOnly',
  ns: [...shellNamespaces],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  // Bundled Hebrew texts are usable synchronously, so the first render of a Hebrew page needs no wait.
  initAsync: false,
} satisfies InitOptions;

const browserOptions = {
  // The rest of the texts come from localeBackend, per namespace and language, when a route asks.
  resources: { he: { common: heCommon, layout: heLayout } },
  partialBundledLanguages: true,
  ...sharedOptions,
} satisfies InitOptions;

i18n.use(localeBackend).use(storedLanguage).use(initReactI18next);

/** Mantine's RTL styles key off `<html dir>`, and screen readers pick a voice from `<html lang>`. */
function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  // Written only when it changes: the server's page already carries both, and rewriting the same `dir`
  // makes the browser restyle and lay out the whole page again while the app starts.
  if (root.lang !== language) root.lang = language;
  const direction = directionOf(language);
  if (root.dir !== direction) root.dir = direction;
}

i18n.on('languageChanged', (language) => applyDocumentLanguage(toLanguage(language)));

function start(): Promise<unknown> {
  const ready = i18n.init(browserOptions);
  applyDocumentLanguage(currentLanguage());
  return ready;
}

/**
 * Resolves once the texts of the app frame are there in the detected language: at once in Hebrew,
 * whose frame texts ship with the app, after one small fetch in English. main.tsx renders after it.
 * In the built app i18next starts in a task of its own: in the task that evaluates the app's modules,
 * the longest of a phone's start, it was one of the largest parts. Nothing reads a text before the
 * app renders, after this. Tests and the dev server start it at once, as their code expects.
 */
export const i18nReady: Promise<unknown> =
  import.meta.env.PROD && typeof window !== 'undefined'
    ? new Promise((resolve) => setTimeout(resolve, 0)).then(start)
    : start();

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Loads a screen's texts in the current language; a later language change loads them in the new
 * language before it switches, so no screen ever shows raw keys. Routes call it from their loader.
 */
export async function loadNamespaces(...names: Namespace[]): Promise<void> {
  await i18n.loadNamespaces(names);
}

/** Changes the language outside React; html lang/dir follow through the languageChanged listener. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
