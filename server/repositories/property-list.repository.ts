import { FILTER_FIELDS } from '@domain/filter-item-check';
import { type FieldType, fieldSpec, type PropertyFieldKey } from '@domain/property-fields';
import {
  type FilterField,
  type FilterItem,
  filterItemsFor,
  type PropertyListFilter,
} from '@domain/property-filters';
import { LIST_FILTER_ENTRIES, type ListFilterEntry } from '@domain/property-list-filters';
import {
  DEFAULT_PROPERTY_SORT,
  DEFAULT_PROPERTY_SORT_ORDER,
  type ListField,
  type PropertyListRefinement,
  type PropertySort,
  type PropertySortOrder,
  refinementKeyOf,
} from '@domain/property-list-query';
import {
  EXPORTED_FIELDS,
  LISTED_FIELDS,
  PROPERTY_RANGE_FILTERS,
  PROPERTY_SORTS,
} from '@domain/property-list-tables';
import { searchTermsFor } from '@domain/search-text';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, like, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { limitWithGenericPlan } from '../db/generic-plans';
import { properties, propertyListRevisions } from '../db/schema';
import { isEngagedOf } from './engagements.repository';
import { hasLivePublication, livePublicationsOf, shareOpensOf } from './share-links.repository';

/** Which of an owner's live properties a list shows: free text over address and city, and filters (ANDed). */
export interface PropertyListQuery extends PropertyListRefinement {
  ownerId: string;
  search?: string | undefined;
  filters?: readonly FilterItem[];
  /** What the page is ordered by; updatedAt, descending, when not given. */
  sort?: PropertySort | undefined;
  order?: PropertySortOrder | undefined;
  /** The app clock's time: which share links are live (active publications). Defaults to the wall clock. */
  now?: Date;
}

/** The owner's list revision (schema.ts propertyListRevisions): 0 before their first write. */
export async function readPropertyListRevision(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ revision: propertyListRevisions.revision })
    .from(propertyListRevisions)
    .where(eq(propertyListRevisions.ownerId, ownerId))
    .limit(1);
  return row?.revision ?? 0;
}

/**
 * The owner's list revision as a column of each page row: one uncorrelated subquery the database
 * evaluates once per statement, so the page and the revision it was read at come in one round trip
 * and from one snapshot (readPropertyListRevision's value, 0 before the first write).
 */
function listRevisionOf(ownerId: string) {
  return sql<number>`coalesce((select ${propertyListRevisions.revision} from ${propertyListRevisions}
    where ${propertyListRevisions.ownerId} = ${ownerId}), 0)`.mapWith(Number);
}

/** The listed row's id, qualified by hand: inside a subquery an unqualified "id" would mean the inner table's. */
const LISTED_ID = sql.raw('"properties"."id"');

/** The filter items' fields that are counted, not read from a column (filterCondition, below). */
type CountedFilterField = 'activePublications' | 'hasEngagements';
type ColumnFilterField = Exclude<FilterField, CountedFilterField>;
const COUNTED_FILTER_FIELDS: readonly FilterField[] = [
  'activePublications',
  'hasEngagements',
] satisfies CountedFilterField[];

/** Every other filterable field (filter-item-check.ts) is the properties column of that name. */
const FILTER_COLUMNS = Object.fromEntries(
  (Object.keys(FILTER_FIELDS) as FilterField[])
    .filter((field) => !COUNTED_FILTER_FIELDS.includes(field))
    .map((field) => [field, properties[field as ColumnFilterField]]),
) as { [Field in ColumnFilterField]: (typeof properties)[Field] };

/** How a field's printed value is read back in a cursor, by its registry type. */
const CURSOR_CASTS: Partial<Record<FieldType, string>> = {
  number: 'numeric',
  integer: 'integer',
  text: 'text',
  date: 'date',
};

/** A registry field's column: the table names its columns by the fields' keys. */
function columnOf(key: PropertyFieldKey): AnyPgColumn {
  return properties[key];
}

/** The columns of these registry fields, each under its key. */
function registryColumns<Key extends PropertyFieldKey>(keys: readonly Key[]): Record<Key, AnyPgColumn> {
  return Object.fromEntries(keys.map((key) => [key, columnOf(key)])) as Record<Key, AnyPgColumn>;
}

/**
 * The column behind each field the list sorts or filters by (domain/property-list-query.ts), with
 * the cast its printed value takes back in a cursor, and whether it can be empty: the list's own
 * update time and completion, and every registry field the list sorts or filters by, named by its
 * key (a registry field is always optional, so its column can be empty).
 */
