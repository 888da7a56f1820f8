/**
 * Whether a list page's statement may be planned once for every value (issue 26): each list shape's
 * keyset parts (the first page and a page after 400 rows), PREPAREd and run with EXPLAIN ANALYZE under
 * a generic plan and under custom plans, for the bench's owner of 100,000 properties and for one of
 * 2,000 small owners added beside it (20 rows each). Prints both execution times, flags a generic plan
 * more than three times slower with both plans' scan nodes, and says which parts the repository plans
 * with their values only (not marked with GENERIC_PLAN_MARK).
 *
 *   bash scripts/with-postgres.sh npx tsx scripts/perf/explain-generic-plans.ts   (COUNT=100000 SMALL_OWNERS=2000)
 */
import { LIST_FILTERS } from '@domain/generated/property-list-names';
import { filterItemsFor, PROPERTY_LIST_FILTERS } from '@domain/property-filters';
import { PROPERTY_SORT_KEYS, PROPERTY_SORT_ORDERS, type PropertyListView } from '@domain/property-list-query';
import { PROPERTY_RANGE_FILTERS, PROPERTY_SORTS } from '@domain/property-list-tables';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../../server/db/database';
import { GENERIC_PLAN_MARK } from '../../server/db/generic-plans';
import { refinementOf } from '../../server/handlers/properties.handlers';
import { listQueryOf } from '../../server/properties/property.service';
import { propertyPageQueries } from '../../server/repositories/property-list.repository';
import { openSeededDatabase } from './lib/bench-database';

const count = Number(process.env.COUNT ?? 100000);
const seeded = await openSeededDatabase({ databaseUrl: process.env.DATABASE_URL, count });
const { db } = seeded.database;
const cols = await queryRows<{ c: string }>(
  db,
  sql`select column_name as c from information_schema.columns
  where table_name = 'properties' and is_generated = 'NEVER' and column_name not in ('id', 'owner_id') order by ordinal_position`,
);
const list = cols.map((r) => `"${r.c}"`).join(', ');
const smallOwners = Number(process.env.SMALL_OWNERS ?? 2000);
await db.execute(
  sql.raw(`insert into users (phone_number, first_name, last_name, email)
  select '+97250' || lpad(i::text, 7, '0'), 'a', 'b', 'x' || i || '@e.com' from generate_series(1, ${smallOwners}) i`),
);
await db.execute(
  sql.raw(`insert into properties (owner_id, ${list})
  select u.id, ${cols.map((r) => `p."${r.c}"`).join(', ')} from users u
  cross join lateral (select * from properties where owner_id = '${seeded.userId}' order by id offset (abs(hashtext(u.id::text)) % 5000) limit 20) p
  where u.phone_number like '+97250%'`),
);
await db.execute(sql`analyze`);
const [small] = await queryRows<{ id: string }>(
  db,
  sql`select id from users where phone_number like '+97250%' limit 1`,
);
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const NOW = new Date();
const VIEWS: [string, Record<string, unknown>][] = [['none', {}]];
for (const entry of LIST_FILTERS) {
  if (entry.as === 'anyOf') VIEWS.push([entry.name, { [entry.name]: entry.values.slice(0, 2).join(',') }]);
  if (entry.as === 'seeking')
    for (const v of entry.values) VIEWS.push([`${entry.name} ${v}`, { [entry.name]: v }]);
  if (entry.as === 'yesNo')
    for (const v of [true, false]) VIEWS.push([`${entry.name} ${v}`, { [entry.name]: v }]);
  if (entry.as === 'exactly') VIEWS.push([entry.name, { [entry.name]: 'חיפה' }]);
  if (entry.as === 'range') {
    VIEWS.push([entry.name, { [`${entry.name}Min`]: 100, [`${entry.name}Max`]: 400 }]);
    // The same range sorted by its own column, both ends and one, both orders.
    const sort = PROPERTY_SORT_KEYS.find((key) => PROPERTY_SORTS[key] === PROPERTY_RANGE_FILTERS[entry.name]);
    for (const order of PROPERTY_SORT_ORDERS) {
      VIEWS.push([
        `${entry.name} by it ${order}`,
        { sort, order, [`${entry.name}Min`]: 100, [`${entry.name}Max`]: 400 },
      ]);
      VIEWS.push([`${entry.name} from 100 by it ${order}`, { sort, order, [`${entry.name}Min`]: 100 }]);
      VIEWS.push([
        `${entry.name} up to 400 by it, offices ${order}`,
        { sort, order, kind: 'offices', [`${entry.name}Max`]: 400 },
      ]);
    }
  }
}
for (const sort of PROPERTY_SORT_KEYS)
  for (const order of PROPERTY_SORT_ORDERS) VIEWS.push([`sort ${sort} ${order}`, { sort, order }]);
