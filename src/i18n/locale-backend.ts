import type { BackendModule } from 'i18next';

/**
 * Every text file becomes a chunk of its own, fetched the first time a screen needs its namespace in
 * the current language: a first visit downloads the Hebrew texts of the screen it opens, not both
 * languages of every screen (about 20 KiB gzipped that no first screen shows).
 */
const localeFiles = import.meta.glob<Record<string, unknown>>(
  // Hebrew's frame texts ship inside the app (i18n.ts) and are never fetched.
  ['./locales/*/*.json', '!./locales/he/common.json', '!./locales/he/layout.json'],
  { import: 'default' },
);

export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = localeFiles[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    // A failed fetch (a flaky connection) is retried by i18next itself before it gives up.
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
