import { captionMessage, captionProblem, normalizeCaption } from '@domain/media-rules';
import { type FilterItem, PROPERTY_LIST_FILTERS } from '@domain/property-filters';
import { MEDIA_INPUT_FIELDS } from '@domain/property-form';
import {
  DEFAULT_PROPERTY_SORT,
  DEFAULT_PROPERTY_SORT_ORDER,
  invertedRanges,
  type PropertyListRefinement,
  type PropertySort,
  type PropertySortOrder,
} from '@domain/property-list-query';
import { MEDIA_GROUPS } from '@domain/property-options';
import type { Property, PropertyInput, PropertyPage, PropertySummary } from '@openapi/schema';
import type { Db } from '../db/database';
import { AppError, type ErrorDetail } from '../http/app-error';
import {
  deleteOwnedProperty,
  findOwnedProperty,
  findPropertyByCreateKey,
  insertProperty,
  isCreateKeyTaken,
  setOwnedPropertyDeletedAt,
  updateOwnedProperty,
} from '../repositories/property.repository';
import {
  deletePropertyFiles,
  listFilesOfProperties,
  listStorageKeysOfProperty,
  setFilesColumn,
} from '../repositories/property-files.repository';
import {
  countProperties,
  type ListCursor,
  listPropertyPageWithRevision,
  type PropertyListQuery,
  type PropertyListRow,
  summarizeProperties,
} from '../repositories/property-list.repository';
import { findOwnedPropertyView } from '../repositories/property-view.repository';
import type { FileStore } from '../storage/file-store';
import { decodeListCursor, encodeListCursor } from './list-cursor';
import type { ListRevisions } from './list-revisions';
import { type ExportFileFormat, exportProperties } from './property-export';
import type { ListRevision, PropertyListCache } from './property-list-cache';
import { inputToChanges, normalizeInput, rowToInput, toApiProperty, toListItem } from './property-mapper';
import { assertNoFileIds, assertSavable } from './property-rules';
import { type StoredPropertyDeps, storedPropertyView } from './stored-property-view';

export interface PropertyServiceDeps extends StoredPropertyDeps {
  /** Pages, totals and summaries kept per list revision (property-list-cache.ts). */
  listCache: PropertyListCache;
  /** Where each owner's list stands (list-revisions.ts): the key of every kept page, total and summary. */
  revisions: ListRevisions;
}

export interface ListOptions extends PropertyListRefinement {
  sort?: PropertySort | undefined;
  order?: PropertySortOrder | undefined;
  page: number;
  pageSize: number;
  search?: string | undefined;
  filters?: readonly FilterItem[];
  /** A previous page's nextCursor: continue right after it instead of counting `page` pages in. */
  after?: string | undefined;
}

/**
 * Everything done to a property, always as its owner: every lookup is scoped to `ownerId`, so
 * another user's property is indistinguishable from one that does not exist (404 not_found).
 * Files removed by a change are deleted from disk only after the change commits.
 */
