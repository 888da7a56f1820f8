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
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { limitWithGenericPlan } from '../db/generic-plans';
import { properties, propertyListRevisions } from '../db/schema';
import { isEngagedOn, israelDayOf } from './engagements.repository';
import { hasLivePublicationAt, livePublicationsAt, shareOpensOf } from './share-links.repository';

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
function listRevisionOf(ownerId: unknown) {
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
const listColumns = (values: NamedValues, sortColumn: AnyPgColumn) => ({
  ...registryColumns(LISTED_FIELDS),
  id: properties.id,
  activePublications: livePublicationsAt(LISTED_ID, values.now),
  shareOpens: shareOpensOf(LISTED_ID),
  status: properties.status,
  hasEngagements: isEngagedOn(LISTED_ID, properties.hasEngagements, values.today),
  dataCompletion: properties.dataCompletion,
  wizardStep: properties.wizardStep,
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
 * How a request's values enter the list's SQL: as parameters of a statement built for this request
 * (inlineValues), or as placeholders of a statement built once per shape and kept (boundValues).
 * The owner, the instant and its Israeli day are named; every other value is bound in the order the
 * builders meet it, which is the same for every request of one shape (pageShapeOf).
 */
interface ListValues extends NamedValues {
  bind<Value>(value: Value): Value | Placeholder;
}

/** The values a statement's columns take: the only ones a kept statement's build may use. */
interface NamedValues {
  ownerId: string | Placeholder;
  now: string | Placeholder;
  today: string | Placeholder;
}

function inlineValues(query: Pick<PropertyListQuery, 'ownerId' | 'now'>): ListValues {
  const now = query.now ?? new Date();
  return { ownerId: query.ownerId, now: now.toISOString(), today: israelDayOf(now), bind: (value) => value };
}

function boundValues(query: PropertyListQuery): { values: ListValues; params: Record<string, unknown> } {
  const now = query.now ?? new Date();
  const params: Record<string, unknown> = {
    ownerId: query.ownerId,
    now: now.toISOString(),
    today: israelDayOf(now),
  };
  let bound = 0;
  const values: ListValues = {
    ownerId: sql.placeholder('ownerId'),
    now: sql.placeholder('now'),
    today: sql.placeholder('today'),
    bind: (value) => {
      const name = `v${bound++}`;
      params[name] = value;
      return sql.placeholder(name);
    },
  };
  return { values, params };
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
  return pageStatements(query, page, withRevision, inlineValues(query))(db);
}

/**
 * A page's statements in two steps: its conditions now, binding the request's values, and the
 * statements themselves when the returned function is called, which a kept shape skips. The build
 * takes only the named values, so a request binds its values in the same order whether or not its
 * shape was built before.
 */
function pageStatements(
  query: PropertyListQuery,
  page: PageStart,
  withRevision: boolean,
  values: ListValues,
) {
  const { order, column, nullable } = sortOf(query);
  const direction = order === 'asc' ? asc : desc;
  const named: NamedValues = { ownerId: values.ownerId, now: values.now, today: values.today };
  const columnsOf = () => ({
    ...listColumns(named, column),
    ...(withRevision ? { listRevision: listRevisionOf(named.ownerId) } : {}),
  });
  const narrowing = listCondition(query, values);
  if ('offset' in page && page.offset > 0) {
    const limit = values.bind(page.limit);
    const offset = values.bind(page.offset);
    return (db: Db) => {
      // Spelled out only where it matters: on a column that is never empty it would hide the index.
      const nullsLast = nullable ? sql`${column} ${sql.raw(order)} nulls last` : direction(column);
      const pageIds = db
        .select({ id: properties.id })
        .from(properties)
        .where(narrowing)
        .orderBy(nullsLast, direction(properties.id))
        .limit(limit)
        .offset(offset);
      return [
        db
          .select(columnsOf())
          .from(properties)
          .where(inArray(properties.id, pageIds))
          .orderBy(nullsLast, direction(properties.id)),
      ];
    };
  }
  const after = 'after' in page ? page.after : undefined;
  const oncePlanned = hasOnePlanForEveryValue(query);
  const parts = keysetParts(query, after, values, narrowing).map((part) => ({
    ...part,
    // The rows without a sort value, by id, are planned with their values: planned once, their
    // statement sorted every one of the owner's rows without a value to find a page.
    limit: oncePlanned && part.withValue ? limitWithGenericPlan(page.limit) : values.bind(page.limit),
  }));
  return (db: Db) =>
    parts.map((part) =>
      db
        .select(columnsOf())
        .from(properties)
        .where(part.where)
        .orderBy(...part.orderBy)
        .limit(part.limit),
    );
}

type PageStatement = ReturnType<ReturnType<typeof pageStatements>>[number];
type KeptPageStatement = ReturnType<PageStatement['prepare']>;

/** The page shapes kept per database; past them, the shape least recently asked for is dropped. */
export const MAX_KEPT_PAGE_SHAPES = 200;

const keptPageShapes = new WeakMap<Db, Map<string, KeptPageStatement[]>>();

/**
 * The page's statements, built once per shape (pageShapeOf) and kept with placeholders for the
 * request's values: building a list statement's SQL on every request was the largest part of drizzle's
 * share of a cold page's CPU (docs/benchmarks.md, issue 26). Each kept statement is unnamed, so the
 * named-statements client names it by its text, within its own bound per connection.
 */
function keptPageStatements(db: Db, query: PropertyListQuery, page: PageStart, withRevision: boolean) {
  const { values, params } = boundValues(query);
  const build = pageStatements(query, page, withRevision, values);
  // The count of bound values is in the key as a second guard: a shape that binds differently
  // from the one kept is another shape.
  const key = `${pageShapeOf(query, page, withRevision)}#${Object.keys(params).length}`;
  let kept = keptPageShapes.get(db);
  if (!kept) {
    kept = new Map();
    keptPageShapes.set(db, kept);
  }
  let statements = kept.get(key);
  if (statements) {
    kept.delete(key);
  } else {
    // drizzle's prepare takes a name, which would bypass the named-statements client's bound.
    statements = build(db).map((statement) => statement.prepare(undefined as unknown as string));
    if (kept.size >= MAX_KEPT_PAGE_SHAPES) kept.delete(kept.keys().next().value as string);
  }
  kept.set(key, statements);
  return { statements, params };
}

/** How many page shapes are kept for this database (keptPageStatements), for tests. */
export function keptPageShapeCount(db: Db): number {
  return keptPageShapes.get(db)?.size ?? 0;
}

/**
 * What makes two pages' statement texts differ: every choice the builders make from the query and
 * the page rather than bind as a value (the sort and its order, where the page starts, the LIMIT,
 * written into a plan-once statement's text, the revision column, how many search terms, each filter
 * item's field and operator and a counted one's value, which registry filters are asked and how
 * many values each binds).
 */
function pageShapeOf(query: PropertyListQuery, page: PageStart, withRevision: boolean): string {
  const start =
    'after' in page
      ? page.after.value === null
        ? 'after empty'
        : 'after'
      : page.offset > 0
        ? 'offset'
        : 'top';
  return JSON.stringify([
    query.sort ?? DEFAULT_PROPERTY_SORT,
    query.order ?? DEFAULT_PROPERTY_SORT_ORDER,
    start,
    page.limit,
    withRevision,
    searchTermsFor(query.search ?? '').length,
    (query.filters ?? []).map((item) => [
      item.field,
      item.operator,
      COUNTED_FILTER_FIELDS.includes(item.field) ? item.value : null,
    ]),
    LIST_FILTER_ENTRIES.map((entry) => askedShapeOf(entry, askedOf(query, entry))),
  ]);
}

/** What of a registry filter's asked value shapes its clause: none, how many values, which ends. */
function askedShapeOf(entry: ListFilterEntry, asked: unknown): unknown {
  if (asked === undefined) return null;
  if (entry.as === 'range') {
    const bounds = asked as { min?: number; max?: number };
    return [bounds.min !== undefined, bounds.max !== undefined];
  }
  if (entry.as === 'seeking') return entry.matches?.[asked as string]?.length ?? 0;
  return Array.isArray(asked) ? asked.length : true;
}

/** The filter items' fields whose conditions leave a keyset page's plan the same for every value. */
const ONE_PLAN_FILTER_FIELDS: readonly FilterField[] = ['status', 'activePublications', 'hasEngagements'];

/**
 * Whether a keyset page of this query is planned right once for every value of its parameters: the
 * sort's ordered index range, stopped after the page's rows, whatever the owner, cursor, choices or
 * filter buttons. A range on the sort's own column only bounds that same walk: the range's ends are
 * the index range's ends. Not with a search (its plan depends on the pattern), a range on another
 * column or an exact value (each column has an index of its own, which a plan that cannot see how many
 * rows a value matches may walk instead of the sort's, then sort all it found), or a filter item on
 * another column: those are planned with each request's values (docs/decisions.md, issue 26).
 */
function hasOnePlanForEveryValue(query: PropertyListQuery): boolean {
  if (searchTermsFor(query.search ?? '').length > 0) return false;
  const sorted = PROPERTY_SORTS[query.sort ?? DEFAULT_PROPERTY_SORT];
  if (rangedFields(query).some((field) => field !== sorted)) return false;
  const refinement: PropertyListRefinement = query;
  const asked = refinement as Record<string, unknown>;
  if (
    LIST_FILTER_ENTRIES.some((entry) => entry.as === 'exactly' && asked[refinementKeyOf(entry)] !== undefined)
  ) {
    return false;
  }
  return (query.filters ?? []).every((item) => ONE_PLAN_FILTER_FIELDS.includes(item.field));
}

/** The fields of the ranges the query bounds at either end. */
function rangedFields(query: PropertyListQuery): ListField[] {
  return Object.entries(query.ranges ?? {})
    .filter(([, range]) => range?.min !== undefined || range?.max !== undefined)
    .map(([name]) => PROPERTY_RANGE_FILTERS[name as keyof typeof PROPERTY_RANGE_FILTERS]);
}

/**
 * The one or two index ranges a keyset read walks, in order, from right after `after`: the rows
 * with a sort value, then (for a column that can be empty) the rows without one, by id.
 */
function keysetParts(
  query: PropertyListQuery,
  after: ListCursor | undefined,
  values: ListValues,
  narrowing: SQL | undefined,
): { where: SQL | undefined; orderBy: SQL[]; withValue: boolean }[] {
  const { sort, order, column, nullable, cast } = sortOf(query);
  const direction = order === 'asc' ? asc : desc;
  const beyond = order === 'asc' ? sql.raw('>') : sql.raw('<');
  const parts: { where: SQL | undefined; orderBy: SQL[]; withValue: boolean }[] = [];
  if (after?.value !== null) {
    parts.push({
      where: and(
        narrowing,
        nullable ? isNotNull(column) : undefined,
        after
          ? sql`(${column}, ${properties.id}) ${beyond} (${values.bind(after.value)}::${sql.raw(cast)}, ${values.bind(after.id)}::uuid)`
          : undefined,
      ),
      orderBy: [direction(column), direction(properties.id)],
      withValue: true,
    });
  }
  // A range leaves out every row without a value in its column: on the sort's, no second part.
  if (nullable && !rangedFields(query).includes(PROPERTY_SORTS[sort])) {
    parts.push({
      where: and(
        narrowing,
        isNull(column),
        after?.value === null ? sql`${properties.id} ${beyond} ${values.bind(after.id)}::uuid` : undefined,
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
  const values = inlineValues(query);
  // Each part is read only when asked: the rows without a value only if those with one fell short.
  return keysetParts(query, after, values, listCondition(query, values)).map((part) => async () => {
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
  const { statements, params } = keptPageStatements(db, query, page, withRevision);
  for (const statement of statements) {
    // The rows without a value are read only when those with one did not fill the page.
    if (rows.length >= page.limit) break;
    const found = await statement.execute(params);
    // The earliest statement's revision: every row of the page is at least as new as it.
    revision ??= (found[0] as { listRevision?: number } | undefined)?.listRevision;
    rows.push(...found);
  }
  return { rows: rows.slice(0, page.limit), revision };
}

export type PropertyListRow = Awaited<ReturnType<typeof propertyPageQuery>>[number];

/** count(*) over the same condition; the owner index (and the trigram index for a search) bound it. */
export function propertyCountQuery(db: Db, query: PropertyListQuery) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(properties)
    .where(listCondition(query, inlineValues(query)));
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
  const values = inlineValues({ ownerId, now });
  const columns = Object.fromEntries(
    filters.map((filter) => {
      const matching = and(...filterItemsFor(filter).map((item) => filterCondition(item, values)));
      const count = matching
        ? sql<number>`(count(*) filter (where ${matching}))::int`
        : sql<number>`count(*)::int`;
      return [filter, count];
    }),
  );
  const [row] = await db.select(columns).from(properties).where(listCondition({ ownerId }, values));
  return row as Record<PropertyListFilter, number>;
}

function listCondition(query: PropertyListQuery, values: ListValues): SQL | undefined {
  return and(
    eq(properties.ownerId, values.ownerId),
    isNull(properties.deletedAt),
    searchCondition(query.search, values),
    ...(query.filters ?? []).map((item) => filterCondition(item, values)),
    ...refinementConditions(query, values),
  );
}

/** A filter's clause from what the query holds under its name, one builder per kind (ListFilterKind). */
type FilterClause = (
  column: AnyPgColumn,
  entry: ListFilterEntry,
  asked: unknown,
  values: ListValues,
) => (SQL | undefined)[];

const FILTER_CLAUSES: Record<ListFilterEntry['as'], FilterClause> = {
  /** Any of the options: none chosen is no clause. */
  anyOf: (column, _entry, asked, values) => {
    const chosen = (asked ?? []) as readonly string[];
    return [chosen.length > 0 ? inArray(column, chosen.map(values.bind)) : undefined];
  },
  /** The answers that meet what is sought (rent: rent or rentOrSale). */
  seeking: (column, entry, asked, values) => [
    asked === undefined
      ? undefined
      : inArray(column, (entry.matches?.[asked as string] ?? []).map(values.bind)),
  ],
  yesNo: (column, _entry, asked, values) => [
    asked === undefined ? undefined : eq(column, values.bind(asked)),
  ],
  exactly: (column, _entry, asked, values) => [
    asked === undefined ? undefined : eq(column, values.bind(asked)),
  ],
  /** Both ends inclusive, each only when given. */
  range: (column, _entry, asked, values) => {
    const bounds = asked as { min?: number; max?: number } | undefined;
    return [
      bounds?.min === undefined ? undefined : gte(column, values.bind(bounds.min)),
      bounds?.max === undefined ? undefined : lte(column, values.bind(bounds.max)),
    ];
  },
};

/** Every filter of the registry, in its place, each by its kind's builder; ANDed by the caller. */
function refinementConditions(query: PropertyListRefinement, values: ListValues): (SQL | undefined)[] {
  return LIST_FILTER_ENTRIES.flatMap((entry) =>
    FILTER_CLAUSES[entry.as](columnOf(entry.field), entry, askedOf(query, entry), values),
  );
}

/** What the query asks of one registry filter: its range by name, else the value under its key. */
function askedOf(query: PropertyListRefinement, entry: ListFilterEntry): unknown {
  return entry.as === 'range'
    ? query.ranges?.[entry.name as keyof NonNullable<PropertyListRefinement['ranges']>]
    : (query as Record<string, unknown>)[refinementKeyOf(entry)];
}

/**
 * Substring match on city and address as a broker types them: hyphen, maqaf and space alike, quote
 * marks and gershayim ignored, city abbreviations expanded wherever they stand (each a term that must
 * also be found: domain/search-text.ts), against the generated `search_text`. `%`, `_` and `\` typed by the user match themselves. The LIKE can use the
 * pg_trgm GIN index (properties_search_text_trgm_idx) once the term has 3 characters.
 */
function searchCondition(search: string | undefined, values: ListValues): SQL | undefined {
  const terms = searchTermsFor(search ?? '');
  if (terms.length === 0) return undefined;
  return and(
    ...terms.map((term) => like(properties.searchText, values.bind(`%${escapeLikePattern(term)}%`))),
  );
}

/** Backslash is LIKE's default escape character in PostgreSQL. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Items are checked by validateFilterItems first, so each field gets a value of its own type. */
function filterCondition(item: FilterItem, values: ListValues): SQL {
  if (item.field === 'activePublications') return publicationsCondition(item, values);
  if (item.field === 'hasEngagements') {
    const engaged = isEngagedOn(LISTED_ID, properties.hasEngagements, values.today);
    return item.value === true ? engaged : sql`not ${engaged}`;
  }
  const column = FILTER_COLUMNS[item.field];
  const value = values.bind(item.value);
  return item.operator === 'greaterThan' ? sql`${column} > ${value}` : sql`${column} = ${value}`;
}

/**
 * Active publications are counted, not stored. "More than none" (the list's filter button) is an
 * EXISTS the planner runs as a semi-join over the live-links index; other counts compare the count.
 */
function publicationsCondition(item: FilterItem, values: ListValues): SQL {
  const count = livePublicationsAt(LISTED_ID, values.now);
  if (item.operator === 'greaterThan' && item.value === 0) return hasLivePublicationAt(LISTED_ID, values.now);
  const value = values.bind(item.value);
  return item.operator === 'greaterThan' ? sql`${count} > ${value}` : sql`${count} = ${value}`;
}