export const LIST_COLUMNS_BY_FIELD = {
  updatedAt: { column: properties.updatedAt, cast: 'timestamptz', nullable: false },
  dataCompletion: { column: properties.dataCompletion, cast: 'integer', nullable: false },
  ...Object.fromEntries(
    [...new Set<ListField>([...Object.values(PROPERTY_SORTS), ...Object.values(PROPERTY_RANGE_FILTERS)])]
      .filter(
        (key): key is Exclude<ListField, 'updatedAt' | 'dataCompletion'> =>
          key !== 'updatedAt' && key !== 'dataCompletion',
      )
      .map((key) => [key, { column: columnOf(key), cast: castOf(key), nullable: true }]),
  ),
} as unknown as Record<ListField, { column: AnyPgColumn; cast: string; nullable: boolean }>;

function castOf(key: PropertyFieldKey): string {
  const cast = CURSOR_CASTS[fieldSpec(key).type];
  if (!cast) throw new Error(`the list cannot sort or filter by ${key}: no cursor cast for its type`);
  return cast;
}

function sortOf(query: PropertyListQuery) {
  const sort = query.sort ?? DEFAULT_PROPERTY_SORT;
  const order = query.order ?? DEFAULT_PROPERTY_SORT_ORDER;
  return { sort, order, ...LIST_COLUMNS_BY_FIELD[PROPERTY_SORTS[sort]] };
}

/**
 * The columns of a list row, plus the id of its cover (first property image) in the same query.
 * Active publications are the property's live share links, counted at `now` (share_links_live_property_idx).
 */
const listColumns = (now: Date, sortColumn: AnyPgColumn) => ({
  ...registryColumns(LISTED_FIELDS),
  id: properties.id,
  activePublications: livePublicationsOf(LISTED_ID, now),
  shareOpens: shareOpensOf(LISTED_ID),
  status: properties.status,
  hasEngagements: isEngagedOf(LISTED_ID, properties.hasEngagements, now),
  dataCompletion: properties.dataCompletion,
  wizardStep: properties.wizardStep,
  createdAt: properties.createdAt,
  updatedAt: properties.updatedAt,
  // The sort value exactly as stored (a timestamptz to the microsecond, a JS Date keeps
  // milliseconds; a numeric to its last digit), for the next page's cursor.
  sortValue: sql<string | null>`(${sortColumn})::text`,
  // Served by property_files_property_group_idx: one index probe per listed row, no N+1 round trips.
  // The outer row is named by hand: drizzle leaves columns of a one-table select unqualified, and an
  // unqualified "id" in here would silently mean property_files.id.
  coverFileId: sql<string | null>`(
    select cover.id from property_files as cover
    where cover.property_id = "properties"."id" and cover.group_key = 'propertyImages'
    order by cover.position, cover.created_at, cover.id
    limit 1)`,
});

/** Where a page starts: OFFSET rows in, or right after a row (keyset) named by its cursor. */
export type PageStart = { limit: number; offset: number } | { limit: number; after: ListCursor };

/** A row's place in a sorted list: the sort, its printed sort value (null: none) and the id. */
export interface ListCursor {
  sort: PropertySort;
  order: PropertySortOrder;
  value: string | null;
  id: string;
}

/**
 * One page in the query's sort, id breaking ties in the same direction. Each sort has an index on
 * (owner, sort column, id) over live rows (schema.ts), so a page that starts at the top or at a
 * cursor is an ordered index range scan that stops after `limit` rows: page 10,000 costs what page
 * 1 costs. Rows without the sort value come last in both directions; as one index orders them last
 * one way and first the other, such a page is read in two parts: the rows with a value (from the
 * cursor on), then, if the page is not full, the rows without one, by id. Pages that skip rows by
 * OFFSET (no cursor) choose their ids first and fetch row columns and covers for those alone.
 * Exported unexecuted so tests can EXPLAIN the very queries the API runs.
 */
