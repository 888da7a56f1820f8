import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { shareLinks } from '../../server/db/schema';
import type { ShareLinkOfToken } from '../../server/repositories/share-links.repository';
import { createShareLinkCheck, REVISION_CHANNEL } from '../../server/sharing/share-link-check';
import { announcingDatabase } from './helpers/announcing-database';
import { appWithFilesForTests } from './helpers/app-for-tests';
import { createProperty, publishableOffice } from './helpers/properties';
import { createShareLink } from './helpers/share';
import { signedInUser } from './helpers/sign-in';

/**
 * Issue 22: the share page keeps a link it has read until its owner's revision moves (on PGlite),
 * and still answers a revoked, expired or deleted one with 410 on the very next request, whoever
 * made the change.
 */
describe('the share page’s link check', () => {
  const testApp = appWithFilesForTests({ sharePageRateLimit: 1000 });
  let owner: Record<string, string>;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
  });

  const open = async (path: string) =>
    (await testApp.app.inject({ method: 'GET', url: path, headers: { host: 'share.example' } })).statusCode;
  const sharedOffice = async (body: Parameters<typeof createShareLink>[3] = {}) => {
    const property = await createProperty(testApp, owner, publishableOffice());
    return { property, link: await createShareLink(testApp, owner, property.id, body) };
  };

  it('answers 410 on the next request after a revocation written outside the API', async () => {
    const { link } = await sharedOffice();
    expect(await open(link.path)).toBe(200);
    expect(await open(link.path)).toBe(200);

    // A script or an operator's SQL, not the share links service.
    await testApp.db.update(shareLinks).set({ revokedAt: new Date() }).where(eq(shareLinks.id, link.id));

    expect(await open(link.path)).toBe(410);
  });

  it('answers 410 on the next request once the property is deleted', async () => {
    const { property, link } = await sharedOffice();
    expect(await open(link.path)).toBe(200);

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/property/delete/soft/${property.id}`,
      headers: owner,
    });
    expect(deleted.statusCode).toBe(200);

    expect(await open(link.path)).toBe(410);
  });

  it('answers 410 once a kept link’s expiry passes, with nothing written', async () => {
    const inAMinute = new Date(testApp.clock.now().getTime() + 60_000).toISOString();
    const { link } = await sharedOffice({ expiresAt: inAMinute });
    expect(await open(link.path)).toBe(200);

    testApp.clock.advance(61_000);
    try {
      expect(await open(link.path)).toBe(410);
    } finally {
      testApp.clock.advance(-61_000);
    }
  });

  it('does not keep a link read while its owner’s revision moved', async () => {
    const { database, announce } = announcingDatabase(REVISION_CHANNEL);
    const row = { id: 'link', ownerId: 'owner', revokedAt: null } as unknown as ShareLinkOfToken;
    let reads = 0;
    let announceDuringRead = true;
    const check = await createShareLinkCheck(database, async () => {
      reads += 1;
      // The revocation commits while this read is on its way back.
      if (announceDuringRead) announce('owner');
      return row;
    });

    await check.find('hash');
    await check.find('hash');
    expect(reads).toBe(2);

    announceDuringRead = false;
    await check.find('hash');
    await check.find('hash');
    expect(reads).toBe(3);
    announce('someone else');
    await check.find('hash');
    expect(reads).toBe(3);
    announce('owner');
    await check.find('hash');
    expect(reads).toBe(4);
  });
});
