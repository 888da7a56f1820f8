#!/usr/bin/env node
/**
 * `npm start` runs this first: it builds the client with `vite build`, and the app's server entry with
 * `vite build --ssr` (the server renders pages with it), only when a file that build read
 * has changed since, or there is no build, so a fresh `npm install && npm start` just works and a
 * restart does not rebuild for nothing. The build lists what it read beside its output
 * (scripts/build/client-inputs.mjs): whatever its modules import, from src/ or from server/, counts.
 *
 * Then it bundles the server (server/main.ts and what it imports from server/ and domain) into
 * dist/server/main.mjs, which `npm start` runs with plain node: under tsx's loader every module,
 * node_modules included, goes through its hooks, which cost about a second of each start. Packages
 * stay outside the bundle, imported from node_modules as usual. Bundling takes a tenth of a second,
 * so it runs every time and the bundle can never be older than the sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { changedClientInput, forgetInputsRecord } from './build/client-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = join(root, 'dist/client');
const SSR_ENTRY_SOURCE = 'src/entry-server.tsx';
const require = createRequire(import.meta.url);

function clientIsUpToDate() {
  if (!existsSync(join(root, 'index.html'))) {
    console.warn('[ensure-build] no index.html yet: starting the API without a client.');
    return true;
  }
  // Both builds read the same sources; the client's record stands for both, once both are there.
  if (!existsSync(join(root, 'dist/ssr/entry-server.js'))) {
    console.log('[ensure-build] building the client (no server rendering build yet)…');
    return false;
  }
  const changed = changedClientInput(clientDir, root);
  if (!changed) {
    console.log('[ensure-build] client is up to date.');
    return true;
  }
  console.log(`[ensure-build] building the client (${changed})…`);
  return false;
}

/** The client, then the app's server entry (dist/ssr, which the server renders pages with): `npm run build`. */
function buildClient() {
  const vitePackage = require.resolve('vite/package.json');
  const viteBin = join(dirname(vitePackage), require(vitePackage).bin.vite);
  for (const args of [['build'], ['build', '--ssr', SSR_ENTRY_SOURCE]]) {
    const result = spawnSync(process.execPath, [viteBin, ...args], { cwd: root, stdio: 'inherit' });
    // A build that failed after writing its record must not look current next time.
    if (result.status !== 0) {
      forgetInputsRecord(clientDir);
      return result.status ?? 1;
    }
  }
  return 0;
}

async function bundleServer() {
  const bundle = join(root, 'dist/server/main.mjs');
  // Written aside and renamed, so a server starting meanwhile never reads half a file.
  const partial = `${bundle}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(root, 'server/main.ts')],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  renameSync(partial, bundle);
}

if (!clientIsUpToDate()) {
  const status = buildClient();
  if (status !== 0) process.exit(status);
}
await bundleServer();
