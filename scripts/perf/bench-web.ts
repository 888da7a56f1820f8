/**
 * Lighthouse (`npm run bench:web`): the production build, served by the real server (server/main.ts,
 * NODE_ENV=production) over a seeded portfolio, measured in Debian's Chromium: /login signed out and
 * /properties signed in, mobile and desktop, five runs each; and, for the report only, a signed-out
 * first visit to / on mobile (the server sends it on to /login, rendered on the server).
 *
 * Beside them, in the same run, the floor (issue 26): a page of the same stack that renders one heading
 * (src/floor/), built here and served by a second instance of the same server, measured in every profile
 * a page is. Runs are interleaved (every page and the floor once, then again), so a machine that slows
 * down meanwhile slows them all alike; each page is reported beside the floor's median.
 *
 *   npm run bench:web  [-- --runs 5] [--count 100000] [--path /login] [--profile mobile] [--json-out file]
 *                      [--lhr-dir dir]   (each run's whole Lighthouse report, to read why a metric is slow)
 *                      [--client-dir dir]   (a client built beforehand, its server entry in ../ssr: no build)
 *                      [--compare-client-dir dir]   (a second build, measured interleaved with the first on a
 *                                                    copy of the same data: an A/B of one change)
 *
 * Targets (issue 26): mobile median ≥ 0.90 and within 0.03 of the floor's, TBT median ≤ 1.5 × the floor's;
 * desktop median ≥ 0.98; CLS ≤ 0.02 in every run.
 * The build goes to a temp dir (not dist/), so a server someone else runs from dist/ is left alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { PAGE_ASSETS_FILE } from '../../page-contract/page-assets';
import { SSR_DIR_FROM_CLIENT } from '../../page-contract/page-renderer';
import { pageSessionCookie } from '../../page-contract/page-session-cookie';
import { storedSessionEntries } from '../../page-contract/stored-session';
import { issuePageSessionToken } from '../../server/auth/page-session-token';
import { createSignInTokens } from '../../server/auth/sign-in-tokens';
import { systemClock } from '../../server/clock';
import { htmlAssets } from '../build/route-chunks';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { storeEntries } from '../in-page/stored-entries';
import { measureBundle } from './bundle-size';
import { openSeededDatabase } from './lib/bench-database';
import { type CpuSample, cpuMs, machineBusySince, machineCpu, sampleCpu } from './lib/process-cpu';
import { freePort, ROOT, spawnTs, stopProcess, waitForHealthy, writeJson } from './lib/processes';
import { median, round } from './lib/stats';
import { mainThreadSummary } from './main-thread-tasks';

export const TARGETS = {
  mobileMedianScore: 0.9,
  /** How far a page's mobile median may fall below the floor's. */
  mobileBelowFloor: 0.03,
  /** A page's mobile TBT median against the floor's. */
  mobileTbtOverFloor: 1.5,
  maxCls: 0.02,
  desktopScore: 0.98,
};

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseRun {
  score: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /**
   * TBT as Lighthouse simulates it, from each task's CPU time instead of its wall time
   * (main-thread-tasks.ts): on a shared machine, what the page blocks without the wait for a core.
   */
  cpuTbtMs: number;
  speedIndexMs: number;
  /** Opportunities and diagnostics Lighthouse scored below 0.9, by id. */
  flagged: string[];
  /** The elements that moved, with their share of the CLS: what to fix when CLS is over. */
  layoutShifts: { element: string; score: number }[];
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
  /**
   * Lighthouse's measure of this machine's speed at the time (higher is faster; a mid-range phone is
   * about 1000 after the 4× throttling it simulates): a busy machine scores lower and blocks longer.
   */
  benchmarkIndex: number;
  /**
   * CPU the page's server spent while Lighthouse ran (its requests for the page), and the CPU every
   * process on the machine spent meanwhile over the cores' time: on a shared machine with two cores a
   * wall-time TBT far above the CPU-time TBT comes with these high.
   */
  serverCpuMs?: number;
  machineBusy?: number;
}

