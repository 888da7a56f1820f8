/**
 * What the engagement check costs (issue 23): the list's first page with and without the
 * "engagements" filter, its count and the filter buttons' summary, over the bench portfolio
 * (100,000 properties of one user) with a realistic share of exposure requests and signed orders:
 *
 *   tsx scripts/perf/explain-engagements.ts [--count 100000] [--runs 200]     PGlite in a temp directory
 *   bash scripts/with-postgres.sh tsx scripts/perf/explain-engagements.ts    PostgreSQL (DATABASE_URL)
 *
 * Every tenth property has a request (one in two of them signed): 5 % of the portfolio engaged by an
 * order signed in Nechasim, four in ten of those exclusive with a last day within six months either
 * way. `has_engagements` (engagements recorded outside Nechasim) is cleared, so every row probes the
 * EXISTS: the check's full cost, not a short-circuit. Prints each query's plan (EXPLAIN ANALYZE) and
 * its p50 and p95 over `runs` runs (a tenth as many for counts) after a quarter as many warm-up runs.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { filterItemsFor } from '@domain/property-filters';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../server/db/database';
import {
  type PropertyListQuery,
  propertyCountQuery,
  propertyPageQuery,
  summarizeProperties,
} from '../../server/repositories/property-list.repository';
import { openSeededDatabase } from './lib/bench-database';
import { PAGE_SIZE } from './lib/sql-bench';
import { percentile, round } from './lib/stats';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '200' },
  },
});
const pageRuns = Number(values.runs);
const countRuns = Math.max(5, Math.round(pageRuns / 10));
const seeded = await openSeededDatabase({
  databaseUrl: process.env.DATABASE_URL,
  count: Number(values.count),
});
const { db } = seeded.database;
const ownerId = seeded.userId;

/** Requests over every tenth property: half signed (their engagements written as a signature does), half sent. */
async function seedOrders(database: Db): Promise<{ requests: number; engaged: number; exclusive: number }> {
  await database.execute(sql`update properties set has_engagements = false where owner_id = ${ownerId}`);
  await database.execute(sql`
    with numbered as (
      select id, row_number() over (order by id) as n from properties where owner_id = ${ownerId}
    )
    insert into exposure_requests (owner_id, status, client_name, client_phone, terms, signed_at)
    select ${ownerId}, case when n % 20 = 0 then 'signed' else 'sent' end, 'לקוח ' || n,
      '+97254' || lpad(n::text, 7, '0'), jsonb_build_object('seedProperty', id),
      case when n % 20 = 0 then now() end
    from numbered where n % 10 = 0`);
  await database.execute(sql`
    insert into exposure_request_properties (request_id, property_id, position)
    select id, (terms ->> 'seedProperty')::uuid, 0 from exposure_requests where owner_id = ${ownerId}`);
  // Four in ten signed orders exclusive, their last day spread over a year around today.
  await database.execute(sql`
    insert into order_engagements (request_id, property_id, ends_on)
    select r.id, p.property_id,
      case when (row_number() over (order by r.id)) % 10 < 4
        then current_date + (((row_number() over (order by r.id)) * 37) % 360 - 180)::int end
    from exposure_requests r join exposure_request_properties p on p.request_id = r.id
    where r.owner_id = ${ownerId} and r.status = 'signed'`);
  await database.execute(sql`analyze properties`);
  await database.execute(sql`analyze exposure_requests`);
  await database.execute(sql`analyze exposure_request_properties`);
  await database.execute(sql`analyze order_engagements`);
  const [row] = await queryRows<{ requests: number; engaged: number; exclusive: number }>(
    database,
    sql`select (select count(*) from exposure_requests where owner_id = ${ownerId})::int as requests,
      (select count(*) from order_engagements)::int as engaged,
      (select count(*) from order_engagements where ends_on is not null)::int as exclusive`,
  );
  return row ?? { requests: 0, engaged: 0, exclusive: 0 };
}

async function explain(query: SQL): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${query}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function time(runs: number, run: () => PromiseLike<unknown>) {
  for (let i = 0; i < Math.max(5, runs / 4); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2) };
}

const orders = await seedOrders(db);
const plain: PropertyListQuery = { ownerId, filters: [] };
const engaged: PropertyListQuery = { ownerId, filters: filterItemsFor('engagements') };
const page = (query: PropertyListQuery) => propertyPageQuery(db, query, { limit: PAGE_SIZE + 1, offset: 0 });
const cases: Array<{ name: string; runs: number; run: () => PromiseLike<unknown>; sql?: () => SQL }> = [
  { name: 'list page 1', runs: pageRuns, run: () => page(plain), sql: () => page(plain).getSQL() },
  {
    name: 'list page 1, filter engagements',
    runs: pageRuns,
    run: () => page(engaged),
    sql: () => page(engaged).getSQL(),
  },
  {
    name: 'count, filter engagements',
    runs: countRuns,
    run: () => propertyCountQuery(db, engaged),
    sql: () => propertyCountQuery(db, engaged).getSQL(),
  },
  {
    name: 'count, whole list',
    runs: countRuns,
    run: () => propertyCountQuery(db, plain),
    sql: () => propertyCountQuery(db, plain).getSQL(),
  },
  {
    name: 'summary (all filter buttons)',
    runs: countRuns,
    run: () =>
      summarizeProperties(db, ownerId, ['all', 'marketing', 'drafts', 'engagements', 'publications']),
  },
];

const [engagedCount] = await propertyCountQuery(db, engaged);
console.log(
  `${seeded.database.kind}: ${Number(values.count).toLocaleString('en')} properties, ${orders.requests.toLocaleString('en')} requests, ` +
    `${orders.engaged.toLocaleString('en')} signed-order engagements (${orders.exclusive.toLocaleString('en')} exclusive); ` +
    `${(engagedCount?.count ?? 0).toLocaleString('en')} properties engaged today`,
);
console.log('\n| query | runs | p50 ms | p95 ms | execution ms (EXPLAIN ANALYZE) |\n|---|---|---|---|---|');
const plans: string[] = [];
for (const item of cases) {
  const { p50, p95 } = await time(item.runs, item.run);
  const plan = item.sql ? await explain(item.sql()) : '';
  const execution = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '-';
  console.log(`| ${item.name} | ${item.runs} | ${p50} | ${p95} | ${execution} |`);
  if (plan) plans.push(`--- ${item.name}\n${plan}`);
}
console.log(`\n${plans.join('\n\n')}`);
await seeded.dispose();
