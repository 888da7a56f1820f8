/**
 * What a route loads, read from Vite's build manifest: shared by the bundle budget
 * (scripts/perf/bundle-size.ts) and what each route's server-rendered page links in its head (scripts/build/page-assets-plugin.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Where the build keeps Vite's manifest, in the client's directory (`build.manifest` is on). */
export const MANIFEST_FILE = '.vite/manifest.json';

export async function readManifest(clientDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(clientDir, MANIFEST_FILE), 'utf8')) as Manifest;
}

/** The manifest keys of a route branch's files, the router plugin's split parts (`?tsr-split=…`) included. */
export function routeChunkKeys(manifest: Manifest, routeFiles: readonly string[]): string[] {
  return Object.keys(manifest).filter((key) =>
    routeFiles.some((routeFile) => key === routeFile || key.startsWith(`${routeFile}?`)),
  );
}

/** The key of a namespace's texts in a language (each text file is a chunk of its own). */
export const textsKey = (language: string, namespace: string) =>
  `src/i18n/locales/${language}/${namespace}.json`;

/** The namespaces a route branch's loaders ask for (`loadNamespaces('auth', …)` in the route files). */
export async function routeNamespaces(routeFiles: readonly string[]): Promise<string[]> {
  const names = new Set<string>();
  for (const file of routeFiles) {
    const source = await readFile(join(ROOT, file), 'utf8');
    for (const call of source.matchAll(/loadNamespaces\(([^)]*)\)/g)) {
      for (const name of (call[1] ?? '').matchAll(/'([a-z]+)'/g)) names.add(name[1] as string);
    }
  }
  return [...names];
}

/** A chunk, its CSS and everything it imports statically (what loads before it can run). */
export function collectStatic(
  manifest: Manifest,
  key: string,
  into: Set<string>,
  seen = new Set<string>(),
): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) collectStatic(manifest, imported, into, seen);
}

/** The entry script, modulepreloads and stylesheets index.html names, as paths relative to dist. */
export function htmlAssets(html: string): string[] {
  const files: string[] = [];
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const isEntry = match[1] === 'script' && /\btype="module"/.test(tag);
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const isLoaded = isEntry || rel === 'modulepreload' || rel === 'stylesheet';
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (isLoaded && url && !/^[a-z]+:/i.test(url)) files.push(url.replace(/^\//, ''));
  }
  return files;
}
