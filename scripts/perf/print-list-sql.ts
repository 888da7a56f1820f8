/**
 * The list's SQL for each filter, each sort and the filter buttons, as the API builds it from a query
 * string (the handler's mapping, the service's query, the repository's statements), printed without a
 * database: run it before and after a change to the list's builders and diff the two outputs.
 *
 *   tsx scripts/perf/print-list-sql.ts > before.sql
 */

// The generated table, not property-list-query's export: the script also runs against a tree from
// before the filters were drawn from the registry, with this one file copied in.
import { LIST_FILTERS } from '@domain/generated/property-list-names';
import { filterItemsFor, PROPERTY_LIST_FILTERS } from '@domain/property-filters';
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

/** A filter's parameters as an address spells them, by its kind: each of its values alone, both ends. */
function viewsOf(entry: (typeof LIST_FILTERS)[number]): [string, Record<string, unknown>][] {
  switch (entry.as) {
    case 'anyOf':
      return [[entry.name, { [entry.name]: entry.values.slice(0, 2).join(',') }]];
    case 'seeking':
      return entry.values.map((value) => [`${entry.name} ${value}`, { [entry.name]: value }]);
    case 'yesNo':
      return [true, false].map((value) => [`${entry.name} ${value}`, { [entry.name]: value }]);
    case 'exactly':
      return [[entry.name, { [entry.name]: ' חיפה ' }]];
    case 'range':
      return [
        [entry.name, { [`${entry.name}Min`]: 1, [`${entry.name}Max`]: 2 }],
        [`${entry.name} from`, { [`${entry.name}Min`]: 3 }],
        [`${entry.name} to`, { [`${entry.name}Max`]: 4 }],
      ];
  }
}

/** No filter, each filter alone, then all of them together. */
const VIEWS: [string, Record<string, unknown>][] = [
  ['none', {}],
  ...LIST_FILTERS.flatMap(viewsOf),
  ['everything', Object.assign({}, ...LIST_FILTERS.map((entry) => viewsOf(entry)[0]?.[1]))],
];

function print(
  label: string,
  statement: { getSQL(): SQL } | { toSQL(): { sql: string; params: unknown[] } },
) {
  const { sql, params } = (statement as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  console.log(`-- ${label}\n${sql}\n-- params ${JSON.stringify(params)}\n`);
}

function printQuery(label: string, view: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const query = listQueryOf(OWNER, { ...refinementOf(view as PropertyListView), ...extra }, NOW);
  console.log(`-- ${label}: query ${JSON.stringify({ ...query, now: undefined })}`);
  for (const [index, part] of propertyPageQueries(db, query, { limit: 6, offset: 0 }).entries()) {
    print(`${label}: first page, part ${index + 1}`, part);
  }
  for (const part of propertyPageQueries(db, query, { limit: 6, offset: 12 }))
    print(`${label}: page 3`, part);
  print(`${label}: count`, propertyCountQuery(db, query));
}

for (const [label, view] of VIEWS) printQuery(label, view);
for (const sort of PROPERTY_SORT_KEYS) {
  for (const order of PROPERTY_SORT_ORDERS) printQuery(`sort ${sort} ${order}`, { sort, order, areaMin: 10 });
}
for (const filter of PROPERTY_LIST_FILTERS) {
  printQuery(`button ${filter}`, VIEWS[1]?.[1] ?? {}, { filters: filterItemsFor(filter) });
}