export function createPropertyService({
  db,
  clock,
  store,
  signer,
  listCache,
  revisions,
}: PropertyServiceDeps) {
  const view = storedPropertyView({ clock, signer });

  /**
   * Page `page` by its number (the spec's `?page=N`, no cursor): read on from where the page was
   * last seen to start (property-list-cache.ts pageStart) while the list is still at that revision,
   * else counted in by OFFSET, one row early so the row before the page is known. Either way, where
   * this page and the next start is remembered, so a caller paging by number, or asking for the same
   * deep page again, reads an index range from a row instead of walking every row before the page.
   * Returns up to pageSize + 1 rows, and the revision when the statement read it.
   */
  async function readNumberedPage(
    query: PropertyListQuery,
    page: number,
    pageSize: number,
    revisionRead: ListRevision | undefined,
  ): Promise<{ rows: PropertyListRow[]; revision: number | undefined }> {
    const offset = (page - 1) * pageSize;
    const start = page > 1 ? listCache.pageStart(query, pageSize, page) : undefined;
    let read: { rows: PropertyListRow[]; revision: number | undefined } | undefined;
    if (start && (revisionRead === undefined || revisionRead.revision === start.revision)) {
      // The revision comes with the rows, so a write since the start was seen is noticed in the same
      // statement (an empty answer says nothing: counted in again below).
      const fromStart = await listPropertyPageWithRevision(
        db,
        query,
        { limit: pageSize + 1, after: start.after },
        revisionRead === undefined,
      );
      const seenAt = revisionRead?.revision ?? fromStart.revision;
      if (seenAt === start.revision) read = { rows: fromStart.rows, revision: fromStart.revision };
    }
    let before: PropertyListRow | undefined;
    if (!read) {
      const counted = await listPropertyPageWithRevision(
        db,
        query,
        offset > 0 ? { limit: pageSize + 2, offset: offset - 1 } : { limit: pageSize + 1, offset },
        revisionRead === undefined,
      );
      before = offset > 0 ? counted.rows[0] : undefined;
      read = { rows: offset > 0 ? counted.rows.slice(1) : counted.rows, revision: counted.revision };
    }
    const revision = revisionRead?.revision ?? read.revision;
    if (revision !== undefined) {
      const at = { ownerId: query.ownerId, revision };
      const startAfter = (row: PropertyListRow, startsPage: number) =>
        listCache.rememberPageStart(query, at, pageSize, startsPage, cursorOf(query, row));
      if (before) startAfter(before, page);
      const last = read.rows[pageSize - 1];
      if (last && read.rows.length > pageSize) startAfter(last, page + 1);
    }
    return read;
  }

  /**
   * A page of the owner's live properties, newest first. One row more than the page is read, so
   * hasNextPage is known from the rows themselves. The total is exact from the rows when the page
   * shows where the list ends; otherwise it is counted once and reused for the following pages
   * (see property-list-cache.ts), so paging a 100,000-row list does not count 100,000 rows per page.
   */
  async function readPage(
    query: PropertyListQuery,
    options: ListOptions,
    revisionRead: ListRevision | undefined,
  ): Promise<PropertyPage> {
    const { page, pageSize } = options;
    const after =
      options.after === undefined
        ? undefined
        : decodeListCursor(
            options.after,
            query.sort ?? DEFAULT_PROPERTY_SORT,
            query.order ?? DEFAULT_PROPERTY_SORT_ORDER,
          );
    if (typeof after === 'string') {
      const message =
        after === 'otherSort' ? 'is a cursor of another sort or order' : 'is not a cursor this list gave out';
      throw new AppError(400, 'validation_failed', { details: [{ path: 'query/after', message }] });
    }
    const offset = (page - 1) * pageSize;
    // Read before the page (kept pages), or by the page's own statement (listPropertyPageWithRevision).
    const { rows: fetched, revision } = after
      ? await listPropertyPageWithRevision(
          db,
          query,
          { limit: pageSize + 1, after },
          revisionRead === undefined,
        )
      : await readNumberedPage(query, page, pageSize, revisionRead);
    const hasNextPage = fetched.length > pageSize;
    const rows = hasNextPage ? fetched.slice(0, pageSize) : fetched;
    // Without a cursor the rows say exactly where a short list ends; with one, where it started is
    // the client's word, so the (cached) count decides.
    const endIsVisible = !after && !hasNextPage && (rows.length > 0 || page === 1);
    // A total counted before rows were added must not contradict the page in hand.
    const atLeast = rows.length > 0 ? (after ? 0 : offset) + rows.length + (hasNextPage ? 1 : 0) : 0;
    const at = async (): Promise<ListRevision> =>
      revisionRead ?? {
        ownerId: query.ownerId,
        revision: revision ?? (await revisions.of(query.ownerId)),
      };
    const totalCount = endIsVisible
      ? offset + rows.length
      : Math.max(await listCache.total(query, await at(), () => countProperties(db, query)), atLeast);
    const last = rows.at(-1);
    return {
      items: rows.map((row) => toListItem(row, signer)),
      totalCount,
      page,
      pageSize,
      hasNextPage,
      hasPreviousPage: page > 1,
      nextCursor: hasNextPage && last ? encodeListCursor(cursorOf(query, last)) : null,
    };
  }

  async function insertNew(ownerId: string, body: PropertyInput, createKey: string | null) {
    assertNoFileIds(body, 'body');
    const input = normalizeInput(body);
    assertSavable(input, 'body');
    const now = clock.now();
    const row = await insertProperty(db, {
      ownerId,
      ...inputToChanges(input, now),
      createdAt: now,
      createKey,
    });
    return toApiProperty(row, [], signer);
  }

  return {
    async create(ownerId: string, body: PropertyInput): Promise<Property> {
      return insertNew(ownerId, body, null);
    },

    /**
     * Create with an Idempotency-Key: the first request with the key makes the property; a repeat
     * (a lost answer retried, a second tab saving the same draft) updates that property with its
     * body instead, its stored files kept, so one draft is never two. A deleted one is not revived.
     */
    /** The live property an Idempotency-Key made, or null; 409 property_deleted when it was deleted. */
    async madeByCreateKey(ownerId: string, createKey: string): Promise<string | null> {
      const made = await findPropertyByCreateKey(db, ownerId, createKey);
      if (!made) return null;
      if (made.deletedAt !== null) throw new AppError(409, 'property_deleted');
      return made.id;
    },

    async createOnce(
      ownerId: string,
      body: PropertyInput,
      createKey: string,
    ): Promise<{ property: Property; replayed: boolean }> {
      const replay = async () => {
        const made = await this.madeByCreateKey(ownerId, createKey);
        if (made === null) return null;
        return { property: await this.update(ownerId, made, withoutFileIds(body)), replayed: true };
      };
      const repeated = await replay();
      if (repeated) return repeated;
      try {
        return { property: await insertNew(ownerId, body, createKey), replayed: false };
      } catch (error) {
        if (!isCreateKeyTaken(error)) throw error;
        const raced = await replay();
        if (!raced) throw error;
        return raced;
      }
    },

    async get(ownerId: string, id: string): Promise<Property> {
      const found = await findOwnedPropertyView(db, ownerId, id, clock.now());
      if (!found) throw notFound();
      return toApiProperty(found.property, found.files, signer);
    },

    /**
     * PUT with "replace what is given": fields left out keep their stored value, and the rules see
     * the merged whole. A file-id list names the files of its group to keep, in display order.
     */
    async update(ownerId: string, id: string, body: PropertyInput): Promise<Property> {
      const removedKeys: string[] = [];
      const property = await db.transaction(async (tx) => {
        const stored = await findOwnedProperty(tx, ownerId, id, { forUpdate: true });
        if (!stored) throw notFound();
        const merged = { ...rowToInput(stored), ...normalizeInput(body) };
        assertSavable(merged, 'body', stored);
        const plan = await planFileLists(tx, stored.id, body);
        const captions = await planCaptions(tx, stored.id, body, plan.remove);
        const updated = await updateOwnedProperty(tx, ownerId, id, inputToChanges(merged, clock.now()));
        if (!updated) throw notFound();
        removedKeys.push(...(await deletePropertyFiles(tx, id, plan.remove)));
        await setFilesColumn(tx, id, 'position', plan.positions);
        await setFilesColumn(tx, id, 'caption', captions);
        return view(tx, updated);
      });
      await removeFromDisk(store, removedKeys);
      return property;
    },

    async softDelete(ownerId: string, id: string): Promise<Property> {
      const row = await setOwnedPropertyDeletedAt(db, ownerId, id, clock.now());
      if (!row) throw notFound();
      return view(db, row);
    },

    async restore(ownerId: string, id: string): Promise<Property> {
      const row = await setOwnedPropertyDeletedAt(db, ownerId, id, null);
      if (row) {
        return view(db, row);
      }
      if (await findOwnedProperty(db, ownerId, id)) throw new AppError(409, 'property_not_deleted');
      throw notFound();
    },

    /** Rows first (in one transaction), then the files on disk; a soft-deleted property can go too. */
    async hardDelete(ownerId: string, id: string): Promise<{ id: string }> {
      const keys = await db.transaction(async (tx) => {
        const row = await findOwnedProperty(tx, ownerId, id, { visibility: 'any', forUpdate: true });
        if (!row) throw notFound();
        const storageKeys = await listStorageKeysOfProperty(tx, id);
        await deleteOwnedProperty(tx, ownerId, id);
        return storageKeys;
      });
      await removeFromDisk(store, keys);
      return { id };
    },

    /**
     * A page of the owner's live properties (readPage), kept until the owner's list revision moves
     * (any write, through any server) or 30 s pass: the revision (list-revisions.ts: kept on PGlite,
     * a primary-key read on PostgreSQL) instead of the page query and the count.
     */
    async list(ownerId: string, options: ListOptions): Promise<PropertyPage> {
      const query = listQueryOf(ownerId, options, clock.now());
      // Without kept pages the revision only keys the total: the page's statement reads it too.
      if (!listCache.keepsPages) return readPage(query, options, undefined);
      const at = { ownerId, revision: await revisions.of(ownerId) };
      const position = JSON.stringify([options.page, options.pageSize, options.after ?? null]);
      return listCache.page(query, position, at, options.pageSize, () => readPage(query, options, at));
    },

    /**
     * Every property of the list under these filters and sort, as a CSV or .xlsx stream (no paging,
     * no cache: read batch by batch while it is sent). A bad range is refused before the stream starts.
     */
    exportFile(
      ownerId: string,
      options: Omit<ListOptions, 'page' | 'pageSize' | 'after'>,
      format: ExportFileFormat,
      language: 'he' | 'en',
    ) {
      return exportProperties(db, listQueryOf(ownerId, options, clock.now()), format, language);
    },

    async summary(ownerId: string): Promise<PropertySummary> {
      const at = { ownerId, revision: await revisions.of(ownerId) };
      return listCache.summary(at, () =>
        summarizeProperties(db, ownerId, PROPERTY_LIST_FILTERS, clock.now()),
      );
    },
  };
}