export function propertyPageQueries(
  db: Db,
  query: PropertyListQuery,
  page: PageStart,
  { withRevision = false }: { withRevision?: boolean } = {},
) {
  const { order, column, nullable } = sortOf(query);
  const direction = order === 'asc' ? asc : desc;
  const columns = {
    ...listColumns(query.now ?? new Date(), column),
    ...(withRevision ? { listRevision: listRevisionOf(query.ownerId) } : {}),
  };
  const narrowing = listCondition(query);
  if ('offset' in page && page.offset > 0) {
    // Spelled out only where it matters: on a column that is never empty it would hide the index.
    const nullsLast = nullable ? sql`${column} ${sql.raw(order)} nulls last` : direction(column);
    const pageIds = db
      .select({ id: properties.id })
      .from(properties)
      .where(narrowing)
      .orderBy(nullsLast, direction(properties.id))
      .limit(page.limit)
      .offset(page.offset);
    return [
      db
        .select(columns)
        .from(properties)
        .where(inArray(properties.id, pageIds))
        .orderBy(nullsLast, direction(properties.id)),
    ];
  }
  const after = 'after' in page ? page.after : undefined;
  const oncePlanned = hasOnePlanForEveryValue(query);
  return keysetParts(query, after).map((part) =>
    db
      .select(columns)
      .from(properties)
      .where(part.where)
      .orderBy(...part.orderBy)
      // The rows without a sort value, by id, are planned with their values: planned once, their
      // statement sorted every one of the owner's rows without a value to find a page.
      .limit(oncePlanned && part.withValue ? limitWithGenericPlan(page.limit) : page.limit),
  );
}

/** The filter items' fields whose conditions leave a keyset page's plan the same for every value. */
const ONE_PLAN_FILTER_FIELDS: readonly FilterField[] = ['status', 'activePublications', 'hasEngagements'];

/**
 * Whether a keyset page of this query is planned right once for every value of its parameters: the
 * sort's ordered index range, stopped after the page's rows, whatever the owner, cursor, choices or
 * filter buttons. Not with a search (its plan depends on the pattern), a range or an exact value
 * (each column has an index of its own, which a plan that cannot see how many rows a value matches
 * may walk instead of the sort's, then sort all it found), or a filter item on another column:
 * those are planned with each request's values (docs/decisions.md, issue 26).
 */
function hasOnePlanForEveryValue(query: PropertyListQuery): boolean {
  if (searchTermsFor(query.search ?? '').length > 0) return false;
  if (
    Object.values(query.ranges ?? {}).some((range) => range?.min !== undefined || range?.max !== undefined)
  ) {
    return false;
  }
  const refinement: PropertyListRefinement = query;
  const asked = refinement as Record<string, unknown>;
  if (
    LIST_FILTER_ENTRIES.some((entry) => entry.as === 'exactly' && asked[refinementKeyOf(entry)] !== undefined)
  ) {
    return false;
  }
  return (query.filters ?? []).every((item) => ONE_PLAN_FILTER_FIELDS.includes(item.field));
}

/**
 * The one or two index ranges a keyset read walks, in order, from right after `after`: the rows
 * with a sort value, then (for a column that can be empty) the rows without one, by id.
 */
function keysetParts(
  query: PropertyListQuery,
  after: ListCursor | undefined,
): { where: SQL | undefined; orderBy: SQL[]; withValue: boolean }[] {
  const { order, column, nullable, cast } = sortOf(query);
  const direction = order === 'asc' ? asc : desc;
  const narrowing = listCondition(query);
  const beyond = order === 'asc' ? sql.raw('>') : sql.raw('<');
  const parts: { where: SQL | undefined; orderBy: SQL[]; withValue: boolean }[] = [];
  if (after?.value !== null) {
    parts.push({
      where: and(
        narrowing,
        nullable ? isNotNull(column) : undefined,
        after
          ? sql`(${column}, ${properties.id}) ${beyond} (${after.value}::${sql.raw(cast)}, ${after.id}::uuid)`
          : undefined,
      ),
      orderBy: [direction(column), direction(properties.id)],
      withValue: true,
    });
  }
  if (nullable) {
    parts.push({
      where: and(
        narrowing,
        isNull(column),
        after?.value === null ? sql`${properties.id} ${beyond} ${after.id}::uuid` : undefined,
      ),
      orderBy: [direction(properties.id)],
      withValue: false,
    });
  }
  return parts;
}

/** What an exported row holds (domain PROPERTY_EXPORT_COLUMNS), and the sort value for the next batch. */
const exportColumns = (sortColumn: AnyPgColumn) => ({
  ...registryColumns(EXPORTED_FIELDS),
  id: properties.id,
  status: properties.status,
  dataCompletion: properties.dataCompletion,
  updatedAt: properties.updatedAt,
  sortValue: sql<string | null>`(${sortColumn})::text`,
});

type ExportedKey = keyof ReturnType<typeof exportColumns>;

/**
 * An exported row as JSON gives it: numbers as numbers, dates and times as ISO text, choices as
 * arrays; `sortValue` is the sort column printed as text (the next batch's cursor).
 */
export type PropertyExportRow = Record<ExportedKey, unknown> & { id: string; sortValue: string | null };

