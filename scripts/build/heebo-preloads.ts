import type { Plugin } from 'vite';
import { preloadFont } from './vite-plugins.js';

/** The weights of Heebo the app imports (src/app/theme.ts), each a static file per subset. */
const WEIGHTS = [400, 500, 600, 700, 800] as const;

/**
 * Heebo's Hebrew and Latin files in every weight the app draws: every screen writes Hebrew, digits and
 * spaces (Latin) in each of them. A face used by the first layout and not preloaded comes after the first
 * paint, and the whole page is laid out again (and shifts). The app's page and the floor's both use it.
 */
export function preloadHeebo(): Plugin[] {
  return WEIGHTS.flatMap((weight) =>
    ['hebrew', 'latin'].map((subset) =>
      preloadFont(new RegExp(`heebo-${subset}-${weight}-normal-[\\w-]+\\.woff2$`)),
    ),
  );
}