export type PropertyService = ReturnType<typeof createPropertyService>;

/** The place of a row in the query's sort: where the page after it starts. */
function cursorOf(query: PropertyListQuery, row: PropertyListRow): ListCursor {
  return {
    sort: query.sort ?? DEFAULT_PROPERTY_SORT,
    order: query.order ?? DEFAULT_PROPERTY_SORT_ORDER,
    value: row.sortValue,
    id: row.id,
  };
}

/** The repository's query for these options; a range whose minimum is above its maximum is a 400. */
export function listQueryOf(
  ownerId: string,
  options: Omit<ListOptions, 'page' | 'pageSize'>,
  now: Date,
): PropertyListQuery {
  const inverted = invertedRanges(options.ranges);
  if (inverted.length > 0) {
    throw new AppError(400, 'validation_failed', {
      details: inverted.map((key) => ({ path: `query/${key}Min`, message: 'must not be above the maximum' })),
    });
  }
  // Where a page starts is the caller's, not the query's: the rest (the search, the filters and every
  // refinement) is the query as asked, with the defaults filled in.
  const { page: _page, pageSize: _pageSize, after: _after, ...asked } = options as ListOptions;
  return {
    ...asked,
    ownerId,
    filters: asked.filters ?? [],
    sort: asked.sort ?? DEFAULT_PROPERTY_SORT,
    order: asked.order ?? DEFAULT_PROPERTY_SORT_ORDER,
    kinds: asked.kinds ?? [],
    conditions: asked.conditions ?? [],
    ranges: asked.ranges ?? {},
    now,
  };
}

