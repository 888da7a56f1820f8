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
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { buildApp } from '../../server/app';
import { issueAccessToken } from '../../server/auth/access-token';
import { createRefreshTokenService } from '../../server/auth/refresh-tokens.service';
import { systemClock } from '../../server/clock';
import { loadAppConfig } from '../../server/config';
import { companies, users } from '../../server/db/schema';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

const PHOTOS = 10;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nechasim-share-bench-'));
  const config = await loadAppConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SMS_PROVIDER: 'http',
    SMS_GATEWAY_URL: 'https://sms.invalid/send',
    SMS_GATEWAY_TOKEN: 'bench',
    SMS_SENDER: 'Nechasim',
  });
  const app = await buildApp(config, { rateLimitMax: 1_000_000_000, sharePageRateLimit: 1_000_000_000 });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const [company] = await app.db
      .insert(companies)
      .values({ name: 'כהן נכסים מסחריים', companyType: 'brokerage' })
      .returning();
    const [user] = await app.db
      .insert(users)
      .values({
        phoneNumber: '+972501234567',
        firstName: 'דנה',
        lastName: 'כהן',
        email: 'dana@example.co.il',
        companyId: company?.id ?? null,
      })
      .returning();
    if (!user) throw new Error('no user');
    // A sign-in of its own (a session): access tokens of no live session are refused.
    const { familyId } = await createRefreshTokenService({
      db: app.db,
      clock: systemClock,
      secret: config.jwtSecret,
    }).startFamily(app.db, user.id);
    const { token } = await issueAccessToken(
      { userId: user.id, sessionId: familyId },
      { secret: config.jwtSecret, now: () => new Date(), ttlSeconds: 900 },
    );
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${base}/api/property/create`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        status: 'draft',
        wizardStep: 2,
        propertyKind: 'offices',
        city: 'תל אביב-יפו',
        address: 'רוטשילד 22',
        totalArea: 1250,
        marketingArea: 1000,
      }),
    });
    const propertyId = ((await created.json()) as { data: { id: string } }).data.id;
    const form = new FormData();
    for (let index = 0; index < PHOTOS; index++) {
      const bytes = await sharp({
        create: {
          width: 2400,
          height: 1600,
          channels: 3,
          background: { r: 40 + index * 20, g: 120, b: 180 },
        },
      })
        .composite([{ input: await noise(2400, 1600), blend: 'overlay' }])
        .jpeg({ quality: 90 })
        .toBuffer();
      form.append(
        `files.PropertyImages[${index}].File`,
        new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
        `${index}.jpg`,
      );
    }
    const uploaded = await fetch(`${base}/api/property/${propertyId}/files`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (!uploaded.ok) throw new Error(`upload ${uploaded.status}`);
    const link = await fetch(`${base}/api/property/${propertyId}/share-links`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    const url = ((await link.json()) as { data: { url: string } }).data.url;
    const headers = { 'accept-encoding': 'br, gzip', 'user-agent': PHONE_UA };
    const warm = await fetch(url, { headers });
    const html = await warm.text();
    console.log(
      `page: ${warm.status}, ${html.length} bytes of HTML, ${[...html.matchAll(/<img /g)].length} images`,
    );

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
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

/** Grey noise to overlay on a photo: JPEG then has detail to keep, as in a real photograph. */
async function noise(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png()
    .toBuffer();
}
