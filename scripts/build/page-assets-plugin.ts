import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { supportedLanguages } from '../../page-contract/languages';
import { PAGE_ASSETS_FILE, type PageAssets, type RouteAssets } from '../../page-contract/page-assets';
import {
  collectStatic,
  htmlAssets,
  type Manifest,
  readManifest,
  routeChunkKeys,
  routeNamespaces,
  textsKey,
} from './route-chunks';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A phone lists cards; a wider screen loads the table beside the list (lazy-property-table.tsx). */
const WIDE_SCREENS_ONLY: Record<string, string[]> = {
  '/_auth/': ['src/features/properties/components/property-table.tsx'],
  '/_auth/properties/': ['src/features/properties/components/property-table.tsx'],
};

/**
 * What a route's first screen loads lazily and the server renders all the same: the sign-in form, whose
 * loader lives in the entry (features/auth/load-login-phone-form.ts), so the manifest does not tie it to
 * the route. Its stylesheets go in the head (the page would otherwise paint the form unstyled, then
 * shift) and its modules are preloaded: the app imports them as it starts, before anyone can type.
 */
const FIRST_SCREEN_PARTS: Record<string, string[]> = {
  '/_public/login': ['src/features/auth/login-phone-form.tsx'],
};

/**
 * Lazy parts that only an interaction mounts (a dialog, the photo viewer): never on a first screen, so
 * their stylesheets stay out of the head and come with their chunk (Vite's loader links them and waits
 * for them before the part renders).
 */
const OPENED_ON_INTERACTION = new Set([
  'src/features/properties/gallery/photo-viewer.tsx',
  'src/features/properties/exposure/exposure-request-dialog.tsx',
]);

/**
 * After the client build: for every route, what its server-rendered page links in its head
 * (page-contract/page-assets.ts), read from Vite's manifest. Needs nothing but the build's own output.
 */
export function pageAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nechasim:page-assets',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const assets = await collectPageAssets(outDir);
      await writeFile(join(outDir, PAGE_ASSETS_FILE), `${JSON.stringify(assets, null, 2)}\n`);
      this.info(`assets of ${Object.keys(assets).length} routes written to ${PAGE_ASSETS_FILE}`);
    },
  };
}

/** A route id's file, by the router's file naming: `/_auth/properties/` → src/routes/_auth/properties/index.tsx. */
export function routeFileOf(routeId: string): string {
  if (routeId === '__root__') return 'src/routes/__root.tsx';
  return `src/routes${routeId.endsWith('/') ? `${routeId}index` : routeId}.tsx`;
}

/** The route ids the router plugin generated (src/route-tree.gen.ts, `FileRoutesById`). */
async function routeIds(): Promise<string[]> {
  const tree = await readFile(join(ROOT, 'src/route-tree.gen.ts'), 'utf8');
  const byId = /export interface FileRoutesById \{([^}]*)\}/.exec(tree)?.[1] ?? '';
  return ['__root__', ...[...byId.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] as string)];
}

export async function collectPageAssets(clientDir: string): Promise<PageAssets> {
  const manifest = await readManifest(clientDir);
  const inIndex = new Set(htmlAssets(await readFile(join(clientDir, 'index.html'), 'utf8')));
  const assets: PageAssets = {};
  for (const id of await routeIds()) {
    const file = routeFileOf(id);
    if (!existsSync(join(ROOT, file))) throw new Error(`no file ${file} for route ${id}`);
    assets[id] = await routeAssets(manifest, inIndex, file, {
      firstScreen: FIRST_SCREEN_PARTS[id] ?? [],
      wideScreensOnly: WIDE_SCREENS_ONLY[id] ?? [],
    });
  }
  return assets;
}

async function routeAssets(
  manifest: Manifest,
  inIndex: Set<string>,
  routeFile: string,
  { firstScreen, wideScreensOnly }: { firstScreen: string[]; wideScreensOnly: string[] },
): Promise<RouteAssets> {
  const keys = [...routeChunkKeys(manifest, [routeFile]), ...firstScreen];
  for (const key of firstScreen) if (!manifest[key]) throw new Error(`${key} is not a chunk`);
  const own = new Set<string>();
  for (const key of keys) collectStatic(manifest, key, own);
  // What a route's first screen loads lazily (the sign-in form behind its placeholder) is rendered by the
  // server all the same: its stylesheets must be in the head, or the page paints unstyled until it loads.
  const lazyStyles = new Set<string>();
  // Not what every page loads (the framework's chunks: their lazy parts, toasts and tooltips, show nothing
  // on a first screen), only the route's own chunks.
  const chunkKeys = Object.keys(manifest).filter((key) => {
    const file = manifest[key]?.file ?? '';
    return own.has(file) && !inIndex.has(file);
  });
  for (const key of chunkKeys) {
    for (const lazy of manifest[key]?.dynamicImports ?? []) {
      // A lazy route is a page of its own, with its own head: only a screen's lazy parts count here.
      if (lazy.startsWith('src/routes/') || OPENED_ON_INTERACTION.has(lazy)) continue;
      const files = new Set<string>();
      collectStatic(manifest, lazy, files);
      for (const css of files) if (css.endsWith('.css')) lazyStyles.add(css);
    }
  }
  const isNew = (path: string) => !inIndex.has(path);
  const texts: Record<string, string[]> = {};
  const namespaces = await routeNamespaces([routeFile]);
  for (const language of supportedLanguages) {
    const files = new Set<string>();
    for (const namespace of namespaces) collectStatic(manifest, textsKey(language, namespace), files);
    texts[language] = [...files].filter(isNew);
  }
  const wide = new Set<string>();
  for (const key of wideScreensOnly) collectStatic(manifest, key, wide);
  return {
    // In the bundler's order, as its loader would have added them: the cascade depends on it.
    stylesheets: [...new Set([...own, ...lazyStyles])].filter((file) => file.endsWith('.css') && isNew(file)),
    modules: [...own].filter((file) => file.endsWith('.js') && isNew(file)),
    texts,
    wideScreenModules: [...wide].filter((file) => file.endsWith('.js') && isNew(file) && !own.has(file)),
  };
}