export interface WebResult {
  path: string;
  /** The floor page (src/floor/), not a page of the app. */
  floor?: boolean;
  /** Measured on the second build (--compare-client-dir), interleaved with the first. */
  compared?: boolean;
  signedIn: boolean;
  hasTarget: boolean;
  formFactor: FormFactor;
  runs: LighthouseRun[];
  medianScore: number;
  maxCls: number;
  met: boolean;
}

export interface WebRun {
  lighthouseVersion: string;
  chromiumVersion: string;
  properties: number;
  results: WebResult[];
  /**
   * Gzipped JS each page's HTML makes the browser fetch before the first interaction (bundle-size.ts),
   * and the floor's: a page's own part is its total minus the floor's.
   */
  firstLoadJs?: { floorGzip: number; routes: { path: string; gzip: number }[] };
}

interface BenchPage {
  path: string;
  floor?: boolean;
  compared?: boolean;
  signedIn: boolean;
  /** Held to TARGETS (the issue's pages), or measured for the report only. */
  hasTarget: boolean;
  formFactors: readonly FormFactor[];
}

const PAGES: readonly BenchPage[] = [
  { path: '/login', signedIn: false, hasTarget: true, formFactors: ['mobile', 'desktop'] },
  { path: '/properties', signedIn: true, hasTarget: true, formFactors: ['mobile', 'desktop'] },
  // A first visit to the bare address: the server sends it on to /login, rendered on the server (no page-session cookie).
  { path: '/', signedIn: false, hasTarget: false, formFactors: ['mobile'] },
  // One heading, of the same stack, rendered and hydrated the same way: what the pages are measured against.
  { path: '/', floor: true, signedIn: false, hasTarget: false, formFactors: ['mobile', 'desktop'] },
];

