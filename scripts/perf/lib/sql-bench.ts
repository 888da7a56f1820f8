import { performance } from 'node:perf_hooks';
import { TOTAL_AREA_FIELD } from '@domain/property-areas';
import { LISTING_NAME_FIELDS } from '@domain/property-fields';
import { filterItemsFor, type PropertyListFilter } from '@domain/property-filters';
import type { PropertyListView } from '@domain/property-list-query';
import { listNameOf } from '@domain/property-list-tables';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../server/db/database';
import { propertyListRevisions } from '../../../server/db/schema';
import { refinementOf } from '../../../server/handlers/properties.handlers';
import { listQueryOf } from '../../../server/properties/property.service';
import {
  type PropertyListQuery,
  propertyCountQuery,
  propertyPageQuery,
  summarizeProperties,
} from '../../../server/repositories/property-list.repository';
import { percentile } from './stats';

/** The UI's page size (spec 9); the API reads one row more to know whether another page exists. */
export const PAGE_SIZE = 5;
/** A three-letter search that matches a good share of the portfolio (הרצל, הרצליה). */
export const SEARCH_TERM = 'הרצ';
/** Page 10,000 of fives: half-way down a 100,000-row list. */
export const DEEP_PAGE = 10_000;
export const FILTERS: readonly Exclude<PropertyListFilter, 'all'>[] = [
  'marketing',
  'drafts',
  'engagements',
  'publications',
];

/** The address's names for the whole space's area (the registry's area role), sorted and bounded. */
const AREA_SORT = listNameOf(TOTAL_AREA_FIELD, 'sort');
const AREA_RANGE = listNameOf(TOTAL_AREA_FIELD, 'range');
/** The address's name for the sort by where the property is (the listing's `where` role). */
const PLACE_SORT = listNameOf(LISTING_NAME_FIELDS.where, 'sort');

/**
 * Issue 21 item 4: sorted and range-filtered list pages (each sort reads its own index), as the
 * address asks for them. The API benchmark requests each; the SQL table times each page query, under
 * the same name, so `--only` picks both.
 */
export const LIST_TOOL_LISTS: readonly { name: string; search: string }[] = [
  { name: 'list, sorted by total area (desc)', search: `sort=${AREA_SORT}` },
  { name: 'list, sorted by price (asc)', search: 'sort=price&order=asc' },
  { name: 'list, sorted by city (asc)', search: `sort=${PLACE_SORT}&order=asc` },
  {
    name: 'list, area 200–400 m², sorted by area',
    search: `sort=${AREA_SORT}&order=asc&${AREA_RANGE}Min=200&${AREA_RANGE}Max=400`,
  },
  { name: 'list, offices, rent 60–120 ₪, by update', search: 'kind=offices&rentMin=60&rentMax=120' },
];

/** A list's query string as the API reads it (numbers for the range bounds, as the contract coerces them). */
function listQueryOfSearch(ownerId: string, search: string): PropertyListQuery {
  const view: Record<string, string | number> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    view[key] = /(Min|Max)$/.test(key) ? Number(value) : value;
  }
  return listQueryOf(ownerId, refinementOf(view as PropertyListView), new Date());
}

export interface SqlMeasurement {
  name: string;
  /** What the API runs it for. */
  when: string;
  runs: number;
  p50: number;
  p95: number;
  /** EXPLAIN ANALYZE of one run: the plan and the server-side execution time. */
  plan: string;
}

interface SqlCase {
  name: string;
  when: string;
  runs: number;
  query: () => PromiseLike<unknown>;
}

/**
 * Each list and search query as the API builds it, timed in-process (wall time of the driver call:
 * planning, execution and reading the rows) over `runs` runs after `runs / 4` warm-up runs, with its plan.
 */
