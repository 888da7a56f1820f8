#!/usr/bin/env node
/**
 * `npm start` runs this first: it builds the client with `vite build` only when
 * dist/client/index.html is missing or older than any of its sources, so a fresh
 * `npm install && npm start` just works and a restart does not rebuild for nothing.
 *
 * Then it bundles the server (server/main.ts and what it imports from server/ and domain) into
 * dist/server/main.mjs, which `npm start` runs with plain node: under tsx's loader every module,
 * node_modules included, goes through its hooks, which cost about a second of each start. Packages
 * stay outside the bundle, imported from node_modules as usual. Bundling takes a tenth of a second,
 * so it runs every time and the bundle can never be older than the sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = join(root, 'dist/client/index.html');
/** What the client bundle is made of (the client imports machines/ and the generated types too). */
const SOURCES = [
  'src',
  'machines',
  'openapi',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
];
const SKIP = new Set(['node_modules', '.git']);

function newestMtime(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

const require = createRequire(import.meta.url);

function clientIsUpToDate() {
  if (!existsSync(join(root, 'index.html'))) {
    console.warn('[ensure-build] no index.html yet: starting the API without a client.');
    return true;
  }
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  if (builtAt > changedAt) {
    console.log('[ensure-build] client is up to date.');
    return true;
  }
  console.log(
    builtAt === 0 ? '[ensure-build] building the client…' : '[ensure-build] sources changed: rebuilding…',
  );
  return false;
}

function buildClient() {
  const vitePackage = require.resolve('vite/package.json');
  const viteBin = join(dirname(vitePackage), require(vitePackage).bin.vite);
  const result = spawnSync(process.execPath, [viteBin, 'build'], { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

/** esbuild comes with tsx (a dependency of the app), so it is there wherever tsx is. */
async function bundleServer() {
  const esbuild = createRequire(require.resolve('tsx/package.json'))('esbuild');
  const bundle = join(root, 'dist/server/main.mjs');
  // Written aside and renamed, so a server starting meanwhile never reads half a file.
  const partial = `${bundle}.${process.pid}.tmp`;
  await esbuild.build({
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
