import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { SSR_ENTRY_FILE } from '../../../page-contract/page-renderer';
import { alias } from '../../../vite.config';
import { precompress, preloadFont } from '../../build/vite-plugins';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The floor's two builds (src/floor/), for `npm run bench:web` only: the page in the browser
 * (`vite build --config … --outDir <dir>/client`, from src/floor/floor.html) and its server entry
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
          // The fonts the app's page preloads (vite.config.ts), preloaded here too.
          preloadFont(/heebo-hebrew-wght-normal-[\w-]+\.woff2$/),
          preloadFont(/heebo-latin-wght-normal-[\w-]+\.woff2$/),
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
        rolldownOptions: { input: fileURLToPath(new URL('../../../src/floor/floor.html', import.meta.url)) },
      },
}));
