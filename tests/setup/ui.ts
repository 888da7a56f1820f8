import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { changeLanguage, currentLanguage, defaultLanguage } from '@/i18n/i18n';
import './all-texts';

// The one wait of every screen test: for the real server in-process (PGlite) to answer and the screen
// to render what the test asserts, which on a loaded machine can take more than testing-library's default
// second. No wait covers a first import of the app's lazily loaded parts: those are loaded with the
// server's start (tests/features/helpers/warm-app-modules.ts). A screen that never shows what the test
// looks for fails as before, only later; a test asks for no wait of its own.
configure({ asyncUtilTimeout: 5_000 });

// Unmount between tests so one screen's DOM (and its portals) never leaks into the next, and start
// every test with empty storage and no cookies: sessions, drafts and the language choice all live there.
// Toasts live in Mantine's global store, so a toast of one test would otherwise show in the next.
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=', 1)[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom's document has no Cookie Store API.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

// Files share their worker (vitest.config.ts): each starts in the language a fresh page opens in, whatever
// the file before it switched to.
beforeAll(async () => {
  if (currentLanguage() !== defaultLanguage) await changeLanguage(defaultLanguage);
});
