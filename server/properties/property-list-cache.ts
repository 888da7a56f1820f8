import type { Clock } from '../clock';
import type { PropertyListQuery } from '../repositories/property-list.repository';

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
          drop(key);
          entries.set(key, { ownerId: at.ownerId, value, expiresAt: now + ttlMs, weight: entryWeight });
          weight += entryWeight;
          while (weight > MAX_WEIGHT && entries.size > 1) drop(entries.keys().next().value as string);
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

  return {
    keepsPages: keepPages,
    total: (query, at, count) => remember(at, listKey(query), count),
    summary: (at, compute) => remember(at, JSON.stringify([at.ownerId, 'summary']), compute),
    // Without kept pages (LIST_PAGE_CACHE=off) every page runs its query; totals stay kept.
    page: (query, position, at, rows, read) =>
      keepPages ? remember(at, `${listKey(query)}#${position}`, read, 1 + rows) : read(),
  };
}

function listKey(query: PropertyListQuery): string {
  // The sort is part of the key too: a page's rows and its cursor depend on it (the total does not,
  // but one key for both keeps this simple).
  return JSON.stringify([
    query.ownerId,
    query.search?.trim() ?? '',
    query.filters ?? [],
    query.sort ?? null,
    query.order ?? null,
    query.kinds ?? [],
    query.dealType ?? null,
    query.divisible ?? null,
    query.conditions ?? [],
    query.city ?? null,
    query.ranges ?? {},
  ]);
}
