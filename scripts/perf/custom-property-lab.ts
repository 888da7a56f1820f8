/**
 * What Mantine's custom properties cost the first style on a phone: the server's HTML of a page with its
 * scripts removed (no hydration, no boot), served beside the built assets in variants, loaded in Chromium
 * at Lighthouse's mobile CPU slowdown (4×), variants interleaved. A lab, not a build: the variants draw
 * the page the same only where said.
 *
 *   npx tsx scripts/perf/custom-property-lab.ts --client-dir dir [--path /properties] [--loads 7] [--count 1000]
 *
 * Variants:
 * - `a-as-is`: the page as served, less its scripts.
 * - `b-pruned`: every custom property declared in the stylesheets and the page's `<style>` elements that
 *   nothing left in them or in the page's inline styles reads (`var(--name`), removed until none is left
 *   (draws the same: an unread property is not drawn).
 * - `c-moved`: each distinct inline `style` attribute made a class of one rule in a `<style>` (draws the
 *   same: the same declarations, in a rule instead of an attribute).
 * - `d-inline-vars-removed`: the custom properties of inline styles removed (does not draw the same).
 * - `e-pruned-and-moved`: b and c together.
 * - `f-no-author-css`: no stylesheet, `<style>` or inline style at all: the browser's own styles only, the
 *   floor of what styling this document's elements can cost.
 * Printed: each variant's bytes of CSS and count of custom properties declared, then the main thread's CPU
 * time (Chromium's trace) of style, layout and paint at the slowdown, median of the loads.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { fontsReady, restyleFromNothing, showHiddenRoot } from '../in-page/whole-restyle';
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

interface TraceEvent extends TraceEventTimes {
  args?: { elementCount?: number; beginData?: { dirtyObjects?: number } };
}

const { values } = parseArgs({
  options: {
    'client-dir': { type: 'string' },
    path: { type: 'string', default: '/properties' },
    loads: { type: 'string', default: '7' },
    count: { type: 'string', default: '1000' },
    restyles: { type: 'string', default: '3' },
    'shots-dir': { type: 'string' },
  },
});
if (!values['client-dir']) throw new Error('--client-dir is required');
const clientDir = resolve(values['client-dir']);

const DECLARATION = /(?<=[{;])\s*(--[\w-]+)\s*:[^;{}]*(;|(?=\}))/g;
const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;
const STYLE_ATTRIBUTE = / style="([^"]*)"/g;

const server = await startSignedInServer(clientDir, Number(values.count));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
let lab: { base: string; close: () => void } | undefined;
try {
  const signedIn = await signedInPhone(browser, server);
  const served = await (await signedIn.request.get(`${server.base}${values.path}`)).text();
  await signedIn.close();
  const html = withoutScripts(served);
  const cssFiles = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map(
    (match) => match[1] ?? '',
  );
  const css = new Map<string, string>();
  for (const file of cssFiles) css.set(file, await readFile(join(clientDir, file), 'utf8'));

  const variants = new Map<string, { html: string; css: Map<string, string> }>();
  variants.set('a-as-is', { html, css });
  variants.set('b-pruned', prune(html, css));
  variants.set('c-moved', { html: moveInlineStyles(html), css });
  variants.set('d-inline-vars-removed', { html: removeInlineCustomProperties(html), css });
  const pruned = prune(html, css);
  variants.set('e-pruned-and-moved', { html: moveInlineStyles(pruned.html), css: pruned.css });
  variants.set('f-no-author-css', {
    html: html.replace(STYLE_ELEMENT, '').replace(STYLE_ATTRIBUTE, ''),
    css: new Map(cssFiles.map((file) => [file, ''])),
  });

  process.stdout.write(`\n## ${values.path}: ${cssFiles.join(', ')}\n`);
  process.stdout.write(
    `inline style attributes: ${[...html.matchAll(STYLE_ATTRIBUTE)].length}, with a custom property: ${
      [...html.matchAll(STYLE_ATTRIBUTE)].filter((match) => (match[1] ?? '').includes('--')).length
    }, distinct: ${new Set([...html.matchAll(STYLE_ATTRIBUTE)].map((match) => match[1])).size}\n`,
  );
  for (const [name, variant] of variants) {
    const text = [...variant.css.values(), ...styleElements(variant.html)].join('\n');
    process.stdout.write(
      `- ${name}: CSS ${text.length} B, custom properties declared in CSS ${
        [...text.matchAll(DECLARATION)].length
      }, page ${variant.html.length} B\n`,
    );
  }

  lab = await startLab(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://lab');
    const [, name = '', ...rest] = url.pathname.split('/');
    const variant = variants.get(name);
    if (!variant) throw new Error(`no variant ${name}`);
    if (rest.length === 0 || rest[0] === '') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const page = variant.html.replaceAll('"/assets/', `"/${name}/assets/`);
      // Held hidden by an attribute, not a stylesheet, so that showing it builds no rule set anew.
      response.end(url.searchParams.has('hold') ? page.replace('<html', '<html style="display:none"') : page);
      return;
    }
    const css = variant.css.get(`/${rest.join('/')}`);
    await sendBuiltFile(
      response,
      join(clientDir, ...rest),
      css === undefined ? undefined : () => css.replaceAll('url(/assets/', `url(/${name}/assets/`),
    );
  });
  const labBase = lab.base;

  const reference = await screenshot(`${labBase}/a-as-is/`);
  const restyles = new Map<string, number[]>();
  for (const name of variants.keys()) {
    const shot = await screenshot(`${labBase}/${name}/`);
    if (values['shots-dir']) await writeFile(join(values['shots-dir'], `${name}.png`), shot);
    process.stdout.write(`- ${name}: pixels unlike a-as-is's: ${await differingPixels(reference, shot)}\n`);
  }
  const firstStyles = new Map<string, number[]>();
  for (let round = 0; round < Number(values.restyles); round++)
    for (const name of variants.keys()) {
      restyles.set(name, [...(restyles.get(name) ?? []), ...(await wholeRestyles(`${labBase}/${name}/`))]);
      firstStyles.set(name, [
        ...(firstStyles.get(name) ?? []),
        ...(await firstStyle(`${labBase}/${name}/?hold`)),
      ]);
    }
  process.stdout.write(
    `\n## the document's first style (loaded hidden, then shown), unthrottled, CPU ms: median (min–max) of ${
      firstStyles.get('a-as-is')?.length
    }\n`,
  );
  for (const [name, list] of firstStyles)
    process.stdout.write(`- ${name}: ${median(list)} (${Math.min(...list)}–${Math.max(...list)})\n`);
  process.stdout.write(
    `\n## the whole document restyled from nothing, unthrottled, CPU ms: median (min–max) of ${
      restyles.get('a-as-is')?.length
    }\n`,
  );
  for (const [name, list] of restyles)
    process.stdout.write(`- ${name}: ${median(list)} (${Math.min(...list)}–${Math.max(...list)})\n`);

  const results = new Map<string, Array<Record<string, number>>>();
  for (let load = 0; load < Number(values.loads); load++) {
    for (const name of variants.keys()) {
      const figures = await traceLoad(`${labBase}/${name}/`);
      results.set(name, [...(results.get(name) ?? []), figures]);
      process.stderr.write(`${load + 1} ${name} ${JSON.stringify(figures)}\n`);
    }
  }
  const keys = Object.keys(results.get('a-as-is')?.[0] ?? {});
  process.stdout.write(
    `\n## the page without scripts, CPU ms at ${PHONE_SLOWDOWN}×: median (min–max) of ${values.loads}\n`,
  );
  process.stdout.write(`| variant | ${keys.join(' | ')} |\n|---|${keys.map(() => '---|').join('')}\n`);
  for (const [name, runs] of results)
    process.stdout.write(
      `| ${name} | ${keys
        .map((key) => {
          const list = runs.map((run) => run[key] ?? 0);
          return `${median(list)} (${Math.min(...list)}–${Math.max(...list)})`;
        })
        .join(' | ')} |\n`,
    );
} finally {
  lab?.close();
  await browser.close();
  await server.stop();
}

function styleElements(page: string): string[] {
  return [...page.matchAll(STYLE_ELEMENT)].map((match) => match[2] ?? '');
}

/** Removes declared custom properties that nothing left reads, until every one left is read. */
function prune(page: string, sheets: Map<string, string>): { html: string; css: Map<string, string> } {
  let html = page;
  let css = new Map(sheets);
  for (;;) {
    const everything = [...css.values(), html].join('\n');
    const read = new Set([...everything.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]));
    let removed = 0;
    const drop = (text: string) =>
      text.replace(DECLARATION, (declaration, name: string) => {
        if (read.has(name)) return declaration;
        removed++;
        return '';
      });
    css = new Map([...css].map(([file, text]) => [file, drop(text)]));
    html = html.replace(STYLE_ELEMENT, (_all, open: string, body: string, close: string) => {
      return `${open}${drop(body)}${close}`;
    });
    if (removed === 0) return { html, css };
  }
}

