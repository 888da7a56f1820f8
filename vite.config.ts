import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, preloadFont } from './scripts/perf/vite-plugins.js';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Aliases shared by the client build, vitest and tsx (which reads tsconfig paths). */
export const alias = {
  '@/': fromRoot('./src/'),
  '@machines/': fromRoot('./machines/'),
  '@openapi/': fromRoot('./openapi/'),
};

export default defineConfig({
  // The router plugin must run before react() so generated route code is transformed too.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
    }),
    react(),
    // The Hebrew subset of Heebo: the only font file every screen needs before its first paint.
    preloadFont(/heebo-hebrew-wght-normal-[\w-]+\.woff2$/),
    precompress(),
  ],
  resolve: { alias },
  server: {
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each route loads, for the bundle budget (scripts/perf/bundle-size.ts).
    manifest: true,
  },
});
