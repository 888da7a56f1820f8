import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root: the nearest directory above this module that holds package.json. Found, not
 * counted in `..` steps, so the answer is the same whether the server runs from its sources
 * (server/…) or from the bundle `npm start` builds (dist/server/main.mjs).
 */
export const REPO_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json'))) return directory;
    if (dirname(directory) === directory) throw new Error(`no package.json above ${start}`);
  }
}