/** A create body as an update body: the (empty) file lists left out, so stored files are kept. */
export function withoutFileIds(body: PropertyInput): PropertyInput {
  const rest: Record<string, unknown> = { ...body };
  for (const field of Object.values(MEDIA_INPUT_FIELDS)) delete rest[field];
  return rest as PropertyInput;
}

export function notFound(): AppError {
  return new AppError(404, 'not_found');
}

/** Deleting a file that is already gone is fine; anything else leaves an orphan, never a broken row. */
export async function removeFromDisk(store: FileStore, storageKeys: string[]): Promise<void> {
  await Promise.allSettled(storageKeys.map((key) => store.remove(key)));
}

/**
 * The captions the body sets, normalised (blank clears). Each id must be a photo of this property
 * that the update keeps; a caption breaking the caption rule is refused (400) like any bad text.
 */
async function planCaptions(
  tx: Db,
  propertyId: string,
  body: PropertyInput,
  removed: string[],
): Promise<{ id: string; caption: string | null }[]> {
  const entries = Object.entries(body.imageCaptions ?? {});
  if (entries.length === 0) return [];
  const photos = new Set(
    (await listFilesOfProperties(tx, [propertyId]))
      .filter((file) => file.groupKey === 'propertyImages' && !removed.includes(file.id))
      .map((file) => file.id),
  );
  const details: ErrorDetail[] = [];
  for (const [fileId, text] of entries) {
    const path = `body/imageCaptions/${fileId}`;
    const problem = captionProblem(text);
    if (!photos.has(fileId)) details.push({ path, message: 'unknownFile' });
    else if (problem) details.push({ path, message: captionMessage(problem) });
  }
  if (details.length > 0) throw new AppError(400, 'validation_failed', { details });
  return entries.map(([id, text]) => ({ id, caption: normalizeCaption(text) }));
}

/**
 * What the body's file-id lists ask for: for each list given, the group's files not in it are
 * removed and the rest take the list's order. An id that is not a file of that group of this
 * property is refused (400), whoever's file it is.
 */
async function planFileLists(
  tx: Db,
  propertyId: string,
  body: PropertyInput,
): Promise<{ remove: string[]; positions: { id: string; position: number }[] }> {
  const groups = MEDIA_GROUPS.filter((group) => body[MEDIA_INPUT_FIELDS[group.key]] !== undefined);
  if (groups.length === 0) return { remove: [], positions: [] };
  const files = await listFilesOfProperties(tx, [propertyId]);
  const remove: string[] = [];
  const positions: { id: string; position: number }[] = [];
  const details: ErrorDetail[] = [];
  for (const group of groups) {
    const field = MEDIA_INPUT_FIELDS[group.key];
    const keep = body[field] ?? [];
    const inGroup = files.filter((file) => file.groupKey === group.key);
    keep.forEach((fileId, position) => {
      if (inGroup.some((file) => file.id === fileId)) positions.push({ id: fileId, position });
      else details.push({ path: `body/${field}/${position}`, message: 'unknownFile' });
    });
    remove.push(...inGroup.filter((file) => !keep.includes(file.id)).map((file) => file.id));
  }
  if (details.length > 0) throw new AppError(400, 'validation_failed', { details });
  return { remove, positions };
}
