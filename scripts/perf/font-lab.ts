/**
 * What a page's web font costs the first style and layout on a phone: the server's HTML of a page with
 * its scripts removed (no hydration, no boot), served beside the built assets with the fonts swapped
 * per variant, loaded in Chromium at Lighthouse's mobile CPU slowdown (4×), variants interleaved.
 *
 *   npx tsx scripts/perf/font-lab.ts --client-dir dir --variants dir [--path /properties] [--loads 5]
 *                                    [--first-use 10] [--count 1000]
 *
 * `--variants` holds one folder per variant, each with a `head.html` (put in place of the page's font
 * preloads), a `fonts.css` (put in place of the Heebo faces in the built stylesheets) and the font files
 * those two name as `/lab/<file>`. Printed first, from the page as served with its scripts: the weights
 * its text is drawn in, the characters outside Heebo's Hebrew and Latin files, and each font file it asked
 * for. `--loads`: Chromium's trace of each variant's load (style, layout, paint CPU at 4×). `--first-use`:
 * the main thread's CPU time (Chromium's ThreadTime, unthrottled) in the restyle and layout that first
 * draws the page in its fonts, which the machine's load moves less. Compare within one run.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import {
  charactersOutsideHebrewAndLatin,
  layoutAtNewRootSize,
  loadedFaces,
  loadWeights,
  relayoutTimes,
  releaseFontHold,
  weightsInUse,
} from '../in-page/font-census';
import {
  cpuOf,
  rendererMainEvents,
  round1,
  sendBuiltFile,
  startLab,
  withoutScripts,
} from './lib/script-free-lab';
import {
  PHONE,
  PHONE_SLOWDOWN,
  recordTrace,
  signedInPhone,
  startSignedInServer,
  type TraceEventTimes,
} from './lib/signed-in-phone';
import { median } from './lib/stats';

const HEEBO_FACE = /@font-face\{font-family:Heebo Variable;[^}]*\}/g;
const RELAYOUTS = 20;
const HOLD = '<style id="lab-hold">*{font-family:monospace!important}</style>';
const WEIGHTS = [400, 500, 600, 700, 800];
const FONT_PRELOAD = /<link rel="preload"[^>]*as="font"[^>]*>/g;
/** The font faces each variant's page used, by URL (the last load's). */
const facesLoaded = new Map<string, string[]>();

interface TraceEvent extends TraceEventTimes {
  args?: { data?: Record<string, unknown>; elementCount?: number; beginData?: Record<string, unknown> };
}

const { values } = parseArgs({
  options: {
    'client-dir': { type: 'string' },
    variants: { type: 'string' },
    path: { type: 'string', default: '/properties' },
    loads: { type: 'string', default: '5' },
    count: { type: 'string', default: '1000' },
    'first-use': { type: 'string', default: '0' },
  },
});
if (!values['client-dir'] || !values.variants) throw new Error('--client-dir and --variants are required');
const clientDir = resolve(values['client-dir']);
const variantsDir = resolve(values.variants);
const variants = (await readdir(variantsDir)).sort();