const extras: [string, Record<string, unknown>][] = PROPERTY_LIST_FILTERS.map((f) => [
  `button ${f}`,
  { filters: filterItemsFor(f) },
]);
let n = 0;
const lit = (v: unknown) =>
  v === null ? 'null' : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
async function plan(text: string, params: unknown[], mode: string) {
  n += 1;
  await client.query(`set plan_cache_mode = ${mode}`);
  await client.query(`prepare s${n} as ${text}`);
  const args = params.length ? `(${params.map(lit).join(', ')})` : '';
  let first = '';
  let time = 0;
  for (let i = 0; i < 3; i++) {
    const r = await client.query(`explain (analyze, costs off, timing off, summary on) execute s${n}${args}`);
    const lines: string[] = r.rows.map((x: Record<string, string>) => x['QUERY PLAN'] ?? '');
    first = lines
      .filter(
        (l: string) =>
          /Scan|Sort|Limit|Append/.test(l) && !/revisions|share_link|cover|engaged|order_eng/.test(l),
      )
      .slice(0, 4)
      .map((l: string) => l.trim())
      .join(' | ');
    time = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]);
  }
  return { first, time };
}
for (const [label, view, extra] of [
  ...VIEWS.map(([l, v]) => [l, v, {}] as const),
  ...extras.map(([l, e]) => [l, {}, e] as const),
]) {
  for (const [who, owner] of [
    ['big', seeded.userId],
    ['small', small?.id ?? ''],
  ] as const) {
    const query = listQueryOf(owner, { ...refinementOf(view as PropertyListView), ...extra }, NOW);
    const rows = await propertyPageQueries(db, query, { limit: 400, after: undefined as never } as never)[0];
    const last = rows?.at(-1);
    const cursor = last
      ? { sort: query.sort, order: query.order, value: last.sortValue, id: last.id }
      : undefined;
    for (const [where, page] of [
      ['first', { limit: 7, after: undefined }],
      ['cursor', { limit: 7, after: cursor }],
    ] as const) {
      if (where === 'cursor' && !cursor) continue;
      const parts = propertyPageQueries(db, query, page as never, { withRevision: where === 'first' });
      for (const [index, part] of parts.entries()) {
        const q = part.toSQL();
        if (!q.sql.endsWith(GENERIC_PLAN_MARK)) {
          console.log(`${label} [${who}] ${where} part ${index + 1}: custom only`);
          continue;
        }
        const g = await plan(q.sql, q.params, 'force_generic_plan');
        const c = await plan(q.sql, q.params, 'force_custom_plan');
        const flag = g.time > 3 * c.time + 0.5 ? ' <<< SLOWER' : '';
        console.log(
          `${label} [${who}] ${where} part ${index + 1}: generic ${g.time} ms, custom ${c.time} ms${flag}${flag ? `\n   G: ${g.first}\n   C: ${c.first}` : ''}`,
        );
      }
    }
  }
}
await client.end();
await seeded.dispose();
