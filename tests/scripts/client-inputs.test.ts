import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, resolveConfig } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changedClientInput } from '../../scripts/build/client-inputs.mjs';
import { clientInputs } from '../../scripts/build/client-inputs-plugin';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A file's modification time moved on, as an editor saving it would. */
async function touch(file: string, secondsLater: number): Promise<void> {
  const when = new Date(Date.now() + secondsLater * 1000);
  await utimes(file, when, when);
}

/**
 * A small client shaped like ours: its entry imports a rule from server/, outside src/. Built by
 * Vite with the real plugin, checked by the same function `npm start` calls (scripts/ensure-build.mjs).
 */
describe('whether the client build is current', () => {
  let root: string;
  let outDir: string;

  const buildFixture = () =>
    build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [clientInputs()],
      build: { outDir, emptyOutDir: true },
    });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'nechasim-client-inputs-'));
    outDir = join(root, 'dist/client');
    await mkdir(join(root, 'src'));
    await mkdir(join(root, 'server/http'), { recursive: true });
    await mkdir(join(root, 'public'));
    await writeFile(join(root, 'package.json'), '{"type":"module"}\n');
    await writeFile(
      join(root, 'index.html'),
      '<!doctype html><html><body><script type="module" src="/src/main.ts"></script></body></html>',
    );
    await writeFile(
      join(root, 'src/main.ts'),
      "import { pageTitle } from '../server/http/page-title';\ndocument.title = pageTitle;\n",
    );
    await writeFile(join(root, 'server/http/page-title.ts'), "export const pageTitle = 'נכסים';\n");
    await writeFile(join(root, 'server/http/not-imported.ts'), 'export const unused = 1;\n');
    await writeFile(join(root, 'public/robots.txt'), 'User-agent: *\n');
  });

  beforeEach(async () => {
    await buildFixture();
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is current right after a build', () => {
    expect(changedClientInput(outDir, root)).toBeUndefined();
  });

  it('is out of date when a server file the client imports changes', async () => {
    await touch(join(root, 'server/http/page-title.ts'), 5);

    expect(changedClientInput(outDir, root)).toBe('server/http/page-title.ts');
  });

  it('stays current when a server file the client does not import changes', async () => {
    await touch(join(root, 'server/http/not-imported.ts'), 5);

    expect(changedClientInput(outDir, root)).toBeUndefined();
  });

  it('is out of date when a file appears beside the modules, or in public/', async () => {
    await writeFile(join(root, 'src/new-route.ts'), 'export {};\n');
    expect(changedClientInput(outDir, root)).toBe('src');
    await rm(join(root, 'src/new-route.ts'));

    await buildFixture();
    await touch(join(root, 'public/robots.txt'), 5);
    expect(changedClientInput(outDir, root)).toBe('public/robots.txt');
  });

  it('is out of date when the dependencies change or an env file appears', async () => {
    await touch(join(root, 'package.json'), 5);
    expect(changedClientInput(outDir, root)).toBe('package.json');

    await buildFixture();
    await writeFile(join(root, '.env.production'), 'VITE_FLAG=1\n');
    expect(changedClientInput(outDir, root)).toBe('.env.production');
    await rm(join(root, '.env.production'));
  });

  it('is out of date when there is no build, or the build left no record', async () => {
    await rm(join(outDir, 'index.html'));
    expect(changedClientInput(outDir, root)).toBe('no client built yet');

    await buildFixture();
    await rm(`${outDir}.inputs.json`);
    expect(changedClientInput(outDir, root)).toBe('no record of what the last build read');
  });
});

describe('the project’s client build', () => {
  it('records what it reads, the contract its page-assets step imports included', async () => {
    const config = await resolveConfig({ root: REPO_ROOT, logLevel: 'silent' }, 'build');
    const read = config.configFileDependencies.map((file) => file.replace(REPO_ROOT, ''));

    expect(config.plugins.map((plugin) => plugin.name)).toContain('nechasim:client-inputs');
    expect(read).toContain('page-contract/page-assets.ts');
    expect(read).toContain('scripts/build/page-assets-plugin.ts');
  });

  it('needs no browser: nothing the build loads launches Chromium, so its output is the same without one', async () => {
    const config = await resolveConfig({ root: REPO_ROOT, logLevel: 'silent' }, 'build');
    const read = config.configFileDependencies.map((file) => file.replace(REPO_ROOT, ''));

    expect(read.filter((file) => /playwright|chromium|in-page/.test(file))).toEqual([]);
    expect(config.plugins.map((plugin) => plugin.name)).not.toContain('nechasim:first-paint');
    expect(config.plugins.map((plugin) => plugin.name)).toContain('nechasim:page-assets');
  });
});