const server = await startSignedInServer(clientDir, Number(values.count));
const base = server.base;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
let lab: { base: string; close: () => void } | undefined;
try {
  const census = await signedInPhone(browser, server);
  const page = await census.newPage();
  // Each font file the page asks for, when (from the navigation) and by what: a file asked for by the
  // stylesheet after the first layout is a face the preloads missed.
  const fetched: string[] = [];
  const network = await census.newCDPSession(page);
  await network.send('Network.enable');
  const started = Date.now();
  network.on('Network.requestWillBeSent', (event) => {
    if (/\.woff2?$/.test(event.request.url))
      fetched.push(
        `${event.request.url.replace(/^.*\//, '')} (${Date.now() - started} ms, ${event.initiator.type})`,
      );
  });
  await page.goto(`${base}${values.path}`, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const weights = await page.evaluate(weightsInUse);
  const rare = await page.evaluate(charactersOutsideHebrewAndLatin);
  process.stdout.write(
    `\n## ${values.path} as served, with its scripts\nfonts fetched: ${fetched.join(', ')}\n`,
  );
  process.stdout.write(`characters outside Heebo's Hebrew and Latin files: ${rare.join(', ')}\n`);
  process.stdout.write(`weights of text (elements with text of their own; in the first screen | all):\n`);
  for (const [weight, counts] of Object.entries(weights))
    process.stdout.write(`- ${weight}: ${counts.firstScreen} | ${counts.all}\n`);
  const served = await (await census.request.get(`${base}${values.path}`)).text();
  await census.close();

  const scriptFree = withoutScripts(served);
  const pages = new Map<string, string>();
  const styles = new Map<string, string>();
  for (const variant of variants) {
    const head = await readFile(join(variantsDir, variant, 'head.html'), 'utf8');
    pages.set(variant, scriptFree.replace(FONT_PRELOAD, '').replace('</head>', `${head}</head>`));
    styles.set(variant, await readFile(join(variantsDir, variant, 'fonts.css'), 'utf8'));
  }
  lab = await startLab(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://lab');
    const [, variant = '', ...rest] = url.pathname.split('/');
    if (rest.length === 0 || rest[0] === '') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const html = pages.get(variant) ?? '';
      // Held in a font the page never names, so that the timed step is the web font's first use.
      response.end(url.searchParams.has('hold') ? html.replace('</head>', `${HOLD}</head>`) : html);
      return;
    }
    if (rest[0] === 'lab') {
      await sendBuiltFile(response, join(variantsDir, variant, ...rest.slice(1)));
      return;
    }
    const file = join(clientDir, ...rest);
    const fonts = styles.get(variant) ?? '';
    await sendBuiltFile(
      response,
      file,
      extname(file) === '.css'
        ? (css) => {
            let placed = false;
            return css.replace(HEEBO_FACE, () => {
              if (placed) return '';
              placed = true;
              return fonts;
            });
          }
        : undefined,
    );
  });
  const labBase = lab.base;
  // The page's asset URLs are absolute (/assets/…): each variant's page is served from its own prefix.
  for (const [variant, html] of pages)
    pages.set(
      variant,
      html.replaceAll('"/assets/', `"/${variant}/assets/`).replaceAll('"/lab/', `"/${variant}/lab/`),
    );
  for (const [variant, css] of styles)
    styles.set(
      variant,
      css.replaceAll('/lab/', `/${variant}/lab/`).replaceAll('url(/assets/', `url(/${variant}/assets/`),
    );

  const firstUse = new Map<string, Array<Record<string, number>>>();
  for (let load = 0; load < Number(values['first-use']); load++) {
    for (const variant of variants) {
      const figures = await firstUseLoad(`${labBase}/${variant}/?hold`);
      firstUse.set(variant, [...(firstUse.get(variant) ?? []), figures]);
      process.stderr.write(`first use ${load + 1} ${variant} ${JSON.stringify(figures)}\n`);
    }
  }
  if (firstUse.size > 0) {
    process.stdout.write(
      `\n## the fonts' first use, unthrottled, ms: fastest | median of ${values['first-use']}\n`,
    );
    for (const [variant, runs] of firstUse) {
      const keys = Object.keys(runs[0] ?? {});
      const cells = keys.map((key) => {
        const list = runs.map((run) => run[key] ?? 0);
        return `${key} ${Math.min(...list)} | ${median(list)}`;
      });
      process.stdout.write(`- ${variant}: ${cells.join('; ')}\n`);
    }
  }

  const results = new Map<string, Array<Record<string, number>>>();
  for (let load = 0; load < Number(values.loads); load++) {
    for (const variant of variants) {
      const figures = await traceLoad(`${labBase}/${variant}/`);
      results.set(variant, [...(results.get(variant) ?? []), figures]);
      process.stderr.write(`${load + 1} ${variant} ${JSON.stringify(figures)}\n`);
    }
  }
  for (const [url, faces] of facesLoaded)
    process.stdout.write(`faces loaded by ${url}: ${faces.join('; ')}\n`);
  const keys = Object.keys(results.get(variants[0] ?? '')?.[0] ?? {});
  if (keys.length > 0) {
    process.stdout.write(
      `\n## the page without scripts, CPU ms at ${PHONE_SLOWDOWN}×, median of ${values.loads}\n`,
    );
    process.stdout.write(`| variant | ${keys.join(' | ')} |\n|---|${keys.map(() => '---|').join('')}\n`);
  }
  for (const [variant, runs] of results)
    process.stdout.write(
      `| ${variant} | ${keys.map((key) => median(runs.map((run) => run[key] ?? 0))).join(' | ')} |\n`,
    );
} finally {
  lab?.close();
  await browser.close();
  await server.stop();
}

async function traceLoad(url: string): Promise<Record<string, number>> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_SLOWDOWN });
  const events = await recordTrace<TraceEvent>(
    cdp,
    ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    async () => {
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      facesLoaded.set(url, await page.evaluate(loadedFaces));
    },
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const relayout = await page.evaluate(relayoutTimes, RELAYOUTS);
  await context.close();
  const onMain = rendererMainEvents(events);
  const cpu = (name: string) => cpuOf(onMain, name);
  const tasks = onMain.filter((event) => event.name === 'RunTask').map((event) => (event.tdur ?? 0) / 1000);
  return {
    style: cpu('UpdateLayoutTree'),
    layout: cpu('Layout'),
    paint: round1(cpu('Paint') + cpu('PrePaint')),
    parseCss: cpu('ParseAuthorStyleSheet'),
    layouts: onMain.filter((event) => event.name === 'Layout').length,
    largestTask: round1(Math.max(0, ...tasks)),
    coldRelayoutMin: relayout.cold,
    warmRelayoutMin: relayout.warm,
  };
}

/**
 * One load held in a font the page never names, then the hold removed: the main thread's CPU time
 * (Chromium's ThreadTime, which the machine's load moves less than a clock) in the restyle and layout that
 * first draws the page in its own fonts, and in one more at a new root size (shaped anew, typefaces warm).
 */
async function firstUseLoad(url: string): Promise<Record<string, number>> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0) * 1000;
  };
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(loadWeights, [...WEIGHTS]);
  const idle = await threadTime();
  await page.evaluate(() => 0);
  const baseline = (await threadTime()) - idle;
  let start = await threadTime();
  await page.evaluate(releaseFontHold);
  const first = (await threadTime()) - start - baseline;
  start = await threadTime();
  await page.evaluate(layoutAtNewRootSize);
  const again = (await threadTime()) - start - baseline;
  await context.close();
  return { firstUse: round1(first), newSize: round1(again) };
}