/** Each distinct inline style made a class with one rule of the same declarations. */
function moveInlineStyles(page: string): string {
  const classes = new Map<string, string>();
  const body = page.replace(
    /<([a-z][\w-]*)([^>]*?) style="([^"]*)"([^>]*)>/g,
    (_all, tag, before, style, after) => {
      const declarations = String(style).replaceAll('&quot;', '"').replaceAll('&amp;', '&');
      let name = classes.get(declarations);
      if (!name) {
        name = `lab-s${classes.size}`;
        classes.set(declarations, name);
      }
      const attributes = `${before}${after}`;
      if (/ class="/.test(attributes))
        return `<${tag}${attributes.replace(/ class="([^"]*)"/, ` class="$1 ${name}"`)}>`;
      return `<${tag}${attributes} class="${name}">`;
    },
  );
  const rules = [...classes].map(([declarations, name]) => `.${name}{${declarations}}`).join('\n');
  return body.replace('</head>', `<style>${rules}</style></head>`);
}

/** The custom properties of every inline style removed; an attribute left empty removed too. */
function removeInlineCustomProperties(page: string): string {
  return page.replace(STYLE_ATTRIBUTE, (_all, style: string) => {
    const kept = style
      .split(';')
      .filter((declaration) => declaration.trim() && !declaration.trim().startsWith('--'))
      .join(';');
    return kept ? ` style="${kept}"` : '';
  });
}

