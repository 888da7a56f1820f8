/**
 * The bundle budget (`npm run size`, run by CI after `npm run build`): what a first visit to /login,
 * /properties, /register, /drafts and a property's page downloads before anyone can interact, gzipped, counted as the served page makes the
 * browser fetch it: the built index.html (its entry script, every modulepreload and stylesheet) plus
 * what the server adds to the head for the page's routes (page-contract/page-assets.ts: the route's
 * stylesheets, modulepreloads and texts, the lazy parts of its first screen included), and the route's
 * own chunks from Vite's manifest. Checks the budgets, checks that heavy or dev-only code stays out of the first
 * load, writes docs/bundle-size.md with the largest modules, and exits 1 when anything is crossed.
 *
 *   npm run size                       build, then check
 *   tsx scripts/perf/bundle-size.ts    check the existing dist/client
 *     [--dist dist/client] [--report docs/bundle-size.md | --no-report] [--json]
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PAGE_ASSETS_FILE, type PageAssets } from '../../page-contract/page-assets';
import {
  htmlAssets,
  MANIFEST_FILE,
  type Manifest,
  readManifest,
  routeNamespaces,
} from '../build/route-chunks';
import { type RouteLoadSpec, routeFirstLoadFiles } from './lib/route-first-load';
import { bytesPerSource, moduleName, UNMAPPED } from './lib/source-map-sizes';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const KIB = 1024;

export const BUDGETS = {
  /** Gzipped JS of a route's first load. */
  firstLoadJs: 200 * KIB,
  /** Gzipped CSS of a route's first load. */
  firstLoadCss: 40 * KIB,
  /** Gzipped size of any chunk loaded later (a lazy route or what only lazy routes import). */
  lazyChunk: 60 * KIB,
};

/**
 * Where a route's first-load JS is still over its 200 KiB target, CI fails at a ceiling instead, so
 * nothing makes it worse while the report lists the missed target; lower it as the route shrinks. A
 * route without an entry here is held to the budget itself: every route counted is, /drafts and a
 * property's page since their first loads lost the list's tools and the list's rows
 * (docs/decisions.md, issue 26, bytes).
 */
export const FIRST_LOAD_JS_CEILINGS: Readonly<Record<string, number>> = {};

export const firstLoadJsCeiling = (path: string) => FIRST_LOAD_JS_CEILINGS[path] ?? BUDGETS.firstLoadJs;

/** The same for first-load CSS, where a route is over its 40 KiB. */
export const FIRST_LOAD_CSS_CEILINGS: Readonly<Record<string, number>> = {};

export const firstLoadCssCeiling = (path: string) => FIRST_LOAD_CSS_CEILINGS[path] ?? BUDGETS.firstLoadCss;

/**
 * Kept-out code (KEPT_OUT_OF_FIRST_LOAD, by name) that a route over its budget still loads first: reported
 * as a target missed, not failed, until the route is cut. Every other route fails on it as before.
 */
export const KEPT_OUT_STILL_IN: Readonly<Record<string, readonly string[]>> = {};

/**
 * What every page imports by itself right after its first render, with no one asking. Nothing since
 * the toast container loads with the first toast or the first key press (src/app/toasts-on-demand.tsx);
 * a module named here counts on every route, and the first-load journey holds the list to what
 * Chromium fetches.
 */
export const EVERY_PAGE_WITHOUT_INTERACTION: readonly string[] = [];

/**
 * The routes a first visit lands on. Their first load is what the served page's head names plus what
 * the app imports without interaction (`withoutInteraction`); a route with a wide-screen part is
 * counted as a wide screen fetches it, the larger load.
 */
