/**
 * Whether the merged Heebo file (scripts/fonts/merge-heebo.py) draws as Fontsource's Hebrew and Latin files
 * do: every string of the app's Hebrew and English copy, digits with the shekel sign, and Hebrew with points,
 * at each weight the screens use, drawn in Chromium once with Fontsource's two faces and once with the merged
 * face, and the screenshots compared pixel by pixel. Prints per weight the pixels that differ and the strings
 * they are in; run it after remaking the file. `SHOTS=dir` keeps the screenshots.
 *
 *   npx tsx scripts/fonts/compare-heebo.ts
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { appCopyStrings } from './app-copy';

const ROOT = resolve(import.meta.dirname, '../..');
const FONTSOURCE = join(ROOT, 'node_modules/@fontsource-variable/heebo/files');
const MERGED = join(ROOT, 'src/app/fonts/heebo-hebrew-latin-wght.woff2');
const WEIGHTS = [400, 500, 600, 700, 800];
/** Each string's line: 15 px at a line height of 1.4. */
const LINE_PX = 21;
const HEBREW_RANGE = 'U+0307-0308,U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F';
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

const face = (url: string, range: string) =>
  `@font-face{font-family:T;font-weight:100 900;font-display:block;src:url(${url}) format("woff2");unicode-range:${range}}`;
const FACES = {
  fontsource: face('/hebrew.woff2', HEBREW_RANGE) + face('/latin.woff2', LATIN_RANGE),
  merged: face('/merged.woff2', `${HEBREW_RANGE},${LATIN_RANGE}`),
};

async function copyStrings(): Promise<string[]> {
  return [...(await appCopyStrings()), '₪ 1,234,567.89 | 95 ₪ למ״ר | 0123456789', 'שָׁלוֹם עוֹלָם, בְּרֵאשִׁית'];
}

function page(faces: string, strings: string[], weight: number): string {
  const lines = strings.map(
    (text) => `<p>${text.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</p>`,
  );
  return `<!doctype html><html dir="rtl"><head><style>${faces}
    body{margin:8px;font-family:T;font-weight:${weight};font-size:15px;line-height:1.4;width:1200px}
    p{margin:0;height:21px;overflow:hidden;white-space:nowrap}</style></head><body>${lines.join('')}</body></html>`;
}

const files: Record<string, string> = {
  '/hebrew.woff2': join(FONTSOURCE, 'heebo-hebrew-wght-normal.woff2'),
  '/latin.woff2': join(FONTSOURCE, 'heebo-latin-wght-normal.woff2'),
  '/merged.woff2': MERGED,
};
interface PixelDifference {
  pixels: number;
  /** The largest difference of one channel, 0–255. */
  most: number;
  rows: number[];
}

/** In the page, as a string: tsx's names for functions are not defined there. */
const PIXELS_THAT_DIFFER = `async ([a, b]) => {
  const decode = async (base64) => {
    const image = await createImageBitmap(await (await fetch('data:image/png;base64,' + base64)).blob());
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height);
  };
  const [first, second] = [await decode(a), await decode(b)];
  if (first.width !== second.width || first.height !== second.height)
    throw new Error('the two pages differ in size: ' + first.height + ' against ' + second.height);
  let pixels = 0;
  let most = 0;
  const rows = new Set();
  for (let i = 0; i < first.data.length; i += 4) {
    const off = Math.max(...[0, 1, 2, 3].map((k) => Math.abs(first.data[i + k] - second.data[i + k])));
    if (off === 0) continue;
    pixels++;
    most = Math.max(most, off);
    rows.add(Math.floor(i / 4 / first.width));
  }
  return { pixels, most, rows: [...rows] };
}`;

const pages = new Map<string, string>();
const server = createServer(async (request, response) => {
  const path = request.url ?? '/';
  if (files[path]) {
    response.writeHead(200, { 'content-type': 'font/woff2' });
    response.end(await readFile(files[path]));
  } else {
    response.writeHead(pages.has(path) ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(pages.get(path) ?? '');
  }
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
try {
  const strings = await copyStrings();
  const tab = await browser.newPage({ viewport: { width: 1216, height: 800 } });
  for (const weight of WEIGHTS) {
    const shots: Buffer[] = [];
    for (const [name, faces] of Object.entries(FACES)) {
      pages.set(`/${name}-${weight}`, page(faces, strings, weight));
      await tab.goto(`${base}/${name}-${weight}`);
      await tab.evaluate('document.fonts.ready');
      const path = process.env.SHOTS ? join(process.env.SHOTS, `${name}-${weight}.png`) : undefined;
      shots.push(await tab.screenshot({ fullPage: true, path }));
    }
    const images = JSON.stringify(shots.map((shot) => shot.toString('base64')));
    const diff: PixelDifference = await tab.evaluate(`(${PIXELS_THAT_DIFFER})(${images})`);
    const lines = [...new Set(diff.rows.map((row) => Math.floor((row - 8) / LINE_PX)))] as number[];
    process.stdout.write(
      `weight ${weight}: ${strings.length} strings, ${diff.pixels} pixels differ (by at most ${diff.most} of 255), ` +
        `in ${lines.length} strings${lines.length ? ':' : ''}\n${lines
          .slice(0, 8)
          .map((line) => `    ${JSON.stringify(strings[line]).slice(0, 100)}\n`)
          .join('')}`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
