/**
 * The list's SQL for each filter, each sort and the filter buttons, as the API builds it from a query
 * string (the handler's mapping, the service's query, the repository's statements), printed without a
 * database: run it before and after a change to the list's builders and diff the two outputs.
 *
 *   tsx scripts/perf/print-list-sql.ts > before.sql
 */
import { PROPERTY_LIST_FILTERS, filterItemsFor } from '@domain/property-filters';
import { PROPERTY_SORT_KEYS, PROPERTY_SORT_ORDERS, type PropertyListView } from '@domain/property-list-query';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pg-proxy';
import type { Db } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { refinementOf } from '../../server/handlers/properties.handlers';
import { listQueryOf } from '../../server/properties/property.service';
import { propertyCountQuery, propertyPageQueries } from '../../server/repositories/property-list.repository';

// Never called: the statements are only printed.
const db = drizzle(async () => ({ rows: [] }), { schema }) as unknown as Db;
const OWNER = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-01-01T00:00:00Z');

/** Each parameter of the list's address alone, then all of them together, as the address spells them. */
const VIEWS: Record<string, Record<string, unknown>> = {
  none: {},
  kind: { kind: 'offices,retail' },
  'dealType rent': { dealType: 'rent' },
  'dealType sale': { dealType: 'sale' },
  'divisible yes': { divisible: true },
  'divisible no': { divisible: false },
  condition: { condition: 'shell,finished' },
  city: { city: ' חיפה ' },
  area: { areaMin: 100, areaMax: 500 },
  'area from': { areaMin: 100 },
  rent: { rentMin: 40, rentMax: 90 },
  'price to': { priceMax: 5_000_000 },
  everything: {
    kind: 'industry',
    dealType: 'sale',
    divisible: true,
    condition: 'renovated',
    city: 'תל אביב-יפו',
    areaMin: 1,
    areaMax: 2,
    rentMin: 3,
    rentMax: 4,
    priceMin: 5,
    priceMax: 6,
  },
};

function print(label: string, statement: { getSQL(): SQL } | { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = (statement as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  console.log(`-- ${label}\n${sql}\n-- params ${JSON.stringify(params)}\n`);
}

function printQuery(label: string, view: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const query = listQueryOf(OWNER, { ...refinementOf(view as PropertyListView), ...extra }, NOW);
  console.log(`-- ${label}: query ${JSON.stringify({ ...query, now: undefined })}`);
  propertyPageQueries(db, query, { limit: 6, offset: 0 }).forEach((part, index) =>
    print(`${label}: first page, part ${index + 1}`, part),
  );
  propertyPageQueries(db, query, { limit: 6, offset: 12 }).forEach((part) => print(`${label}: page 3`, part));
  print(`${label}: count`, propertyCountQuery(db, query));
}

for (const [label, view] of Object.entries(VIEWS)) printQuery(label, view);
for (const sort of PROPERTY_SORT_KEYS) {
  for (const order of PROPERTY_SORT_ORDERS) printQuery(`sort ${sort} ${order}`, { sort, order, areaMin: 10 });
}
for (const filter of PROPERTY_LIST_FILTERS) {
  printQuery(`button ${filter}`, { kind: 'offices' }, { filters: filterItemsFor(filter) });
}
