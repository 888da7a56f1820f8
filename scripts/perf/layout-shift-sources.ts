/**
 * Which element moves, and when, as a signed-in desktop loads a page cold (issue 26: CLS ≤ 0.02). The
 * production server over a seeded portfolio serves a built client; each load is a new browser context (a
 * cold cache) at Lighthouse's desktop screen (1350×940, DPR 1), with a recorder installed before the
 * page's scripts (scripts/in-page/layout-shift-record.ts): every layout shift's sources (the node,
 * its rectangle before and after), and the shift's time beside first contentful paint, the web fonts'
 * arrival and the end of hydration. Conditions are interleaved load by load.
 *
 *   npx tsx scripts/perf/layout-shift-sources.ts --client-dir dir [--compare-client-dir dir2]
 *        [--path /properties] [--loads 20] [--slowdown 1,4] [--network none,desktop] [--lang he,en]
 *        [--count 1000] [--json-out file]
 *
 * `--client-dir`: a production build (its server entry in ../ssr), as bench-web.ts takes it;
 * `--compare-client-dir` a second one (B), served by its own server over its own seeded copy and loaded
 * interleaved with the first (A), load by load.
 * `--network`: none (unthrottled, as Lighthouse's desktop loads the page), desktop (40 ms, 10 Mbit/s: what
 * Lighthouse's desktop profile simulates), slow (150 ms, 1.6 Mbit/s down).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { languageCookie, languageStorageKey } from '../../page-contract/languages';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import {
  installLayoutShiftRecord,
  type LayoutShiftRecord,
  readLayoutShiftRecord,
} from '../in-page/layout-shift-record';
import { storeEntries } from '../in-page/stored-entries';
import { type SignedInServer, signedInContext, startSignedInServer } from './lib/signed-in-phone';

/** Lighthouse's desktop screen (its `desktopConfig`'s screenEmulation). */
const LIGHTHOUSE_DESKTOP = { width: 1350, height: 940, deviceScaleFactor: 1 };

const NETWORKS = {
  none: null,
  desktop: {
    latency: 40,
    downloadThroughput: (10 * 1024 * 1024) / 8,
    uploadThroughput: (10 * 1024 * 1024) / 8,
  },
  slow: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
} as const;
type Network = keyof typeof NETWORKS;

const { values } = parseArgs({
  options: {
    'client-dir': { type: 'string' },
    'compare-client-dir': { type: 'string' },
    path: { type: 'string', default: '/properties' },
    loads: { type: 'string', default: '20' },
    slowdown: { type: 'string', default: '1,4' },
    network: { type: 'string', default: 'none,desktop' },
    lang: { type: 'string', default: 'he' },
    count: { type: 'string', default: '1000' },
    settle: { type: 'string', default: '2500' },
    'json-out': { type: 'string' },
  },
});
if (!values['client-dir']) throw new Error('--client-dir is required');
const list = (value: string) => value.split(',').filter(Boolean);
const builds = values['compare-client-dir'] ? ['A', 'B'] : ['A'];
const setups = builds.flatMap((build) =>
  list(values.slowdown).flatMap((slowdown) =>
    list(values.network).flatMap((network) =>
      list(values.lang).map((lang) => ({
        build,
        slowdown: Number(slowdown),
        network: network as Network,
        lang,
      })),
    ),
  ),
);
const setupName = ({ build, slowdown, network, lang }: (typeof setups)[number]) =>
  `${builds.length > 1 ? `${build}: ` : ''}${slowdown}× CPU, network ${network}, ${lang}`;
for (const { network } of setups) if (!(network in NETWORKS)) throw new Error(`unknown --network ${network}`);

interface Load {
  setup: string;
  load: number;
  cls: number;
  record: LayoutShiftRecord;
}

const servers = new Map([
  ['A', await startSignedInServer(resolve(values['client-dir']), Number(values.count))],
]);
if (values['compare-client-dir'])
  servers.set('B', await startSignedInServer(resolve(values['compare-client-dir']), Number(values.count)));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
