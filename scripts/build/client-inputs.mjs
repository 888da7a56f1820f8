/**
 * The record a client build leaves of what it read, and the check `npm start` makes against it
 * (scripts/ensure-build.mjs). The build itself lists its inputs (scripts/build/client-inputs-plugin.ts):
 * every module in its graph, from src/ or from wherever else it was imported (domain/, machines/, a
 * server/ file), the files the Vite config imported, the public folder and the project's configuration.
 * Each is recorded with its modification time, and so is each folder holding a module, so a file added
 * beside the others (a route, a text file found by `import.meta.glob`) counts as a change too.
 *
 * Plain JavaScript: ensure-build runs with plain node, before anything could compile TypeScript.
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

/** Beside the output folder, not in it, so the server never serves it: dist/client → dist/client.inputs.json. */
export function inputsRecordPath(outDir) {
  return `${outDir.replace(/[\\/]+$/, '')}.inputs.json`;
}

/**
 * Writes the record: each file with its modification time (null for one that did not exist, such as an
 * optional .env file, so creating it counts), each folder with its own.
 */
export function writeInputsRecord(outDir, root, { files, directories }) {
  const record = { files: {}, directories: {} };
  for (const file of [...new Set(files)].sort()) record.files[toKey(root, file)] = mtimeOf(file);
  for (const directory of [...new Set(directories)].sort()) {
    const mtime = mtimeOf(directory);
    if (mtime !== null) record.directories[toKey(root, directory)] = mtime;
  }
  writeFileSync(inputsRecordPath(outDir), `${JSON.stringify(record, null, 1)}\n`);
}

/** Drops the record, so a build that fails or stops half-way never looks current. */
export function forgetInputsRecord(outDir) {
  rmSync(inputsRecordPath(outDir), { force: true });
}

/**
 * Why the build in outDir is out of date (the first input found changed, added or removed), or
 * undefined when everything it read is as it was.
 */
export function changedClientInput(outDir, root) {
  if (!existsSync(join(outDir, 'index.html'))) return 'no client built yet';
  let record;
  try {
    record = JSON.parse(readFileSync(inputsRecordPath(outDir), 'utf8'));
  } catch {
    return 'no record of what the last build read';
  }
  for (const [key, mtime] of Object.entries({ ...record.files, ...record.directories })) {
    if (mtimeOf(fromKey(root, key)) !== mtime) return key;
  }
  return undefined;
}

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** Paths relative to the root, with forward slashes, so the record reads the same on every system. */
function toKey(root, path) {
  return relative(root, path).split(sep).join('/');
}

function fromKey(root, key) {
  return isAbsolute(key) ? key : join(root, key);
}
