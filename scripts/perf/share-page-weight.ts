/**
 * The share page's weight and LCP on a phone: the property of bench-share-page.ts (an office with ten
 * 2400 px photos, production settings, PGlite) opened in headless Chromium at 390 px with no scroll.
 * Counted: every byte the network brings before the first scroll (HTML, inline CSS with it, and the
 * images the first screen loads; `loading="lazy"` keeps the rest), as encoded on the wire (brotli,
 * headers included), and the largest contentful paint. Twice per device pixel ratio: unthrottled on
 * loopback, and throttled as Lighthouse's mobile profile (150 ms RTT, 1.6 Mbit/s down, 4x CPU).
 * The photos carry noise, so they compress like photographs rather than flat colour.
 *
 *   npx tsx scripts/perf/share-page-weight.ts
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { likeAPhotograph, PHONE_UA, startSharePageFixture } from './lib/share-page-fixture';

async function main(): Promise<void> {
  const { url, close } = await startSharePageFixture({
    decoratePhoto: likeAPhotograph,
  });
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
    try {
      for (const deviceScaleFactor of [1.75, 3]) {
        // A first, unreported open makes the variants this pixel ratio asks for (made once, then kept).
        for (const throttled of [undefined, false, true]) {
          const context = await browser.newContext({
            viewport: { width: 390, height: 844 },
            deviceScaleFactor,
            isMobile: true,
            hasTouch: true,
            userAgent: PHONE_UA,
          });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          if (throttled) {
            await cdp.send('Network.emulateNetworkConditions', {
              offline: false,
              latency: 150,
              downloadThroughput: (1.6 * 1024 * 1024) / 8,
              uploadThroughput: (750 * 1024) / 8,
            });
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          }
          const bytes = new Map<string, number>();
          const urls = new Map<string, string>();
          cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
          cdp.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));
          await page.goto(url, { waitUntil: 'load' });
          await page.waitForTimeout(throttled ? 3_000 : 1_000);
          // A string: this script is typed for Node, the observer runs in the page.
          const lcp = (await page.evaluate(`new Promise((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1);
              resolve({ time: last ? last.startTime : NaN, element: last?.element?.tagName ?? '' });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          })`)) as { time: number; element: string };
          if (throttled === undefined) {
            await context.close();
            continue;
          }
          const rows = [...bytes].map(([id, size]) => ({ url: urls.get(id) ?? '', size }));
          const total = rows.reduce((sum, row) => sum + row.size, 0);
          const images = rows.filter((row) => row.url.includes('/photos/'));
          console.log(
            `390 px, DPR ${deviceScaleFactor}, ${throttled ? 'throttled (150 ms, 1.6 Mbit/s, 4x CPU)' : 'unthrottled'}: ` +
              `${(total / 1024).toFixed(1)} KiB before the first scroll in ${rows.length} responses ` +
              `(HTML ${((rows.find((row) => !row.url.includes('/photos/'))?.size ?? 0) / 1024).toFixed(1)} KiB, ` +
              `${images.length} images ${(images.reduce((sum, row) => sum + row.size, 0) / 1024).toFixed(1)} KiB: ` +
              `${images.map((row) => row.url.replace(/^.*\/photos\/[\w-]{12}-/, '')).join(', ')}); ` +
              `LCP ${Math.round(lcp.time)} ms (${lcp.element})`,
          );
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await close();
  }
}

await main();

/** Grey noise to overlay on a photo: JPEG then has detail to keep, as in a real photograph. */