export async function runWebBench(options: {
  runs: number;
  count: number;
  /** A production build to serve; built into a temp dir when not given. */
  clientDir?: string | undefined;
  /**
   * A second production build (its server entry in ../ssr), served by a third server over a copy of the
   * same seeded data; each app page is measured on it too, in the same rounds, right after the first.
   */
  compareClientDir?: string | undefined;
  /** Only these pages and profiles (for a quick look at one of them). */
  paths?: string[];
  formFactors?: FormFactor[];
  /** Where to keep each run's whole Lighthouse report (JSON), named by page, profile and run. */
  lhrDir?: string | undefined;
}): Promise<WebRun> {
  const work = await mkdtemp(join(tmpdir(), 'nechasim-bench-web-'));
  const servers: ChildProcess[] = [];
  let seededDir: string | undefined;
  try {
    const clientDir = options.clientDir ?? join(work, 'client');
    if (!options.clientDir) {
      log('building the client and its server entry…');
      await buildClient(clientDir);
    }
    log('building the floor…');
    const floorClientDir = await buildFloor(join(work, 'floor'));

    log(`seeding ${options.count.toLocaleString('en')} properties…`);
    const seeded = await openSeededDatabase({ count: options.count });
    seededDir = seeded.dataDir;
    const jwtSecret = randomBytes(32).toString('base64url');
    let sessionEntries: Record<string, string>;
    let pageSession: string;
    try {
      const tokens = createSignInTokens({
        db: seeded.database.db,
        clock: systemClock,
        config: { jwtSecret, accessTokenTtlSeconds: 4 * 60 * 60 },
      });
      const { pageSession: subject, ...signedIn } = await tokens.signIn(seeded.database.db, seeded.userId);
      sessionEntries = storedSessionEntries(signedIn);
      pageSession = await issuePageSessionToken(subject, { secret: jwtSecret, now: new Date() });
    } finally {
      await seeded.database.close();
    }

    const serverPids = new Map<string, number>();
    const startServer = async (clientFiles: string, dataDir: string | undefined) => {
      const port = await freePort();
      const child = spawnTs('server/main.ts', [], {
        ...withoutDatabaseUrl(process.env),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CLIENT_DIR: clientFiles,
        JWT_SECRET: jwtSecret,
        // No code is sent in this run (sessions are seeded); production needs a real provider named.
        SMS_PROVIDER: 'http',
        SMS_GATEWAY_URL: 'https://sms.invalid/send',
        SMS_GATEWAY_TOKEN: 'bench',
        SMS_SENDER: 'Nechasim',
      });
      servers.push(child);
      const base = `http://127.0.0.1:${port}`;
      if (child.pid) serverPids.set(base, child.pid);
      await waitForHealthy(`${base}/api/health`, performance.now());
      return base;
    };
    const base = await startServer(clientDir, seeded.dataDir);
    // The same server with the floor as its client: the same headers, compression and rendering path.
    const floorBase = await startServer(floorClientDir, await mkdtemp(join(work, 'floor-data-')));
    // The second build reads its own copy of the seeded data: PGlite's files belong to one process.
    let compareBase = '';
    if (options.compareClientDir) {
      let compareData: string | undefined;
      if (seeded.dataDir) {
        compareData = await mkdtemp(join(work, 'compare-data-'));
        await cp(seeded.dataDir, compareData, { recursive: true });
      }
      compareBase = await startServer(options.compareClientDir, compareData);
    }
    const baseOf = (page: BenchPage) => (page.floor ? floorBase : page.compared ? compareBase : base);

    const pages = PAGES.filter((item) => item.floor || !options.paths || options.paths.includes(item.path));
    const measured = (
      compareBase
        ? pages.flatMap((page) => (page.floor ? [page] : [page, { ...page, compared: true }]))
        : pages
    ).flatMap((page) =>
      page.formFactors
        .filter((item) => options.formFactors?.includes(item) ?? true)
        .map((formFactor) => ({ page, formFactor, runs: [] as LighthouseRun[] })),
    );
    let lighthouseVersion = '';
    let chromiumVersion = '';
    // Interleaved: each page and the floor once per round, so a machine's slow spell touches them alike.
    for (let run = 0; run < options.runs; run++) {
      for (const { page, formFactor, runs } of inRoundOrder(measured, run)) {
        // A fresh profile per run: an empty HTTP cache, and storage only as the page needs it.
        const measure = () =>
          withChromium(work, async (debuggingPort, browserPid) => {
            if (page.signedIn) await storeSession(debuggingPort, baseOf(page), sessionEntries, pageSession);
            const name = `${page.floor ? 'floor' : page.path.replace(/\W+/g, '') || 'root'}${page.compared ? '-b' : ''}`;
            const lhrFile = options.lhrDir
              ? join(options.lhrDir, `${name}-${formFactor}-${run + 1}.json`)
              : undefined;
            const serverPid = serverPids.get(baseOf(page)) ?? 0;
            const serverBefore = cpuMs(serverPid);
            const machineBefore = machineCpu();
            const sampler = lhrFile ? sampleCpu(serverPid, 5, browserPid) : undefined;
            let samples: CpuSample[] | undefined;
            let once: Awaited<ReturnType<typeof lighthouseOnce>>;
            try {
              once = await lighthouseOnce(`${baseOf(page)}${page.path}`, debuggingPort, formFactor, lhrFile);
            } finally {
              // Stopped even when the run fails (a trace without its navigation is measured again): a
              // sampler left running keeps the process alive after the report.
              samples = sampler?.stop();
            }
            once.run.serverCpuMs = cpuMs(serverPid) - serverBefore;
            once.run.machineBusy = machineBusySince(machineBefore);
            // The server's and the machine's CPU through the run, on the trace's clock (main-thread-waits.ts).
            if (lhrFile && samples) await writeJson(lhrFile.replace(/\.json$/, '.cpu.json'), samples);
            return once;
          });
        // On a busy machine Lighthouse now and then misses the navigation's start in its trace
        // (NO_NAVSTART), a failed recording rather than a measurement: that run is taken again, once.
        const result = await measure().catch((error: unknown) => {
          if (!String(error).includes('NO_NAVSTART')) throw error;
          log(`${page.path} ${formFactor} #${run + 1}: no navigation start in the trace, measured again`);
          return measure();
        });
        lighthouseVersion = result.lighthouseVersion;
        chromiumVersion = result.chromiumVersion;
        runs.push(result.run);
        log(
          `${page.floor ? 'floor' : page.path}${page.compared ? ' (B)' : ''} ${formFactor} #${run + 1}: score ${result.run.score}, ` +
            `CLS ${result.run.cls}, LCP ${result.run.lcpMs} ms, TBT ${result.run.tbtMs} ms ` +
            `(${result.run.cpuTbtMs} ms from CPU time); server CPU ${result.run.serverCpuMs} ms, ` +
            `machine ${Math.round((result.run.machineBusy ?? 0) * 100)}% busy`,
        );
      }
    }
    const floorRuns = measured.find((item) => item.page.floor && item.formFactor === 'mobile')?.runs ?? [];
    const floorScore = median(floorRuns.map((run) => run.score));
    const floorTbt = median(floorRuns.map((run) => run.tbtMs));
    const results: WebResult[] = measured.map(({ page, formFactor, runs }) => {
      const medianScore = median(runs.map((run) => run.score));
      const maxCls = Math.max(...runs.map((run) => run.cls));
      const met =
        formFactor === 'mobile'
          ? medianScore >= TARGETS.mobileMedianScore &&
            medianScore >= floorScore - TARGETS.mobileBelowFloor &&
            median(runs.map((run) => run.tbtMs)) <= TARGETS.mobileTbtOverFloor * floorTbt &&
            maxCls <= TARGETS.maxCls
          : medianScore >= TARGETS.desktopScore && maxCls <= TARGETS.maxCls;
      return {
        path: page.path,
        ...(page.floor ? { floor: true } : {}),
        ...(page.compared ? { compared: true } : {}),
        signedIn: page.signedIn,
        hasTarget: page.hasTarget,
        formFactor,
        runs,
        medianScore,
        maxCls,
        met,
      };
    });
    const bundle = await measureBundle(clientDir);
    const firstLoadJs = {
      floorGzip: await htmlJsGzip(floorClientDir),
      routes: bundle.routes.map((route) => ({ path: route.path, gzip: route.jsGzip })),
    };
    return { lighthouseVersion, chromiumVersion, properties: options.count, results, firstLoadJs };
  } finally {
    for (const server of servers) await stopProcess(server);
    await rm(work, { recursive: true, force: true });
    if (seededDir) await rm(seededDir, { recursive: true, force: true });
  }
}

