import {
  type FilterField,
  type FilterItem,
  filterItemsFor,
  type PropertyListFilter,
} from '@domain/property-filters';
import { searchTermsFor } from '@domain/search-text';
import { and, desc, eq, inArray, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { properties, propertyListRevisions } from '../db/schema';
import { hasLivePublication, livePublicationsOf, shareOpensOf } from './share-links.repository';

/** Which of an owner's live properties a list shows: free text over address and city, and filters (ANDed). */
export interface PropertyListQuery {
  ownerId: string;
  search?: string | undefined;
  filters?: readonly FilterItem[];
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

/** The listed row's id, qualified by hand: inside a subquery an unqualified "id" would mean the inner table's. */
const LISTED_ID = sql.raw('"properties"."id"');

const FILTER_COLUMNS = {
  propertyCategory: properties.propertyCategory,
  status: properties.status,
  hasEngagements: properties.hasEngagements,
  propertyKind: properties.propertyKind,
  buildingClass: properties.buildingClass,
  city: properties.city,
} as const satisfies Record<Exclude<FilterField, 'activePublications'>, unknown>;

/**
 * The columns of a list row, plus the id of its cover (first property image) in the same query.
 * Active publications are the property's live share links, counted at `now` (share_links_live_property_idx).
 */
const listColumns = (now: Date) => ({
  id: properties.id,
  address: properties.address,
  city: properties.city,
  propertyKind: properties.propertyKind,
  propertyCategory: properties.propertyCategory,
  buildingClass: properties.buildingClass,
  totalArea: properties.totalArea,
  marketingArea: properties.marketingArea,
  activePublications: livePublicationsOf(LISTED_ID, now),
  shareOpens: shareOpensOf(LISTED_ID),
  status: properties.status,
  hasEngagements: properties.hasEngagements,
  dataCompletion: properties.dataCompletion,
  wizardStep: properties.wizardStep,
  createdAt: properties.createdAt,
  updatedAt: properties.updatedAt,
  // The exact stored time (microseconds; a JS Date keeps milliseconds), for the next page's cursor.
  cursorTime: sql<string>`${properties.createdAt}::text`,
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

/** A row's place in the list order: its exact created_at text and id. */
export interface ListCursor {
  createdAt: string;
  id: string;
}

/**
 * One page, newest first. The order matches properties_owner_listing_idx (owner, created_at desc,
 * id desc, live rows only), so a page is an ordered index range scan; id breaks ties between equal
 * times. With a cursor the scan starts right after that row (keyset): page 10,000 costs what page 1
 * costs. A page that starts at the top or at a cursor is one plain query: the scan stops after
 * `limit` rows and the cover is looked up for those alone. With an offset the page's ids are chosen
 * first and the row columns and cover fetched for those alone, so rows skipped by OFFSET cost an
 * index entry each, not a heap fetch and a cover lookup; that shape costs the planner about twice
 * as much, so it is kept for the pages that skip rows.
 * Exported unexecuted so tests can EXPLAIN the very query the API runs.
 */
export function propertyPageQuery(db: Db, query: PropertyListQuery, page: PageStart) {
  const after =
    'after' in page
      ? sql`(${properties.createdAt}, ${properties.id}) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
      : undefined;
  const offset = 'offset' in page ? page.offset : 0;
  const columns = listColumns(query.now ?? new Date());
  if (offset === 0) {
    return db
      .select(columns)
      .from(properties)
      .where(and(listCondition(query), after))
      .orderBy(desc(properties.createdAt), desc(properties.id))
      .limit(page.limit);
  }
  const pageIds = db
    .select({ id: properties.id })
    .from(properties)
    .where(listCondition(query))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(page.limit)
    .offset(offset);
  return db
    .select(columns)
    .from(properties)
    .where(inArray(properties.id, pageIds))
    .orderBy(desc(properties.createdAt), desc(properties.id));
}

export async function listPropertyPage(
  db: Db,
  query: PropertyListQuery,
  page: PageStart,
): Promise<PropertyListRow[]> {
  return propertyPageQuery(db, query, page);
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
      const condition = and(...filterItemsFor(filter).map((item) => filterCondition(item, now)));
      const count = condition
        ? sql<number>`(count(*) filter (where ${condition}))::int`
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
