import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './all-texts';

// Unmount between tests so one screen's DOM (and its portals) never leaks into the next, and start
// every test with empty storage: sessions, drafts and the language choice all live there.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
