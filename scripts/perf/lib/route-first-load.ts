/**
 * Which built files a route's first visit fetches before anyone interacts, read from the build alone
 * (Vite's manifest, the built index.html, the page assets the server links): what the page's head
 * names, and what the app then imports by itself (a lazy part its first render mounts, a chunk its
 * loader awaits) with everything those import statically. Used by the bundle budget (bundle-size.ts).
 */
import type { PageAssets } from '../../../page-contract/page-assets';
import { collectStatic, type Manifest, routeChunkKeys, textsKey } from '../../build/route-chunks';

export interface RouteLoadSpec {
  path: string;
  /** The route files of the page's branch (root excluded: it is in the entry). */
  routeFiles: readonly string[];
  /** The ids of the routes the page matches: the server links their assets in its head. */
  routeIds: readonly string[];
  /**
   * Modules (manifest keys) the app imports without interaction once the page has loaded: lazy parts
   * its first render mounts, chunks its loader awaits. Not in the head, fetched all the same.
   */
  withoutInteraction?: readonly string[];
  /** Text namespaces those modules load (each language's texts are chunks of their own). */
  withoutInteractionTexts?: readonly string[];
  /** Modules fetched beside the first load only on a screen wider than a phone. */
  wideScreensOnly?: readonly string[];
}

export interface RouteFirstLoadFiles {
  /** Every file a phone fetches before the first interaction: the head's and the app's own imports. */
  phone: Set<string>;
  /** Of those, what the head does not name: imported by the app after it starts (in `phone` too). */
  afterFirstRender: string[];
  /** What a wider screen fetches besides (not in `phone`). */
  wideScreensOnly: string[];
}

export interface RouteLoadInput {
  manifest: Manifest;
  pageAssets: PageAssets;
  /** What the built index.html loads, modulepreloads or links (every page's part). */
  htmlFiles: readonly string[];
  /** The namespaces the route files' loaders ask for. */
  routeNamespaces: readonly string[];
  /** Modules every page imports without interaction (the toast container, mounted after the first render). */
  everyPage: readonly string[];
  language: string;
}

export function routeFirstLoadFiles(spec: RouteLoadSpec, input: RouteLoadInput): RouteFirstLoadFiles {
  const { manifest, pageAssets, language } = input;
  const head = new Set<string>(input.htmlFiles);
  // What the server's page links for the route, as it serves it (server/http/page-renderer.ts).
  for (const id of spec.routeIds) {
    const assets = pageAssets[id];
    if (!assets) throw new Error(`the page assets have no route ${id}`);
    for (const file of [...assets.stylesheets, ...assets.modules, ...(assets.texts[language] ?? [])]) {
      head.add(file);
    }
  }
  const keys = routeChunkKeys(manifest, spec.routeFiles);
  if (keys.length === 0) throw new Error(`no chunk in the manifest for ${spec.path}`);
  // The texts the route's loaders fetch come with the route: part of its first load.
  for (const namespace of input.routeNamespaces) keys.push(textsKey(language, namespace));
  for (const key of keys) collectStatic(manifest, key, head);

  const phone = new Set(head);
  const imported = [
    ...input.everyPage,
    ...(spec.withoutInteraction ?? []),
    ...(spec.withoutInteractionTexts ?? []).map((namespace) => textsKey(language, namespace)),
  ];
  for (const key of imported) {
    requireLazyChunk(manifest, key, `imported without interaction on ${spec.path}`);
    collectStatic(manifest, key, phone);
  }
  const wide = new Set<string>();
  for (const key of spec.wideScreensOnly ?? []) {
    requireLazyChunk(manifest, key, `fetched on wide screens on ${spec.path}`);
    collectStatic(manifest, key, wide);
  }
  return {
    phone,
    afterFirstRender: [...phone].filter((file) => !head.has(file)),
    wideScreensOnly: [...wide].filter((file) => !phone.has(file)),
  };
}

/** A named module must be a chunk something imports lazily: a renamed or inlined one would count nothing. */
function requireLazyChunk(manifest: Manifest, key: string, when: string): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} (${when}) is not a chunk of the build`);
  if (!chunk.isDynamicEntry) throw new Error(`${key} (${when}) is not imported lazily by anything`);
}
