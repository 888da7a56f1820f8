import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SSR_ENTRY_FILE } from '../../../page-contract/page-renderer';
import { alias } from '../../../vite.config';
import { precompress, preloadFont } from '../../build/vite-plugins';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const APP_PAGE = fileURLToPath(new URL('../../../index.html', import.meta.url));
/** Where the floor's page is built from, by name only: its text is the app's page (floorPage). */
const FLOOR_PAGE = fileURLToPath(new URL('../../../src/floor/floor.html', import.meta.url));
const APP_ENTRY = 'src="/src/main.tsx"';
const FLOOR_ENTRY = 'src="/src/floor/entry-floor-client.tsx"';

/**
 * The floor's page is the app's index.html with the floor's entry in place of the app's: the same
 * head, the same frame, so what the floor measures differs from the app's page by the app alone.
 */
function floorPage(): Plugin {
  return {
    name: 'nechasim:floor-page',
    enforce: 'pre',
    resolveId: (id) => (id === FLOOR_PAGE ? FLOOR_PAGE : null),
    async load(id) {
      if (id !== FLOOR_PAGE) return null;
      const html = await readFile(APP_PAGE, 'utf8');
      if (!html.includes(APP_ENTRY)) throw new Error(`index.html no longer loads the app by ${APP_ENTRY}`);
      return html.replace(APP_ENTRY, FLOOR_ENTRY);
    },
  };
}

/**
 * The floor's two builds (src/floor/), for `npm run bench:web` only: the page in the browser
 * (`vite build --config … --outDir <dir>/client`, from the app's index.html: floorPage) and its server entry
 * (`--ssr src/floor/entry-floor-server.tsx --outDir <dir>/ssr`). The same plugins that shape what the
 * app's page sends (React's transform, precompressed files); the app's chunk groups are left out, as a
 * one-heading page has nothing to group.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: ROOT,
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [
          floorPage(),
          // The fonts the app's page preloads (vite.config.ts), preloaded here too.
          preloadFont(/heebo-hebrew-latin-wght-[\w-]+\.woff2$/),
          precompress(),
        ]),
  ],
  resolve: { alias },
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        emptyOutDir: true,
        copyPublicDir: false,
        // Named as the server looks for the app's entry (page-contract/page-renderer.ts).
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: SSR_ENTRY_FILE } },
      }
    : {
        emptyOutDir: true,
        rolldownOptions: { input: FLOOR_PAGE },
      },
}));
