import { describe, expect, it } from 'vitest';
import type { PageAssets } from '../../page-contract/page-assets';
import type { Manifest } from '../../scripts/build/route-chunks';
import {
  type RouteLoadInput,
  type RouteLoadSpec,
  routeFirstLoadFiles,
} from '../../scripts/perf/lib/route-first-load';

/**
 * A small build shaped like ours: an entry that lazily mounts a toast container, a list route whose
 * loader awaits a tools chunk (which loads its texts), and a table only wide screens fetch.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_framework.js'],
    dynamicImports: ['src/app/toasts.tsx', 'src/routes/list.tsx'],
  },
  '_framework.js': { file: 'assets/framework.js' },
  '_mantine.js': { file: 'assets/mantine.js', imports: ['_framework.js'] },
  '_portal.js': { file: 'assets/portal.js', imports: ['_mantine.js'] },
  '_chip.js': { file: 'assets/chip.js', imports: ['_mantine.js'], css: ['assets/chip.css'] },
  '_floating.js': { file: 'assets/floating.js' },
  'src/app/toasts.tsx': {
    file: 'assets/toasts.js',
    isDynamicEntry: true,
    imports: ['_framework.js', '_portal.js'],
  },
  'src/routes/list.tsx': {
    file: 'assets/list.js',
    isDynamicEntry: true,
    imports: ['_framework.js', '_mantine.js'],
    dynamicImports: ['src/tools.tsx', 'src/table.tsx', 'src/dialog.tsx'],
  },
  'src/tools.tsx': { file: 'assets/tools.js', isDynamicEntry: true, imports: ['_chip.js'] },
  'src/table.tsx': {
    file: 'assets/table.js',
    isDynamicEntry: true,
    imports: ['_floating.js', '_mantine.js'],
  },
  // Opened by a click only: never counted.
  'src/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true, imports: ['_portal.js'] },
  'src/i18n/locales/he/list.json': { file: 'assets/he-list.js', isDynamicEntry: true },
  'src/i18n/locales/he/tools.json': { file: 'assets/he-tools.js', isDynamicEntry: true },
  'src/i18n/locales/en/tools.json': { file: 'assets/en-tools.js', isDynamicEntry: true },
};

const pageAssets: PageAssets = {
  __root__: { stylesheets: [], modules: [], texts: {}, wideScreenModules: [] },
  '/list': {
    stylesheets: [],
    modules: ['assets/mantine.js'],
    texts: { he: ['assets/he-list.js'] },
    wideScreenModules: ['assets/table.js', 'assets/floating.js'],
  },
};

const input: RouteLoadInput = {
  manifest,
  pageAssets,
  htmlFiles: ['assets/index.js', 'assets/framework.js', 'assets/index.css'],
  routeNamespaces: ['list'],
  everyPage: ['src/app/toasts.tsx'],
  language: 'he',
};

const listRoute: RouteLoadSpec = {
  path: '/list',
  routeFiles: ['src/routes/list.tsx'],
  routeIds: ['__root__', '/list'],
  withoutInteraction: ['src/tools.tsx'],
  withoutInteractionTexts: ['tools'],
  wideScreensOnly: ['src/table.tsx'],
};

describe("a route's first load, read from the build", () => {
  it('counts the head, what the app imports by itself with its static imports, and the wide part apart', () => {
    const load = routeFirstLoadFiles(listRoute, input);
    // Imported by the app: the toasts and the tools, their static imports and the tools' texts.
    const afterFirstRender = [
      'assets/toasts.js',
      'assets/portal.js',
      'assets/tools.js',
      'assets/chip.js',
      'assets/chip.css',
      'assets/he-tools.js',
    ];
    expect([...load.phone].sort()).toEqual(
      [
        // index.html's and the head's files, the route's chunk, its loader's texts
        'assets/index.js',
        'assets/framework.js',
        'assets/index.css',
        'assets/mantine.js',
        'assets/he-list.js',
        'assets/list.js',
        ...afterFirstRender,
      ].sort(),
    );
    expect(load.afterFirstRender.sort()).toEqual(afterFirstRender.sort());
    // Only what the phone load lacks: mantine.js is already there.
    expect(load.wideScreensOnly.sort()).toEqual(['assets/floating.js', 'assets/table.js']);
    expect(load.phone.has('assets/dialog.js')).toBe(false);
  });

  it('counts only the head for a route that imports nothing by itself', () => {
    const load = routeFirstLoadFiles(
      { path: '/list', routeFiles: ['src/routes/list.tsx'], routeIds: ['__root__', '/list'] },
      { ...input, everyPage: [] },
    );
    expect(load.afterFirstRender).toEqual([]);
    expect(load.wideScreensOnly).toEqual([]);
    expect(load.phone.has('assets/tools.js')).toBe(false);
  });

  it('refuses a named module the build no longer has or imports eagerly', () => {
    expect(() =>
      routeFirstLoadFiles({ ...listRoute, withoutInteraction: ['src/renamed-tools.tsx'] }, input),
    ).toThrow(/src\/renamed-tools\.tsx .* is not a chunk/);
    expect(() => routeFirstLoadFiles({ ...listRoute, wideScreensOnly: ['_floating.js'] }, input)).toThrow(
      /not imported lazily/,
    );
    expect(() => routeFirstLoadFiles({ ...listRoute, routeIds: ['/gone'] }, input)).toThrow(
      /no route \/gone/,
    );
  });
});