export const FIRST_LOAD_ROUTES: readonly RouteLoadSpec[] = [
  {
    path: '/login',
    routeFiles: ['src/routes/_public.tsx', 'src/routes/_public/login.tsx'],
    routeIds: ['__root__', '/_public', '/_public/login'],
  },
  {
    path: '/properties',
    routeFiles: ['src/routes/_auth.tsx', 'src/routes/_auth/properties/index.tsx'],
    routeIds: ['__root__', '/_auth', '/_auth/properties/'],
    // The list routes' loader awaits the list tools' chunk and its texts (load-property-list.ts); the
    // fields' words come with every private screen (_auth.tsx), the view page's (facts) not at all.
    withoutInteraction: ['src/features/properties/components/list-tools.tsx'],
    withoutInteractionTexts: ['list'],
    // A phone lists cards; on a wider screen the table loads beside the page (lazy-property-table.tsx).
    wideScreensOnly: ['src/features/properties/components/property-table.tsx'],
  },
  {
    // A first visit: a kept draft, a stored lead or ?phone= loads the phone rules before the form.
    path: '/register',
    routeFiles: ['src/routes/_public.tsx', 'src/routes/_public/register/index.tsx'],
    routeIds: ['__root__', '/_public', '/_public/register/'],
  },
  {
    path: '/drafts',
    routeFiles: ['src/routes/_auth.tsx', 'src/routes/_auth/drafts.tsx'],
    routeIds: ['__root__', '/_auth', '/_auth/drafts'],
    // Its loader loads the list's rows (load-property-list.ts) under the drafts filter, not its tools.
    wideScreensOnly: ['src/features/properties/components/property-table.tsx'],
  },
  {
    path: '/properties/:id',
    routeFiles: ['src/routes/_auth.tsx', 'src/routes/_auth/properties/$propertyId.tsx'],
    routeIds: ['__root__', '/_auth', '/_auth/properties/$propertyId'],
    // Its loader joins the facts' texts (fact-texts.ts, in the signed-in chunk) before the page renders.
    withoutInteractionTexts: ['facts'],
  },
];

