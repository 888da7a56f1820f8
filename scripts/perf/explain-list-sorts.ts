/**
 * EXPLAIN of the list's sorted pages over the bench portfolio (100,000 properties of one user), to
 * check that every sort reads its own index instead of sorting the owner's rows:
 *
 *   tsx scripts/perf/explain-list-sorts.ts [--count 100000]          PGlite in a temp directory
 *   bash scripts/with-postgres.sh tsx scripts/perf/explain-list-sorts.ts   PostgreSQL (DATABASE_URL)
 *
 * Prints, per sort and order, the first page's and a cursor page's plan head, its index and its
 * execution time (EXPLAIN ANALYZE), and an area-range page sorted by update.
 */
import { parseArgs } from 'node:util';
import { PROPERTY_SORT_KEYS, type PropertySort, type PropertySortOrder } from '@domain/property-list-query';
import { PROPERTY_RANGE_FILTERS, PROPERTY_SORTS } from '@domain/property-list-tables';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/database';
import {
  type PropertyListQuery,
  propertyPageQuery,
} from '../../server/repositories/property-list.repository';
import { openSeededDatabase } from './lib/bench-database';

const { values } = parseArgs({ options: { count: { type: 'string', default: '100000' } } });
const seeded = await openSeededDatabase({
  databaseUrl: process.env.DATABASE_URL,
  count: Number(values.count),
});
const { db } = seeded.database;
await db.execute(sql`analyze properties`);

const explain = async (query: { getSQL(): SQL }) => {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain analyze ${query.getSQL()}`);
  const text = rows.map((row) => row['QUERY PLAN']).join('\n');
  const index = /Index (?:Only )?Scan (?:Backward )?using (\w+)/.exec(text)?.[1] ?? 'NO INDEX';
  const sorts = /^\s*(?:->\s+)?Sort\b/m.test(text.split('SubPlan')[0] ?? '') ? 'sorts' : 'no sort';
  const time = /Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? '?';
  return `${index}, ${sorts}, ${time} ms`;
};

console.log(`${seeded.database.kind} ${Number(values.count).toLocaleString('en')} properties`);
for (const sort of PROPERTY_SORT_KEYS) {
  for (const order of ['desc', 'asc'] as PropertySortOrder[]) {
    const query: PropertyListQuery = {
      ownerId: seeded.userId,
      filters: [],
      sort: sort as PropertySort,
      order,
    };
    const first = propertyPageQuery(db, query, { limit: 6, offset: 0 });
    const [boundary] = await propertyPageQuery(db, query, { limit: 500, offset: 0 }).then((rows) =>
      rows.slice(-1),
    );
    const cursorPage = boundary
      ? propertyPageQuery(db, query, {
          limit: 6,
          after: { sort: sort as PropertySort, order, value: boundary.sortValue, id: boundary.id },
        })
      : undefined;
    console.log(
      `${sort} ${order}: first page ${await explain(first)}; after 500 rows ${cursorPage ? await explain(cursorPage) : '-'}`,
    );
  }
}
const ranged: PropertyListQuery = {
  ownerId: seeded.userId,
  filters: [],
  ranges: { area: { min: 200, max: 400 } },
  kinds: ['offices'],
};
console.log(
  `area 200-400 + offices, by update: ${await explain(propertyPageQuery(db, ranged, { limit: 6, offset: 0 }))}`,
);
// The area range read in the sort of the field it bounds (the domain's tables say which).
const areaSort = PROPERTY_SORT_KEYS.find((sort) => PROPERTY_SORTS[sort] === PROPERTY_RANGE_FILTERS.area);
console.log(
  `area 200-400, by area asc: ${await explain(propertyPageQuery(db, { ...ranged, kinds: [], sort: areaSort, order: 'asc' }, { limit: 6, offset: 0 }))}`,
);
await seeded.dispose();
