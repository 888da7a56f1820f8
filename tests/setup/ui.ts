import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount between tests so one screen's DOM (and its portals) never leaks into the next.
afterEach(() => {
  cleanup();
});