/**
 * The measurements of one round in the order they are taken: with a compared build, each page's two
 * builds swap places every other round, so neither is always the one measured right after the other
 * (in the first two A/B runs the second build met a less busy machine, by Lighthouse's index, in 11 pairs of 12).
 */
function inRoundOrder<T extends { page: BenchPage; formFactor: FormFactor }>(
  measured: T[],
  round: number,
): T[] {
  if (round % 2 === 0) return measured;
  return measured.map(
    (item) =>
      measured.find(
        (other) =>
          !item.page.floor &&
          other.page.path === item.page.path &&
          !other.page.floor &&
          other.formFactor === item.formFactor &&
          Boolean(other.page.compared) !== Boolean(item.page.compared),
      ) ?? item,
  );
}

/** The client into outDir, and the app's server entry beside it (../ssr), as `npm run build` does. */
export async function buildClient(outDir: string): Promise<void> {
  await vite(['build', '--outDir', outDir, '--emptyOutDir']);
  await vite(['build', '--ssr', 'src/entry-server.tsx', '--outDir', join(outDir, SSR_DIR_FROM_CLIENT)]);
}

/**
 * The floor (src/floor/) into dir/client and dir/ssr, laid out as the server expects a client: its page
 * as index.html, its server entry beside it, and no route assets. Returns the client's directory.
 */
export async function buildFloor(dir: string): Promise<string> {
  const config = ['--config', 'scripts/perf/floor/vite.floor.config.ts'];
  const clientDir = join(dir, 'client');
  await vite(['build', ...config, '--outDir', clientDir]);
  await vite(['build', ...config, '--ssr', 'src/floor/entry-floor-server.tsx', '--outDir', join(dir, 'ssr')]);
  await rename(join(clientDir, 'src/floor/floor.html'), join(clientDir, 'index.html'));
  await mkdir(dirname(join(clientDir, PAGE_ASSETS_FILE)), { recursive: true });
  await writeFile(join(clientDir, PAGE_ASSETS_FILE), '{}\n');
  return clientDir;
}

/** Gzipped JS a built index.html loads (its entry and modulepreloads): the floor's whole first load. */
async function htmlJsGzip(clientDir: string): Promise<number> {
  const html = await readFile(join(clientDir, 'index.html'), 'utf8');
  let total = 0;
  for (const file of htmlAssets(html).filter((path) => path.endsWith('.js'))) {
    total += gzipSync(await readFile(join(clientDir, file)), { level: 9 }).length;
  }
  return total;
}

