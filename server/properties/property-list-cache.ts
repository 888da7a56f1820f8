import type { Clock } from '../clock';
import type { ListCursor, PropertyListQuery } from '../repositories/property-list.repository';

/**
 * How long a kept list page, total or summary may be reused at the same revision. The revision
 * (property_list_revisions, moved by triggers on every write) is what keeps them right; the lifetime
 * only keeps the signed file URLs in a kept page young: it is far shorter than a signed URL's
 * lifetime (15 minutes at least, file-url-signer.ts).
 */
export const PROPERTY_LIST_CACHE_TTL_MS = 30_000;
/**
 * What the cache may hold, in rows: a total or summary weighs 1, a page 1 plus its rows. Beyond it
 * the oldest entries go. A list row is well under a kilobyte, so the whole cache stays within ~20 MB.
 */
const MAX_WEIGHT = 20_000;

/**
 * Where an owner's list stands: the revision the database gave for this request. Everything kept
 * for an older revision of the owner is stale, on this server and every other one.
 */
export interface ListRevision {
  ownerId: string;
  revision: number;
}

export interface PropertyListCache {
  /** Whether whole pages are kept (LIST_PAGE_CACHE); without, a page is read with its revision. */
  readonly keepsPages: boolean;
  /** The owner's total for this query at this revision, counting only when none is kept. */
  total(query: PropertyListQuery, at: ListRevision, count: () => Promise<number>): Promise<number>;
  /** The filter buttons' summary at this revision, computed only when none is kept. */
  summary<T>(at: ListRevision, compute: () => Promise<T>): Promise<T>;
  /** A whole list page of this query at `position` (page, size, cursor); `rows` is its weight. */
  page<T>(
    query: PropertyListQuery,
    position: string,
    at: ListRevision,
    rows: number,
    read: () => Promise<T>,
  ): Promise<T>;
  /**
   * Where page `page` of `pageSize` rows of this query last started: the row right before it and
   * the revision it was seen at (the caller reads on from it only while the list is at that revision).
   */
  pageStart(query: PropertyListQuery, pageSize: number, page: number): PageStart | undefined;
  /** Remember that page `page` starts right after `after`, at this revision. */
  rememberPageStart(
    query: PropertyListQuery,
    at: ListRevision,
    pageSize: number,
    page: number,
    after: ListCursor,
  ): void;
}

/** A page number's start: the row before the page, as seen at `revision`. */
export interface PageStart {
  revision: number;
  after: ListCursor;
}

interface Entry {
  ownerId: string;
  value: unknown;
  expiresAt: number;
  weight: number;
}

/**
 * List pages, totals and summaries of each owner, valid for the list revision they were read at.
 * Every list request reads the owner's revision first (one primary-key read); an entry kept for
 * that revision is served without the page query or the count. The revision is read before the
 * data, so a page is never older than the revision it is kept under: a write committed in between
 * can only make it newer. PGlite and PostgreSQL behave the same, and two servers on one database
 * agree, because the revision lives in the database and every writer moves it.
 *
 * Pages can be left out (the app's LIST_PAGE_CACHE=off): each page request then runs its page query,
 * and only totals and summaries are kept, so the list's speed without its page cache can be measured
 * and served.
 *
 * Where numbered pages start is kept too (pageStart): the row before page N, seen when page N or
 * page N − 1 was read by its number, so that page N asked by number again is read on from that row
 * (keyset) instead of counting its way past every row before it (OFFSET).
 *
 * Requests asking for the same entry while it is being read share that one read: when fifty
 * requests arrive for a total nobody has counted yet, it is counted once, not fifty times.
 */
export function createPropertyListCache(
  clock: Clock,
  ttlMs = PROPERTY_LIST_CACHE_TTL_MS,
  { keepPages = true }: { keepPages?: boolean } = {},
): PropertyListCache {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<unknown>>();
  /** The newest revision seen per owner: entries of older ones are dropped when it moves. */
  const newest = new Map<string, number>();
  let weight = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
  };

  /** Keeps a value from `now` for the lifetime; beyond the weight limit the oldest entries go. */
  const keep = (key: string, ownerId: string, value: unknown, entryWeight: number, now: number) => {
    drop(key);
    entries.set(key, { ownerId, value, expiresAt: now + ttlMs, weight: entryWeight });
    weight += entryWeight;
    while (weight > MAX_WEIGHT && entries.size > 1) drop(entries.keys().next().value as string);
  };

  const observe = ({ ownerId, revision }: ListRevision) => {
    const seen = newest.get(ownerId);
    if (seen !== undefined && seen >= revision) return;
    newest.set(ownerId, revision);
    if (seen === undefined) return;
    for (const [key, entry] of entries) if (entry.ownerId === ownerId) drop(key);
  };

  function remember<T>(
    at: ListRevision,
    name: string,
    compute: () => Promise<T>,
    entryWeight = 1,
  ): Promise<T> {
    observe(at);
    const key = `${at.revision}:${name}`;
    const now = clock.now().getTime();
    const kept = entries.get(key);
    if (kept && kept.expiresAt > now) return Promise.resolve(kept.value as T);
    const inFlight = pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const promise = compute().then(
      (value) => {
        pending.delete(key);
        // Kept only while its revision is still the newest this server has seen.
        if (newest.get(at.ownerId) === at.revision) {
          keep(key, at.ownerId, value, entryWeight, now);
        }
        return value;
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
    return promise;
  }

  const startKey = (query: PropertyListQuery, pageSize: number, page: number) =>
    `start:${listKey(query)}#${pageSize}:${page}`;

  return {
    keepsPages: keepPages,
    total: (query, at, count) => remember(at, listKey(query), count),
    summary: (at, compute) => remember(at, JSON.stringify([at.ownerId, 'summary']), compute),
    // Without kept pages (LIST_PAGE_CACHE=off) every page runs its query; totals stay kept.
    page: (query, position, at, rows, read) =>
      keepPages ? remember(at, `${listKey(query)}#${position}`, read, 1 + rows) : read(),
    // Kept whether or not pages are: a start is where to read from, the rows are always read.
    pageStart(query, pageSize, page) {
      const key = startKey(query, pageSize, page);
      const kept = entries.get(key);
      if (!kept) return undefined;
      const start = kept.value as PageStart;
      if (kept.expiresAt <= clock.now().getTime() || (newest.get(query.ownerId) ?? 0) > start.revision) {
        drop(key);
        return undefined;
      }
      return start;
    },
    rememberPageStart(query, at, pageSize, page, after) {
      observe(at);
      if (newest.get(at.ownerId) !== at.revision) return;
      const start: PageStart = { revision: at.revision, after };
      keep(startKey(query, pageSize, page), at.ownerId, start, 1, clock.now().getTime());
    },
  };
}

function listKey(query: PropertyListQuery): string {
  // Everything that chooses or orders the rows is part of the key, so a refinement added to the
  // query is kept apart without a word here (the sort too: a page's rows and its cursor depend on it;
  // the total does not, but one key for both keeps this simple). An empty or absent part is left
  // out, so `kinds: []` and no kinds share their entries. The clock's `now` is not: what is live is
  // kept by the revision and the lifetime.
  const { ownerId, search, now: _now, ...narrowing } = query;
  const parts = Object.entries(narrowing)
    .filter(([, value]) => !isEmpty(value))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([ownerId, search?.trim() ?? '', parts]);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}