/** The page as drawn on the phone once its fonts are in, as raw RGBA. */
async function screenshot(url: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(fontsReady);
  await page.waitForTimeout(300);
  const shot = await page.screenshot({ fullPage: true, type: 'png' });
  await context.close();
  return shot;
}

async function differingPixels(a: Buffer, b: Buffer): Promise<number | string> {
  if (a.equals(b)) return 0;
  const left = await sharp(a).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const right = await sharp(b).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (left.info.width !== right.info.width || left.info.height !== right.info.height)
    return `size ${left.info.width}×${left.info.height} against ${right.info.width}×${right.info.height}`;
  let differing = 0;
  for (let offset = 0; offset < left.data.length; offset += 4)
    if (left.data.readUInt32BE(offset) !== right.data.readUInt32BE(offset)) differing++;
  return differing;
}

/**
 * The whole document's style built anew, a few times after the load with the fonts in: the root hidden
 * (its subtree's styles dropped) and shown again, each pass's `UpdateLayoutTree` CPU time from the trace.
 */
async function wholeRestyles(url: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(fontsReady);
  const events = await recordTrace<TraceEvent>(
    cdp,
    ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    async () => {
      await page.evaluate(restyleFromNothing, 5);
    },
  );
  await context.close();
  return events
    .filter((event) => event.name === 'UpdateLayoutTree' && (event.args?.elementCount ?? 0) >= 300)
    .map((event) => round1((event.tdur ?? 0) / 1000));
}

/**
 * The document's first style of its elements: loaded with its root hidden (only the root styled, the
 * rule sets built), then shown; the `UpdateLayoutTree` that styles the whole tree, CPU time from the trace.
 */
async function firstStyle(url: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(200);
  const events = await recordTrace<TraceEvent>(
    cdp,
    ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    async () => {
      await page.evaluate(showHiddenRoot);
    },
  );
  await context.close();
  return events
    .filter((event) => event.name === 'UpdateLayoutTree' && (event.args?.elementCount ?? 0) >= 300)
    .map((event) => round1((event.tdur ?? 0) / 1000));
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
    },
  );
  await context.close();
  const onMain = rendererMainEvents(events);
  const cpu = (name: string) => cpuOf(onMain, name);
  const styles = onMain.filter((event) => event.name === 'UpdateLayoutTree');
  const largest = styles.reduce<TraceEvent | undefined>(
    (best, event) => ((event.args?.elementCount ?? 0) > (best?.args?.elementCount ?? 0) ? event : best),
    undefined,
  );
  return {
    firstWholeStyle: round1((largest?.tdur ?? 0) / 1000),
    elements: largest?.args?.elementCount ?? 0,
    style: cpu('UpdateLayoutTree'),
    layout: cpu('Layout'),
    paint: round1(cpu('Paint') + cpu('PrePaint')),
    parseCss: cpu('ParseAuthorStyleSheet'),
  };
}
