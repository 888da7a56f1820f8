/**
 * One share page request taken apart: the same property as bench-share-page.ts (an office with ten
 * photos, production settings, PGlite), then each part of `/p/{token}` timed on its own, sequentially
 * (no concurrency, so the figures hold under a machine's other load better than a throughput run):
 * the whole request through Fastify (inject), the link lookup (read, and kept as on PGlite), the property's content queries,
 * the render and the compression. Mean of ROUNDS after a warm-up.
 *
 *   npx tsx scripts/perf/profile-share-page.ts
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { properties, shareLinks } from '../../server/db/schema';
import { listFilesOfProperties } from '../../server/repositories/property-files.repository';
import {
  findBrokerCard,
  findLivePropertyOfLink,
  prepareShareLinkLookup,
} from '../../server/repositories/share-links.repository';
import { createShareLinkCheck } from '../../server/sharing/share-link-check';
import { renderSharePage } from '../../server/sharing/share-page.render';
import { hashShareToken } from '../../server/sharing/share-token';
import { startSharePageFixture } from './lib/share-page-fixture';

const ROUNDS = 300;

async function main(): Promise<void> {
  const { app, base, url, phoneHeaders: headers, close } = await startSharePageFixture();
  try {
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
    const renderPage = () =>
      renderSharePage({
        language: 'he',
        origin: base,
        token: shareToken,
        property,
        showExactAddress: false,
        photos: files.map((file) => ({ key: file.sha256.slice(0, 12), caption: file.caption })),
        documents: [],
        broker,
      });
    const page = renderPage();
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
    await time('link lookup, prepared, with the revision (as served on PostgreSQL)', () => lookup(hash));
    const check = await createShareLinkCheck(app.database, lookup);
    await time('link check, kept until the revision moves (as served on PGlite)', () => check.find(hash));
    await check.stop();
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
    await time('render (renderSharePage)', renderPage);
    await time('brotli q5', () =>
      brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    );
    await time('gzip', () => gzipSync(page));
    console.log(`page ${page.length} characters`);
  } finally {
    await close();
  }
}

await main();
