#!/usr/bin/env node
/**
 * `npm start` runs this first: it builds the client with `vite build` only when
 * dist/client/index.html is missing or older than any of its sources, so a fresh
 * `npm install && npm start` just works and a restart does not rebuild for nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

if (!existsSync(join(root, 'index.html'))) {
  console.warn('[ensure-build] no index.html yet: starting the API without a client.');
  process.exit(0);
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
if (builtAt > changedAt) {
  console.log('[ensure-build] client is up to date.');
  process.exit(0);
}

console.log(
  builtAt === 0 ? '[ensure-build] building the client…' : '[ensure-build] sources changed: rebuilding…',
);
const require = createRequire(import.meta.url);
const vitePackage = require.resolve('vite/package.json');
const viteBin = join(dirname(vitePackage), require(vitePackage).bin.vite);
const result = spawnSync(process.execPath, [viteBin, 'build'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