/**
 * One batch's rows as one JSON text: the database builds each row as an array and the batch as one
 * value, so the driver decodes one field a batch instead of forty a row (on PGlite, decoding and
 * mapping each field was half the export's time; docs/benchmarks.md, issue 21). The aggregate reads
 * the rows in the ordered, limited subquery's order.
 */
function exportBatchQueries(db: Db, query: PropertyListQuery, after: ListCursor | undefined, limit: number) {
  const columns = Object.entries(exportColumns(sortOf(query).column)) as [ExportedKey, SQL | AnyPgColumn][];
  const keys = columns.map(([key]) => key);
  const row = sql`json_build_array(${sql.join(
    columns.map(([, column]) => column),
    sql`, `,
  )})`;
  // Each part is read only when asked: the rows without a value only if those with one fell short.
  return keysetParts(query, after).map((part) => async () => {
    const inner = db
      .select({ row: sql`${row}`.as('row') })
      .from(properties)
      .where(part.where)
      .orderBy(...part.orderBy)
      .limit(limit)
      .as('batch');
    const [result] = await db
      .select({ rows: sql<string>`coalesce(json_agg(${inner.row}), '[]')::text` })
      .from(inner);
    const arrays = JSON.parse(result?.rows ?? '[]') as unknown[][];
    return arrays.map((values) => {
      const record: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) record[keys[index] as string] = values[index];
      return record as PropertyExportRow;
    });
  });
}

/**
 * Every row of the list in its sort, `batch` rows a query, each batch starting right after the
 * previous one's last row (keyset, as the list's pages): an export of 100,000 rows holds one batch
 * in memory at a time and each query is an index range scan.
 */
export async function* exportPropertyRows(
  db: Db,
  query: PropertyListQuery,
  batch = 1000,
): AsyncGenerator<PropertyExportRow[]> {
  const { sort, order } = sortOf(query);
  let after: ListCursor | undefined;
  for (;;) {
    const rows: PropertyExportRow[] = [];
    for (const part of exportBatchQueries(db, query, after, batch)) {
      if (rows.length >= batch) break;
      rows.push(...(await part()));
    }
    const kept = rows.slice(0, batch);
    if (kept.length > 0) yield kept;
    const last = kept.at(-1);
    if (kept.length < batch || !last) return;
    after = { sort, order, value: last.sortValue, id: last.id };
  }
}

/** The first query of propertyPageQueries (the one a page with a value to sort by runs), for EXPLAIN. */
export function propertyPageQuery(db: Db, query: PropertyListQuery, page: PageStart) {
  const [first] = propertyPageQueries(db, query, page);
  if (!first) throw new Error('a page always has a query');
  return first;
}

export async function listPropertyPage(
  db: Db,
  query: PropertyListQuery,
  page: PageStart,
): Promise<PropertyListRow[]> {
  return (await listPropertyPageWithRevision(db, query, page, false)).rows;
}

/**
 * A page and the owner's list revision read by the same statement (the first that found rows), so
 * a page not kept costs one round trip instead of two; `revision` is undefined when no statement
 * found a row (an empty page), and then only a separate read can tell it.
 */
export async function listPropertyPageWithRevision(
  db: Db,
  query: PropertyListQuery,
  page: PageStart,
  withRevision = true,
): Promise<{ rows: PropertyListRow[]; revision: number | undefined }> {
  const rows: PropertyListRow[] = [];
  let revision: number | undefined;
  for (const part of propertyPageQueries(db, query, page, { withRevision })) {
    // The rows without a value are read only when those with one did not fill the page.
    if (rows.length >= page.limit) break;
    const found = await part;
    // The earliest statement's revision: every row of the page is at least as new as it.
    revision ??= (found[0] as { listRevision?: number } | undefined)?.listRevision;
    rows.push(...found);
  }
  return { rows: rows.slice(0, page.limit), revision };
}

export type PropertyListRow = Awaited<ReturnType<typeof propertyPageQuery>>[number];

/** count(*) over the same condition; the owner index (and the trigram index for a search) bound it. */
export function propertyCountQuery(db: Db, query: PropertyListQuery) {
  return db.select({ count: sql<number>`count(*)::int` }).from(properties).where(listCondition(query));
}

export async function countProperties(db: Db, query: PropertyListQuery): Promise<number> {
  const [row] = await propertyCountQuery(db, query);
  return row?.count ?? 0;
}

/**
 * Every filter button's count in one pass over the owner's rows, each a `count(*) FILTER (WHERE …)`
 * built from the same filter items the buttons send, so a count always matches its list.
 */