async function vite(args: string[]): Promise<void> {
  const require = createRequire(import.meta.url);
  const vitePackage = require.resolve('vite/package.json');
  const viteBin = join(dirname(vitePackage), (require(vitePackage) as { bin: { vite: string } }).bin.vite);
  const code = await new Promise<number>((resolveExit, reject) => {
    const child = spawn(process.execPath, [viteBin, ...args, '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (exitCode) => resolveExit(exitCode ?? 1));
  });
  if (code !== 0) throw new Error(`vite ${args.join(' ')} exited with ${code}`);
}

export async function withChromium<T>(
  work: string,
  use: (debuggingPort: number, browserPid: number | undefined) => Promise<T>,
): Promise<T> {
  const profile = await mkdtemp(join(work, 'chromium-'));
  const debuggingPort = await freePort();
  const browser = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitForDebugger(debuggingPort, browser);
    return await use(debuggingPort, browser.pid);
  } finally {
    await stopProcess(browser);
    await rm(profile, { recursive: true, force: true });
  }
}

async function waitForDebugger(port: number, browser: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (browser.exitCode !== null) throw new Error(`Chromium exited with ${browser.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      // Not up yet.
    }
    await sleep(50);
  }
  throw new Error('Chromium did not open its debugging port');
}

/**
 * Stores a signed-in session as the app leaves it: its local-storage entries, written from the origin's
 * smallest file (not the app), and the page-session cookie the server sets with it.
 */
async function storeSession(
  port: number,
  base: string,
  entries: Record<string, string>,
  pageSession: string,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    await context.addCookies([
      { name: pageSessionCookie.name, value: pageSession, url: base, httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate(storeEntries, entries);
    await page.close();
  } finally {
    // Disconnects Playwright only: the browser belongs to withChromium.
    await browser.close();
  }
}

async function lighthouseOnce(
  url: string,
  port: number,
  formFactor: FormFactor,
  lhrFile?: string,
): Promise<{ run: LighthouseRun; lighthouseVersion: string; chromiumVersion: string }> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const mainThread = mainThreadSummary(
    result.artifacts.Trace,
    // Lighthouse's CPU slowdown: four times for a phone, none for a desktop.
    formFactor === 'desktop' ? 1 : 4,
  );
  if (lhrFile) {
    await writeJson(lhrFile, lhr);
    await writeJson(lhrFile.replace(/\.json$/, '.tasks.json'), mainThread);
    // The trace itself, to read any task's events again (main-thread-waits.ts).
    await writeFile(
      lhrFile.replace(/\.json$/, '.trace.json.gz'),
      gzipSync(JSON.stringify(result.artifacts.Trace)),
    );
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const flagged = Object.values(lhr.audits)
    .filter(
      (item) =>
        item.score !== null &&
        item.score < 0.9 &&
        (item.scoreDisplayMode === 'metricSavings' ||
          item.scoreDisplayMode === 'numeric' ||
          item.scoreDisplayMode === 'binary'),
    )
    .map((item) => item.id);
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    chromiumVersion: lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '',
    run: {
      score: lhr.categories.performance?.score ?? 0,
      cls: round(audit('cumulative-layout-shift'), 3),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cpuTbtMs: mainThread.cpuBlockingMs,
      speedIndexMs: Math.round(audit('speed-index')),
      flagged,
      layoutShifts: detailItems(lhr.audits['layout-shifts']).map((item) => ({
        element: nodeLabel(item.node),
        score: round(Number(item.score ?? 0), 3),
      })),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      lcpElement: nodeLabel(
        detailItems(lhr.audits['largest-contentful-paint-element']).find((item) => item.node)?.node,
      ),
    },
  };
}

type DetailItem = Record<string, unknown> & { node?: { selector?: string; snippet?: string } };

/** The rows of an audit's details table (or of each table of a list of them). */
function detailItems(audit: { details?: unknown } | undefined): DetailItem[] {
  const details = audit?.details as { type?: string; items?: unknown[] } | undefined;
  if (!details?.items) return [];
  if (details.type === 'list') return details.items.flatMap((item) => detailItems({ details: item }));
  return details.items as DetailItem[];
}

function nodeLabel(node: DetailItem['node']): string {
  if (!node) return '';
  return `${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 160);
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.DATABASE_URL;
  return copy;
}

export function renderWebSummary(run: WebRun): string {
  const floorOf = (formFactor: FormFactor) =>
    run.results.find((result) => result.floor && result.formFactor === formFactor);
  const tbt = (result: WebResult) => median(result.runs.map((item) => item.tbtMs));
  const lines = [
    `Lighthouse ${run.lighthouseVersion}, Chromium ${run.chromiumVersion}, ${run.properties.toLocaleString('en')} properties seeded; runs interleaved with the floor's.`,
    '',
    '| page | profile | scores (runs) | median | floor median | score − floor | CLS max | LCP ms (median) | TBT ms (median) | TBT ÷ floor | TBT from CPU time ms (median) | machine index (median) | server CPU ms (median) | machine busy (median) | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...run.results.map((result) => {
      const floor = result.floor ? undefined : floorOf(result.formFactor);
      const name = result.floor
        ? 'floor (one heading)'
        : `${result.path}${result.signedIn ? '' : ', signed out'}${result.compared ? ' (B: the compared build)' : ''}`;
      return (
        `| ${name} | ${result.formFactor} | ${result.runs.map((item) => item.score.toFixed(2)).join(', ')} | ` +
        `${result.medianScore.toFixed(2)} | ${floor ? floor.medianScore.toFixed(2) : '—'} | ` +
        `${floor ? (result.medianScore - floor.medianScore).toFixed(2) : '—'} | ${result.maxCls} | ` +
        `${median(result.runs.map((item) => item.lcpMs))} | ${tbt(result)} | ` +
        `${floor ? (tbt(result) / Math.max(1, tbt(floor))).toFixed(1) : '—'} | ` +
        `${median(result.runs.map((item) => item.cpuTbtMs))} | ` +
        `${median(result.runs.map((item) => item.benchmarkIndex))} | ` +
        `${median(result.runs.map((item) => item.serverCpuMs ?? 0))} | ` +
        `${Math.round(median(result.runs.map((item) => item.machineBusy ?? 0)) * 100)}% | ` +
        `${result.hasTarget ? (result.met ? 'met' : '**not met**') : 'reported only'} |`
      );
    }),
    '',
  ];
  if (run.firstLoadJs) {
    const { floorGzip, routes } = run.firstLoadJs;
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    lines.push(
      '| first-load JS (gzip) | total | floor | own part |',
      '|---|---|---|---|',
      `| floor | ${kib(floorGzip)} | ${kib(floorGzip)} | — |`,
      ...routes.map(
        (route) =>
          `| ${route.path} | ${kib(route.gzip)} | ${kib(floorGzip)} | ${kib(route.gzip - floorGzip)} |`,
      ),
      '',
    );
  }
  const flagged = new Set(run.results.flatMap((result) => result.runs.flatMap((item) => item.flagged)));
  if (flagged.size > 0)
    lines.push(`Audits Lighthouse flagged in some run: ${[...flagged].sort().join(', ')}.`, '');
  return lines.join('\n');
}

function log(message: string): void {
  process.stderr.write(`[web] ${message}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      count: { type: 'string', default: '100000' },
      path: { type: 'string', multiple: true },
      profile: { type: 'string', multiple: true },
      'json-out': { type: 'string' },
      'lhr-dir': { type: 'string' },
      'client-dir': { type: 'string' },
      'compare-client-dir': { type: 'string' },
    },
  });
  const run = await runWebBench({
    lhrDir: values['lhr-dir'],
    clientDir: values['client-dir'] ? resolve(values['client-dir']) : undefined,
    compareClientDir: values['compare-client-dir'] ? resolve(values['compare-client-dir']) : undefined,
    runs: Number(values.runs),
    count: Number(values.count),
    paths: values.path,
    formFactors: values.profile as FormFactor[] | undefined,
  });
  if (values['json-out']) await writeJson(values['json-out'], run);
  process.stdout.write(renderWebSummary(run));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