export async function measureListQueries(
  db: Db,
  ownerId: string,
  options: { pageRuns?: number; countRuns?: number; only?: RegExp | undefined } = {},
): Promise<SqlMeasurement[]> {
  const pageRuns = options.pageRuns ?? 200;
  const countRuns = options.countRuns ?? 20;
  const query = (extra: Partial<PropertyListQuery> = {}): PropertyListQuery => ({
    ownerId,
    filters: [],
    ...extra,
  });
  const page = (listQuery: PropertyListQuery, pageNumber = 1) =>
    propertyPageQuery(db, listQuery, { limit: PAGE_SIZE + 1, offset: (pageNumber - 1) * PAGE_SIZE });
  // The last row of the page before the deep one: what a client's cursor would name.
  const [boundaryRow] = await queryRows<{ value: string; id: string }>(
    db,
    sql`select updated_at::text as "value", id from properties
        where owner_id = ${ownerId} and deleted_at is null
        order by updated_at desc, id desc offset ${(DEEP_PAGE - 1) * PAGE_SIZE - 1} limit 1`,
  );
  const boundary = boundaryRow && { sort: 'updatedAt' as const, order: 'desc' as const, ...boundaryRow };

  const cases: SqlCase[] = [
    {
      name: 'list revision (primary key)',
      when: 'every list request on PostgreSQL; on PGlite after a write',
      runs: pageRuns,
      query: () => db.select().from(propertyListRevisions).where(eq(propertyListRevisions.ownerId, ownerId)),
    },
    {
      name: 'list, first page',
      when: 'a page not kept for this revision',
      runs: pageRuns,
      query: () => page(query()),
    },
    {
      name: `list, search "${SEARCH_TERM}", page 1`,
      when: 'a search page not kept for this revision',
      runs: pageRuns,
      query: () => page(query({ search: SEARCH_TERM })),
    },
    ...FILTERS.map((filter) => ({
      name: `filter ${filter}, page 1`,
      when: 'a filter page not kept for this revision',
      runs: pageRuns,
      query: () => page(query({ filters: filterItemsFor(filter) })),
    })),
    {
      name: `list page ${DEEP_PAGE.toLocaleString('en')} (OFFSET ${((DEEP_PAGE - 1) * PAGE_SIZE).toLocaleString('en')})`,
      when: 'a deep page',
      runs: pageRuns,
      query: () => page(query(), DEEP_PAGE),
    },
    ...(boundary
      ? [
          {
            name: `list page ${DEEP_PAGE.toLocaleString('en')} by cursor (keyset)`,
            when: 'a deep page reached with nextCursor',
            runs: pageRuns,
            query: () => propertyPageQuery(db, query(), { limit: PAGE_SIZE + 1, after: boundary }),
          },
        ]
      : []),
    ...LIST_TOOL_LISTS.map((list) => ({
      name: `${list.name}, page 1`,
      when: 'a page not kept for this revision',
      runs: pageRuns,
      query: () => page(listQueryOfSearch(ownerId, list.search)),
    })),
    {
      name: 'count, whole list',
      when: 'once per list revision and 30 s (cached), not per page',
      runs: countRuns,
      query: () => propertyCountQuery(db, query()),
    },
    {
      name: `count, search "${SEARCH_TERM}"`,
      when: 'once per search, revision and 30 s (cached)',
      runs: countRuns,
      query: () => propertyCountQuery(db, query({ search: SEARCH_TERM })),
    },
    {
      name: 'count, filter engagements',
      when: 'once per filter, revision and 30 s (cached)',
      runs: countRuns,
      query: () => propertyCountQuery(db, query({ filters: filterItemsFor('engagements') })),
    },
    {
      name: 'summary (all filter buttons)',
      when: 'once per list revision and 30 s (cached)',
      runs: countRuns,
      query: () => summarizeProperties(db, ownerId, ['all', ...FILTERS]),
    },
  ];

  // `--only` keeps the cases it names, and always the revision read (every list request on PostgreSQL).
  const chosen = cases.filter((item, index) => index === 0 || !options.only || options.only.test(item.name));
  const results: SqlMeasurement[] = [];
  for (const item of chosen) {
    // A running server has long since compiled the driver's and the query builder's code; five
    // warm-up runs left the first case timed still paying V8's tier-up (its p95 fell from about 5 ms
    // to under 2 ms when the same case was timed again), so every case gets a quarter of its runs.
    for (let i = 0; i < Math.max(5, item.runs / 4); i++) await item.query();
    const times: number[] = [];
    for (let i = 0; i < item.runs; i++) {
      const started = performance.now();
      await item.query();
      times.push(performance.now() - started);
    }
    const built = item.query() as unknown as { getSQL?: () => SQL };
    await (built as unknown as PromiseLike<unknown>);
    const plan = built.getSQL
      ? await explain(db, built.getSQL())
      : '(one aggregate pass over the owner’s live rows, a count(*) FILTER per button)';
    results.push({
      name: item.name,
      when: item.when,
      runs: item.runs,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      plan,
    });
  }
  return results;
}

async function explain(db: Db, query: SQL): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${query}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
