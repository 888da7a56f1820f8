/**
 * One share page request taken apart: the same property as bench-share-page.ts (an office with ten
 * photos, production settings, PGlite), then each part of `/p/{token}` timed on its own, sequentially
 * (no concurrency, so the figures hold under a machine's other load better than a throughput run):
 * the whole request through Fastify (inject), the link lookup, the property's content queries,
 * the render and the compression. Mean of ROUNDS after a warm-up.
 *
 *   npx tsx scripts/perf/profile-share-page.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../../server/app';
import { issueAccessToken } from '../../server/auth/access-token';
import { createRefreshTokenService } from '../../server/auth/refresh-tokens.service';
import { systemClock } from '../../server/clock';
import { loadAppConfig } from '../../server/config';
import { companies, properties, shareLinks, users } from '../../server/db/schema';
import { listFilesOfProperties } from '../../server/repositories/property-files.repository';
import {
  findBrokerCard,
  findLivePropertyOfLink,
  prepareShareLinkLookup,
} from '../../server/repositories/share-links.repository';
import { renderSharePage } from '../../server/sharing/share-page.render';
import { hashShareToken } from '../../server/sharing/share-token';

const ROUNDS = 300;

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

    const shareToken = new URL(url).pathname.slice('/p/'.length);
    const path = new URL(url).pathname;
    const time = async (name: string, work: () => unknown) => {
      for (let index = 0; index < 20; index++) await work();
      const start = process.hrtime.bigint();
      for (let index = 0; index < ROUNDS; index++) await work();
      const micros = Number(process.hrtime.bigint() - start) / 1_000 / ROUNDS;
      console.log(`${name}: ${(micros / 1_000).toFixed(3)} ms`);
    };
    const hash = hashShareToken(shareToken);
    const found = await prepareShareLinkLookup(app.db)(hash);
    if (!found) throw new Error('no link');
    const property = await findLivePropertyOfLink(app.db, found.propertyId);
    if (!property) throw new Error('no property');
    const files = await listFilesOfProperties(app.db, [found.propertyId]);
    const broker = await findBrokerCard(app.db, found.ownerId);
    const page = renderSharePage({
      language: 'he',
      origin: base,
      token: shareToken,
      property,
      showExactAddress: false,
      photos: files.map((file) => ({ key: file.sha256.slice(0, 12), caption: file.caption })),
      documents: [],
      broker,
    });
    // Twice each, alternating: the first round also warms what both share.
    for (let round = 0; round < 2; round++) {
      await time('whole request (inject, br, a phone: open counted)', () =>
        app.inject({ method: 'GET', url: path, headers }),
      );
      await time('whole request (inject, br, preview robot)', () =>
        app.inject({
          method: 'GET',
          url: path,
          headers: { ...headers, 'user-agent': 'WhatsApp/2.23.20.0 A' },
        }),
      );
    }
    await time('GET /api/health (inject: Fastify and a select 1)', () =>
      app.inject({ method: 'GET', url: '/api/health', headers }),
    );
    await time('select 1 (the floor of one query)', () => app.db.execute(sql`select 1`));
    const lookup = prepareShareLinkLookup(app.db);
    await time('link lookup, prepared, with the revision (as served)', () => lookup(hash));
    await time('link lookup, built and planned each time (before)', () =>
      app.db
        .select({ link: shareLinks, propertyDeletedAt: properties.deletedAt })
        .from(shareLinks)
        .innerJoin(properties, eq(properties.id, shareLinks.propertyId))
        .where(eq(shareLinks.tokenHash, hash))
        .limit(1),
    );
    await time('content: property + files + broker (three queries)', async () => {
      await findLivePropertyOfLink(app.db, found.propertyId);
      await listFilesOfProperties(app.db, [found.propertyId]);
      await findBrokerCard(app.db, found.ownerId);
    });
    await time('render (renderSharePage)', () =>
      renderSharePage({
        language: 'he',
        origin: base,
        token: shareToken,
        property,
        showExactAddress: false,
        photos: files.map((file) => ({ key: file.sha256.slice(0, 12), caption: file.caption })),
        documents: [],
        broker,
      }),
    );
    await time('brotli q5', () =>
      brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    );
    await time('gzip', () => gzipSync(page));
    console.log(`page ${page.length} characters`);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