/** Code that must only ever arrive when it is used: a match in any first-load module fails the check. */
export const KEPT_OUT_OF_FIRST_LOAD = [
  // The wizard's screens and machine; its small draft-storage helpers are used at sign-out and may stay.
  {
    name: 'property wizard',
    pattern:
      /^(src\/features\/property-wizard\/(steps|fields|layout|media|review)\/|src\/features\/property-wizard\/use-property-wizard|machines\/property-wizard\/property-wizard\.machine)/,
  },
  { name: '@mantine/dates', pattern: /^@mantine\/dates \(npm\)$/ },
  { name: '@mantine/dropzone', pattern: /^@mantine\/dropzone \(npm\)$/ },
  { name: '@statelyai/inspect', pattern: /^@statelyai\/inspect \(npm\)$/ },
  // The machine inspector: only the run-time switch (inspection-switch.ts) and the actors' inspect
  // callback are in the first load; the rest arrives when the server lets a user inspect.
  {
    name: 'machine inspector',
    pattern: /^(src\/inspection\/(start-inspection|live-actors|stately-inspector|machine-trace)|diagrams\/)/,
  },
  { name: 'mermaid', pattern: /^mermaid \(npm\)$/ },
  // The phone field's country list (combobox, popover, floating positions) loads when it is opened;
  // the closed field is a plain button (src/components/phone-input/country-picker.tsx).
  { name: 'floating positions (@floating-ui)', pattern: /^@floating-ui\/dom \(npm\)$/ },
  // The rules built on zod load with the forms that run them (registration, the wizard), not with a
  // page that only names their limits (domain/registration-text-limits.ts).
  { name: 'zod', pattern: /^zod \(npm\)$/ },
  // The list's filters panel (chips, ranges): loaded when the broker reaches for the filters button.
  { name: 'list filters form', pattern: /^src\/features\/properties\/components\/list-filters-form/ },
  // The phone rules load on the first key press in a phone field; the field draws the default country
  // from constants until then (src/components/phone-input/load-phone-rules.ts). The sending code and
  // its OTP machine load with the first key press or submit (src/features/auth/use-send-code.ts).
  { name: 'libphonenumber', pattern: /^libphonenumber-js \(npm\)$/ },
  { name: 'the OTP machine', pattern: /^machines\/otp\/otp\.machine\.ts$/ },
  // The auth machine starts on first need (a sign-in, a sign-out, a refused request, the ten-minute check),
  // not with the page: src/features/auth/auth-session.ts.
  { name: 'xstate', pattern: /^(xstate|@xstate\/react) \(npm\)$/ },
  { name: 'the auth machine', pattern: /^machines\/auth\/auth\.machine\.ts$/ },
  // The pages themselves; their route stubs (a beforeLoad answering 404) are in the route tree by design.
  { name: 'dev pages', pattern: /^src\/(dev|features\/dev)\// },
];

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface ModuleSize {
  module: string;
  bytes: number;
  /** Estimated: the module's share of its chunk's gzip size. */
  gzip: number;
}

export interface RouteLoad {
  path: string;
  /**
   * What the app imports by itself after the page has loaded, before any interaction (a lazy part its
   * first render mounts, a chunk its loader awaits): not in the head, counted in the first load.
   */
  afterFirstRender: FileSize[];
  /** Fetched with the first load only on a screen wider than a phone (the list's table): counted too. */
  wideScreensOnly: FileSize[];
  /** Every file of the first load, on the widest screen (the one budgeted). */
  js: FileSize[];
  css: FileSize[];
  jsGzip: number;
  /** The first load's JS on a phone (without `wideScreensOnly`). */
  phoneJsGzip: number;
  cssGzip: number;
  modules: ModuleSize[];
  keptOut: { name: string; modules: string[] }[];
}

export interface BundleReport {
  routes: RouteLoad[];
  /** What every page loads (the built index.html): the part of each route's first load that is not its own. */
  shared: { jsGzip: number; cssGzip: number };
  /** JS chunks that no first load includes (the inspector's aside). */
  lazyChunks: FileSize[];
  /** JS chunks only the machine inspector loads: listed, not budgeted. */
  inspectorChunks: FileSize[];
  failures: string[];
  /** Budgets missed but under their CI ceiling (reported, not failing). */
  targetMisses: string[];
}

export async function measureBundle(dist: string): Promise<BundleReport> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const manifestFile = join(dist, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build.manifest must be on`);
  const manifest = await readManifest(dist);
  const assetsFile = join(dist, PAGE_ASSETS_FILE);
  if (!existsSync(assetsFile)) throw new Error(`${assetsFile} is missing: the client build writes it`);
  const pageAssets = JSON.parse(await readFile(assetsFile, 'utf8')) as PageAssets;

  const fromHtml = htmlAssets(html);
  const sizes = new Map<string, FileSize>();
  const sizeOf = async (file: string): Promise<FileSize> => {
    const known = sizes.get(file);
    if (known) return known;
    const content = await readFile(join(dist, file));
    const size = { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
    sizes.set(file, size);
    return size;
  };

  const routes: RouteLoad[] = [];
  const inAnyFirstLoad = new Set<string>();
  for (const route of FIRST_LOAD_ROUTES) {
    const load = routeFirstLoadFiles(route, {
      manifest,
      pageAssets,
      htmlFiles: fromHtml,
      routeNamespaces: await routeNamespaces(route.routeFiles),
      everyPage: EVERY_PAGE_WITHOUT_INTERACTION,
      language: TEXTS_LANGUAGE,
    });
    const files = new Set([...load.phone, ...load.wideScreensOnly]);
    for (const file of files) inAnyFirstLoad.add(file);

    const js = await Promise.all([...files].filter((file) => file.endsWith('.js')).map(sizeOf));
    const css = await Promise.all([...files].filter((file) => file.endsWith('.css')).map(sizeOf));
    const modules = await attributeModules(dist, js);
    const sized = async (list: string[]) =>
      (await Promise.all(list.filter((file) => file.endsWith('.js')).map(sizeOf))).sort(
        (a, b) => b.gzip - a.gzip,
      );
    const afterFirstRender = await sized(load.afterFirstRender);
    const wideScreensOnly = await sized(load.wideScreensOnly);
    const jsGzip = sum(js.map((file) => file.gzip));
    routes.push({
      path: route.path,
      afterFirstRender,
      wideScreensOnly,
      js: js.sort((a, b) => b.gzip - a.gzip),
      css: css.sort((a, b) => b.gzip - a.gzip),
      jsGzip,
      phoneJsGzip: jsGzip - sum(wideScreensOnly.map((file) => file.gzip)),
      cssGzip: sum(css.map((file) => file.gzip)),
      modules,
      keptOut: KEPT_OUT_OF_FIRST_LOAD.map(({ name, pattern }) => ({
        name,
        modules: modules.filter((module) => pattern.test(module.module)).map((module) => module.module),
      })),
    });
  }

  const allJs = new Set(Object.values(manifest).map((chunk) => chunk.file));
  const inspectorFiles = inspectorOnlyFiles(manifest);
  const lazyChunks = (
    await Promise.all(
      [...allJs]
        .filter((file) => file.endsWith('.js') && !inAnyFirstLoad.has(file) && !inspectorFiles.has(file))
        .map(sizeOf),
    )
  ).sort((a, b) => b.gzip - a.gzip);
  const inspectorChunks = (
    await Promise.all(
      [...inspectorFiles].filter((file) => file.endsWith('.js') && !inAnyFirstLoad.has(file)).map(sizeOf),
    )
  ).sort((a, b) => b.gzip - a.gzip);

  const failures: string[] = [];
  const targetMisses: string[] = [];
  for (const route of routes) {
    const ceiling = firstLoadJsCeiling(route.path);
    if (route.jsGzip > ceiling) {
      failures.push(
        ceiling === BUDGETS.firstLoadJs
          ? `${route.path}: first-load JS ${kib(route.jsGzip)} > ${kib(ceiling)}`
          : `${route.path}: first-load JS ${kib(route.jsGzip)} > ceiling ${kib(ceiling)}`,
      );
    } else if (route.jsGzip > BUDGETS.firstLoadJs) {
      targetMisses.push(`${route.path}: first-load JS ${kib(route.jsGzip)} > ${kib(BUDGETS.firstLoadJs)}`);
    }
    const cssCeiling = firstLoadCssCeiling(route.path);
    if (route.cssGzip > cssCeiling) {
      failures.push(`${route.path}: first-load CSS ${kib(route.cssGzip)} > ${kib(cssCeiling)}`);
    } else if (route.cssGzip > BUDGETS.firstLoadCss) {
      targetMisses.push(`${route.path}: first-load CSS ${kib(route.cssGzip)} > ${kib(BUDGETS.firstLoadCss)}`);
    }
    const stillIn = KEPT_OUT_STILL_IN[route.path] ?? [];
    for (const { name, modules } of route.keptOut) {
      if (modules.length === 0) continue;
      const message = `${route.path}: ${name} is in the first load (${modules.join(', ')})`;
      if (stillIn.includes(name)) targetMisses.push(message);
      else failures.push(message);
    }
  }
  for (const chunk of lazyChunks) {
    if (chunk.gzip > BUDGETS.lazyChunk) {
      failures.push(`lazy chunk ${chunk.file}: ${kib(chunk.gzip)} > ${kib(BUDGETS.lazyChunk)}`);
    }
  }
  const shared = {
    jsGzip: sum(
      (await Promise.all(fromHtml.filter((file) => file.endsWith('.js')).map(sizeOf))).map((f) => f.gzip),
    ),
    cssGzip: sum(
      (await Promise.all(fromHtml.filter((file) => file.endsWith('.css')).map(sizeOf))).map((f) => f.gzip),
    ),
  };
  return { routes, shared, lazyChunks, inspectorChunks, failures, targetMisses };
}

/** Where the machine inspector starts: its chunk (main.tsx imports it once the server said yes) and the live page. */
const INSPECTOR_ROOTS = /^src\/(inspection\/start-inspection|dev\/)/;

/**
 * The chunks only the machine inspector reaches (Stately's package, the live machines page, Mermaid and
 * its layout engines): downloaded only by a product owner the server lets inspect, so they are listed
 * but not held to the lazy-chunk budget. A chunk anything else reaches stays budgeted.
 */
export function inspectorOnlyFiles(manifest: Manifest): Set<string> {
  const reach = (roots: string[], stop: (key: string) => boolean) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const key = queue.pop() as string;
      if (seen.has(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
        if (!stop(next)) queue.push(next);
      }
    }
    return seen;
  };
  const isRoot = (key: string) => INSPECTOR_ROOTS.test(manifest[key]?.src ?? key);
  const roots = Object.keys(manifest).filter(isRoot);
  const inspectorSide = reach(roots, () => false);
  // What the app reaches from its entry without passing through the inspector: every route and its chunks.
  const otherRoots = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const otherSide = reach(otherRoots, isRoot);
  return new Set(
    [...inspectorSide]
      .filter((key) => !otherSide.has(key))
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => Boolean(file)),
  );
}

/** A first visit without a stored choice gets Hebrew: its texts are the ones measured. */
const TEXTS_LANGUAGE = 'he';

async function attributeModules(dist: string, files: FileSize[]): Promise<ModuleSize[]> {
  const modules = new Map<string, ModuleSize>();
  for (const file of files) {
    const mapFile = join(dist, `${file.file}.map`);
    if (!existsSync(mapFile)) {
      add(modules, { module: file.file, bytes: file.bytes, gzip: file.gzip });
      continue;
    }
    const code = await readFile(join(dist, file.file), 'utf8');
    const perSource = bytesPerSource(code, JSON.parse(await readFile(mapFile, 'utf8')));
    const ratio = file.gzip / Math.max(1, file.bytes);
    for (const [source, bytes] of perSource) {
      // Sources are relative to the map's folder; named from the project root, they read as imports do.
      const path = source === UNMAPPED ? source : relative(ROOT, resolve(dirname(mapFile), source));
      add(modules, { module: moduleName(path), bytes, gzip: Math.round(bytes * ratio) });
    }
  }
  return [...modules.values()].sort((a, b) => b.gzip - a.gzip);
}

function add(modules: Map<string, ModuleSize>, size: ModuleSize): void {
  const known = modules.get(size.module);
  if (known) {
    known.bytes += size.bytes;
    known.gzip += size.gzip;
  } else {
    modules.set(size.module, { ...size });
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
export const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

export function renderReport(report: BundleReport, date = new Date()): string {
  const lines: string[] = [
    '# Bundle size',
    '',
    `Generated by \`npm run size\` on ${date.toISOString().slice(0, 10)}. Sizes are gzip (level 9) of the`,
    "built files. A route's first load is everything the served page makes the browser fetch before the",
    'first interaction: what the built `index.html` loads or modulepreloads, what the server adds to the',
    "page's head for its routes (stylesheets, modulepreloads, texts), the route's own chunks and their",
    "static imports (from Vite's manifest), and what the app imports by itself before any interaction (a",
    'lazy part its first render mounts, a chunk its loader awaits, with their static imports). A route',
    'with a part only wider screens fetch is counted as a wide screen loads it. Module shares come from the',
    "source maps, scaled by each chunk's compression ratio: close, not exact.",
    '',
    '## Budgets',
    '',
    '| check | budget | measured | |',
    '|---|---|---|---|',
  ];
  for (const route of report.routes) {
    lines.push(
      `| ${route.path} first-load JS | ${kib(BUDGETS.firstLoadJs)} | ${kib(route.jsGzip)} | ${mark(route.jsGzip <= BUDGETS.firstLoadJs)} |`,
      `| ${route.path} first-load CSS | ${kib(BUDGETS.firstLoadCss)} | ${kib(route.cssGzip)} | ${mark(route.cssGzip <= BUDGETS.firstLoadCss)} |`,
    );
  }
  const largestLazy = report.lazyChunks[0];
  lines.push(
    `| largest lazy chunk${largestLazy ? ` (${largestLazy.file})` : ''} | ${kib(BUDGETS.lazyChunk)} | ${kib(largestLazy?.gzip ?? 0)} | ${mark((largestLazy?.gzip ?? 0) <= BUDGETS.lazyChunk)} |`,
  );
  for (const route of report.routes) {
    for (const { name, modules } of route.keptOut) {
      lines.push(
        `| ${route.path}: ${name} not in first load | — | ${modules.length === 0 ? 'absent' : 'present'} | ${mark(modules.length === 0)} |`,
      );
    }
  }
  lines.push('');
  if (report.failures.length > 0) {
    lines.push('**Over budget:**', '', ...report.failures.map((failure) => `- ${failure}`), '');
  }
  if (report.targetMisses.length > 0) {
    lines.push(
      "**Target not met** (CI fails only above the route's ceiling, `FIRST_LOAD_JS_CEILINGS`, until it is split further):",
      '',
      ...report.targetMisses.map((miss) => `- ${miss}`),
      '',
    );
  }
  for (const route of report.routes) {
    lines.push(
      `## First load of ${route.path}`,
      '',
      `${route.js.length} JS files (${kib(route.jsGzip)}${route.phoneJsGzip === route.jsGzip ? '' : `; ${kib(route.phoneJsGzip)} on a phone`}), ` +
        `${route.css.length} CSS files (${kib(route.cssGzip)}); ` +
        `its own JS beyond what every page loads (index.html, ${kib(report.shared.jsGzip)}): ${kib(route.jsGzip - report.shared.jsGzip)}.`,
      '',
      ...(route.afterFirstRender.length === 0
        ? []
        : [
            `Imported by the app itself before any interaction (not named in the head; counted): ${route.afterFirstRender
              .map((file) => `${file.file} (${kib(file.gzip)})`)
              .join(', ')}.`,
            '',
          ]),
      ...(route.wideScreensOnly.length === 0
        ? []
        : [
            `Fetched only on a screen wider than a phone (a phone shows cards instead; counted): ${route.wideScreensOnly
              .map((file) => `${file.file} (${kib(file.gzip)})`)
              .join(', ')}.`,
            '',
          ]),
      '| file | raw | gzip |',
      '|---|---|---|',
      ...[...route.js, ...route.css].map(
        (file) => `| ${file.file} | ${kib(file.bytes)} | ${kib(file.gzip)} |`,
      ),
      '',
      'Largest modules:',
      '',
      '| module | raw | gzip (est.) |',
      '|---|---|---|',
      ...route.modules
        .slice(0, 25)
        .map((module) => `| ${module.module} | ${kib(module.bytes)} | ${kib(module.gzip)} |`),
      '',
    );
  }
  const inspectorTotal = report.inspectorChunks.reduce((total, file) => total + file.gzip, 0);
  lines.push(
    '## Machine inspector chunks (not budgeted)',
    '',
    `Loaded only when the server switches inspection on and a signed-in user asks with \`?inspect\`: ` +
      `${report.inspectorChunks.length} chunks, ${kib(inspectorTotal)} gzipped in all (Stately's inspector, ` +
      'the live machines page, Mermaid and its layout engines).',
    '',
    '| file | raw | gzip |',
    '|---|---|---|',
    ...report.inspectorChunks
      .slice(0, 10)
      .map((file) => `| ${file.file} | ${kib(file.bytes)} | ${kib(file.gzip)} |`),
    '',
    '## Lazy chunks (largest 15)',
    '',
    '| file | raw | gzip |',
    '|---|---|---|',
    ...report.lazyChunks
      .slice(0, 15)
      .map((file) => `| ${file.file} | ${kib(file.bytes)} | ${kib(file.gzip)} |`),
    '',
  );
  return lines.join('\n');
}

