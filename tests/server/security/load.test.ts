import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/database';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { draftRetail, type Property, type PropertyPage } from '../helpers/properties';
import { signedInUser } from '../helpers/sign-in';

/**
 * Concurrency loses nothing (issue 8, part 8): 200 creates from 10 users at once, over real HTTP
 * connections, each answered 201, each stored once, each in its owner's list and nobody else's.
 * The kill, drain and database-outage runs are in tests/resilience.
 */

const USERS = 10;
const PER_USER = 20;

describe('200 concurrent creates from 10 users', () => {
  let ctx: TestApp;
  let base: string;

  beforeAll(async () => {
    // 200 connections at once from one address (ten users behind one office's NAT, here loopback):
    // over the per-address connection cap, which slow-clients.test.ts checks on its own.
    ctx = await buildTestApp({ config: { maxConnectionsPerAddress: 0 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('stores exactly 200 rows, each in its owner’s list', async () => {
    const users = await Promise.all(Array.from({ length: USERS }, () => signedInUser(ctx)));
    const jobs = users.flatMap((user, u) =>
      Array.from({ length: PER_USER }, (_, i) => ({ user, address: `רחוב העומס ${u}-${i}` })),
    );

    const answers = await Promise.all(
      jobs.map(async ({ user, address }) => {
        const response = await fetch(`${base}/api/property/create`, {
          method: 'POST',
          headers: { ...user.headers, 'content-type': 'application/json' },
          body: JSON.stringify(draftRetail({ address })),
        });
        return { status: response.status, property: ((await response.json()) as { data: Property }).data };
      }),
    );

    expect(answers.map((answer) => answer.status)).toEqual(new Array(USERS * PER_USER).fill(201));
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from properties`,
    )) as [{ n: number }];
    expect(n).toBe(USERS * PER_USER);
    for (const [u, user] of users.entries()) {
      const response = await fetch(`${base}/api/property/list?page=1&pageSize=100`, {
        headers: user.headers,
      });
      const page = ((await response.json()) as { data: PropertyPage }).data;
      const expected = answers.slice(u * PER_USER, (u + 1) * PER_USER).map((answer) => answer.property.id);
      expect(page.totalCount).toBe(PER_USER);
      expect(page.items.map((item) => item.id).sort()).toEqual([...expected].sort());
      expect(new Set(page.items.map((item) => item.address))).toEqual(
        new Set(jobs.slice(u * PER_USER, (u + 1) * PER_USER).map((job) => job.address)),
      );
    }
  }, 120_000);
});
