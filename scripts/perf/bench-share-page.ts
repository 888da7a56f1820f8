/**
 * The share page's server figure: `/p/{token}` of an office with ten photos, served by the real app
 * (production settings, PGlite in a fresh DATA_DIR) on loopback, 50 connections for 10 s with
 * autocannon, as a phone asks for it (brotli, a phone's User-Agent: every request also counts an
 * open). The per-address limits are raised: fifty connections from one address would measure 429s.
 *
 *   npx tsx scripts/perf/bench-share-page.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { buildApp } from '../../server/app';
import { issueAccessToken } from '../../server/auth/access-token';
import { createRefreshTokenService } from '../../server/auth/refresh-tokens.service';
import { systemClock } from '../../server/clock';
import { loadAppConfig } from '../../server/config';
import { companies, users } from '../../server/db/schema';

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

    const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
    const run = async (name: string, target: string, requestHeaders: Record<string, string>) => {
      const result = await autocannon({ url: target, connections, duration: 10, headers: requestHeaders });
      const { latency, requests } = result;
      console.log(
        `${name}: ${connections} connections, 10 s: ${Math.round(requests.average)} req/s; latency p50 ${latency.p50} ms, ` +
          `p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms; ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
      );
    };
    // The ceiling of this server on this machine right now: a route that only asks the database "select 1".
    await run('GET /api/health', `${base}/api/health`, headers);
    await run('GET /p/{token}', url, headers);
    await run('GET /p/{token} as a preview robot (no open counted)', url, {
      ...headers,
      'user-agent': 'WhatsApp/2.23.20.0 A',
    });
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