export async function summarizeProperties(
  db: Db,
  ownerId: string,
  filters: readonly PropertyListFilter[],
  now: Date = new Date(),
): Promise<Record<PropertyListFilter, number>> {
  const columns = Object.fromEntries(
    filters.map((filter) => {
      const matching = and(...filterItemsFor(filter).map((item) => filterCondition(item, now)));
      const count = matching
        ? sql<number>`(count(*) filter (where ${matching}))::int`
        : sql<number>`count(*)::int`;
      return [filter, count];
    }),
  );
  const [row] = await db.select(columns).from(properties).where(listCondition({ ownerId }));
  return row as Record<PropertyListFilter, number>;
}

function listCondition(query: PropertyListQuery): SQL | undefined {
  return and(
    eq(properties.ownerId, query.ownerId),
    isNull(properties.deletedAt),
    searchCondition(query.search),
    ...(query.filters ?? []).map((item) => filterCondition(item, query.now ?? new Date())),
    ...refinementConditions(query),
  );
}

/** A filter's clause from what the query holds under its name, one builder per kind (ListFilterKind). */
type FilterClause = (column: AnyPgColumn, entry: ListFilterEntry, asked: unknown) => (SQL | undefined)[];

const FILTER_CLAUSES: Record<ListFilterEntry['as'], FilterClause> = {
  /** Any of the options: none chosen is no clause. */
  anyOf: (column, _entry, asked) => {
    const chosen = (asked ?? []) as readonly string[];
    return [chosen.length > 0 ? inArray(column, [...chosen]) : undefined];
  },
  /** The answers that meet what is sought (rent: rent or rentOrSale). */
  seeking: (column, entry, asked) => [
    asked === undefined ? undefined : inArray(column, [...(entry.matches?.[asked as string] ?? [])]),
  ],
  yesNo: (column, _entry, asked) => [asked === undefined ? undefined : eq(column, asked)],
  exactly: (column, _entry, asked) => [asked === undefined ? undefined : eq(column, asked)],
  /** Both ends inclusive, each only when given. */
  range: (column, _entry, asked) => {
    const bounds = asked as { min?: number; max?: number } | undefined;
    return [
      bounds?.min === undefined ? undefined : gte(column, bounds.min),
      bounds?.max === undefined ? undefined : lte(column, bounds.max),
    ];
  },
};

/** Every filter of the registry, in its place, each by its kind's builder; ANDed by the caller. */
function refinementConditions(query: PropertyListRefinement): (SQL | undefined)[] {
  const asked = query as Record<string, unknown>;
  return LIST_FILTER_ENTRIES.flatMap((entry) =>
    FILTER_CLAUSES[entry.as](
      columnOf(entry.field),
      entry,
      entry.as === 'range'
        ? query.ranges?.[entry.name as keyof NonNullable<PropertyListRefinement['ranges']>]
        : asked[refinementKeyOf(entry)],
    ),
  );
}

/**
 * Substring match on city and address as a broker types them: hyphen, maqaf and space alike, quote
 * marks and gershayim ignored, city abbreviations expanded wherever they stand (each a term that must
 * also be found: domain/search-text.ts), against the generated `search_text`. `%`, `_` and `\` typed by the user match themselves. The LIKE can use the
 * pg_trgm GIN index (properties_search_text_trgm_idx) once the term has 3 characters.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const terms = searchTermsFor(search ?? '');
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => like(properties.searchText, `%${escapeLikePattern(term)}%`)));
}

/** Backslash is LIKE's default escape character in PostgreSQL. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Items are checked by validateFilterItems first, so each field gets a value of its own type. */
function filterCondition(item: FilterItem, now: Date): SQL {
  if (item.field === 'activePublications') return publicationsCondition(item, now);
  if (item.field === 'hasEngagements') {
    const engaged = isEngagedOf(LISTED_ID, properties.hasEngagements, now);
    return item.value === true ? engaged : sql`not ${engaged}`;
  }
  const column = FILTER_COLUMNS[item.field];
  return item.operator === 'greaterThan' ? sql`${column} > ${item.value}` : sql`${column} = ${item.value}`;
}

/**
 * Active publications are counted, not stored. "More than none" (the list's filter button) is an
 * EXISTS the planner runs as a semi-join over the live-links index; other counts compare the count.
 */
function publicationsCondition(item: FilterItem, now: Date): SQL {
  const count = livePublicationsOf(LISTED_ID, now);
  if (item.operator === 'greaterThan' && item.value === 0) return hasLivePublication(LISTED_ID, now);
  return item.operator === 'greaterThan' ? sql`${count} > ${item.value}` : sql`${count} = ${item.value}`;
}