const mark = (ok: boolean) => (ok ? 'ok' : '**over**');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: join(ROOT, 'dist/client') },
      report: { type: 'string', default: join(ROOT, 'docs/bundle-size.md') },
      'no-report': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const report = await measureBundle(resolve(values.dist));
  if (!values['no-report']) await writeFile(values.report, renderReport(report));
  if (values.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    for (const route of report.routes) {
      console.log(
        `${route.path}: JS ${kib(route.jsGzip)}, CSS ${kib(route.cssGzip)} (gzip, first load; ` +
          `its own JS beyond what every page loads: ${kib(route.jsGzip - report.shared.jsGzip)}` +
          `${route.phoneJsGzip === route.jsGzip ? '' : `; on a phone ${kib(route.phoneJsGzip)}`})`,
      );
      if (route.afterFirstRender.length > 0) {
        console.log(
          `  of it, imported by the app before any interaction: ${kib(sum(route.afterFirstRender.map((file) => file.gzip)))}`,
        );
      }
      if (route.wideScreensOnly.length > 0) {
        console.log(
          `  of it, on wide screens only: ${kib(sum(route.wideScreensOnly.map((file) => file.gzip)))}`,
        );
      }
      console.log(
        `  largest: ${route.modules
          .slice(0, 5)
          .map((m) => `${m.module} ${kib(m.gzip)}`)
          .join(', ')}`,
      );
    }
    const largest = report.lazyChunks[0];
    if (largest) console.log(`largest lazy chunk: ${largest.file} ${kib(largest.gzip)}`);
  }
  if (report.failures.length > 0) {
    console.error(
      `\nBundle budget crossed:\n${report.failures.map((failure) => `  - ${failure}`).join('\n')}`,
    );
    process.exit(1);
  }
  if (report.targetMisses.length > 0) {
    console.warn(
      `\nTargets not met (under the ceiling):\n${report.targetMisses.map((miss) => `  - ${miss}`).join('\n')}`,
    );
  }
  console.log('Bundle budgets met, first-load JS under its ceiling.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