const loads: Load[] = [];
try {
  for (let load = 1; load <= Number(values.loads); load++) {
    // A and B swap places every other load, so that neither always follows the other.
    const order = load % 2 === 0 ? [...setups].reverse() : setups;
    for (const measured of order) {
      const { build, slowdown, network, lang } = measured;
      const setup = setupName(measured);
      const server = servers.get(build) as SignedInServer;
      const context = await signedInContext(browser, server, { viewport: LIGHTHOUSE_DESKTOP });
      await context.addCookies([{ name: languageCookie.name, value: lang, url: server.base }]);
      await context.addInitScript(storeEntries, { [languageStorageKey]: lang });
      await context.addInitScript(installLayoutShiftRecord);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      const throttled = NETWORKS[network];
      if (throttled) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...throttled });
      }
      await page.goto(`${server.base}${values.path}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(Number(values.settle));
      const record = await page.evaluate(readLayoutShiftRecord);
      await context.close();
      const cls = record.shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
      loads.push({ setup, load, cls, record });
      process.stderr.write(
        `${load} ${setup}: CLS ${cls.toFixed(4)}, FCP ${record.fcp}, fonts ${fontTime(record)}, hydrated ${record.hydrated}\n`,
      );
      if (cls > 0) printShifts(record);
    }
  }
} finally {
  await browser.close();
  for (const server of servers.values()) await server.stop();
}

process.stdout.write(`\n## ${values.path}, desktop 1350×940, ${values.loads} loads per setup\n`);
process.stdout.write(
  '| setup | loads | with a shift | CLS max | CLS sum of all loads |\n|---|---|---|---|---|\n',
);
for (const measured of setups) {
  const setup = setupName(measured);
  const of = loads.filter((load) => load.setup === setup);
  const shifted = of.filter((load) => load.cls > 0);
  process.stdout.write(
    `| ${setup} | ${of.length} | ${shifted.length} | ${Math.max(0, ...of.map((load) => load.cls)).toFixed(4)} | ${of.reduce((sum, load) => sum + load.cls, 0).toFixed(4)} |\n`,
  );
}
const bySource = new Map<string, { shifts: number; value: number }>();
for (const { setup, record } of loads)
  for (const shift of record.shifts)
    for (const source of shift.sources) {
      const key = `${builds.length > 1 ? `${setup.slice(0, 1)}: ` : ''}${source.node.replace(/ ".*$/, '')}`;
      const seen = bySource.get(key) ?? { shifts: 0, value: 0 };
      bySource.set(key, { shifts: seen.shifts + 1, value: seen.value + shift.value });
    }
process.stdout.write('\nsources (element, shifts it took part in, those shifts’ value summed):\n');
for (const [node, seen] of [...bySource].sort((a, b) => b[1].value - a[1].value))
  process.stdout.write(`- ${node}: ${seen.shifts}, ${seen.value.toFixed(4)}\n`);
if (values['json-out']) await writeFile(values['json-out'], JSON.stringify(loads, null, 1));

function fontTime(record: LayoutShiftRecord): string {
  const files = record.fontFiles.map(
    (file) => `${file.file.replace(/-[\w-]{8}\.woff2$/, '')} ${file.responseEnd}`,
  );
  const loaded =
    record.fonts.length === 0 ? 'none' : String(Math.max(...record.fonts.map((font) => font.time)));
  return `[${files.join(', ')}] loaded ${loaded}`;
}

function printShifts(record: LayoutShiftRecord): void {
  for (const shift of record.shifts) {
    process.stderr.write(
      `  shift ${shift.value.toFixed(4)} at ${shift.time} ms (FCP ${record.fcp}, fonts ${fontTime(record)}, hydrated ${record.hydrated}; scrollbar ${shift.scrollbar} px)\n`,
    );
    for (const source of shift.sources)
      process.stderr.write(
        `    ${source.node}: ${source.previousRect.join(',')} → ${source.currentRect.join(',')}\n`,
      );
  }
}
