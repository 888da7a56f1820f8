import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { PropertyListQuery } from '../repositories/property-list.repository';

/**
 * How long a list total (or a kept list page) may be reused. Writes made through this server forget
 * an owner's entries at once; the lifetime bounds how stale a total can be after a write this
 * process did not see (another instance on the same PostgreSQL, or a job updating counters in SQL).
 * It is far shorter than a signed file URL's lifetime (15 minutes at least, file-url-signer.ts), so
 * a kept page never hands out a URL that has expired or is about to.
 */
export const LIST_COUNT_TTL_MS = 30_000;
/**
 * What the cache may hold, in rows: a total weighs 1, a page 1 plus its rows. Beyond it the oldest
 * entries go. A list row is well under a kilobyte, so the whole cache stays within ~20 MB.
 */
const MAX_WEIGHT = 20_000;

export interface ListCountCache {
  /** The owner's total for this query, counting only when no fresh one is kept. */
  get(query: PropertyListQuery, count: () => Promise<number>): Promise<number>;
  /** The same for any other value made of the owner's counts (the filter buttons' summary). */
  remember<T>(ownerId: string, name: string, compute: () => Promise<T>): Promise<T>;
  /**
   * A whole list page of this query at `position` (page, size, cursor), read only when no fresh one
   * is kept; `rows` is its weight. Only for a database no other process writes to (PGlite).
   */
  page<T>(query: PropertyListQuery, position: string, rows: number, read: () => Promise<T>): Promise<T>;
  /** Every entry of this owner is stale: a property or one of its files was created, changed or deleted. */
  forgetOwner(ownerId: string): void;
}

interface Entry {
  ownerId: string;
  value: unknown;
  expiresAt: number;
  weight: number;
}

interface Pending {
  ownerId: string;
  promise: Promise<unknown>;
}

/**
 * Totals of list queries, so that paging through a 100,000-row list counts once, not once per page
 * (a count over every row of a large list costs tens of milliseconds; a page costs one or two). The
 * rows of a page and `hasNextPage` never come from a kept total: a stale total can only make the
 * "5 of N" line lag, never a page skip or repeat rows. Kept pages (see `page`) are forgotten with the
 * owner's totals, on every write of theirs.
 *
 * Callers asking for the same entry while it is being computed share that one computation: when a
 * total expires under load, fifty waiting requests run one count, not fifty in a row.
 */
export function createListCountCache(clock: Clock, ttlMs = LIST_COUNT_TTL_MS): ListCountCache {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Pending>();
  let weight = 0;
  /** Bumped by forgetOwner: a value that started before a write must not be stored after it. */
  const generations = new Map<string, number>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
  };

  function remember<T>(ownerId: string, key: string, compute: () => Promise<T>, entryWeight = 1): Promise<T> {
    const now = clock.now().getTime();
    const kept = entries.get(key);
    if (kept && kept.expiresAt > now) return Promise.resolve(kept.value as T);
    const inFlight = pending.get(key);
    if (inFlight) return inFlight.promise as Promise<T>;
    const generation = generations.get(ownerId) ?? 0;
    const promise = compute().then(
      (value) => {
        if (pending.get(key)?.promise === promise) pending.delete(key);
        if ((generations.get(ownerId) ?? 0) === generation) {
          drop(key);
          entries.set(key, { ownerId, value, expiresAt: now + ttlMs, weight: entryWeight });
          weight += entryWeight;
          while (weight > MAX_WEIGHT && entries.size > 1) drop(entries.keys().next().value as string);
        }
        return value;
      },
      (error: unknown) => {
        if (pending.get(key)?.promise === promise) pending.delete(key);
        throw error;
      },
    );
    pending.set(key, { ownerId, promise });
    return promise;
  }

  return {
    get: (query, count) => remember(query.ownerId, listKey(query), count),
    remember: (ownerId, name, compute) => remember(ownerId, JSON.stringify([ownerId, name]), compute),
    page: (query, position, rows, read) =>
      remember(query.ownerId, `${listKey(query)}#${position}`, read, 1 + rows),
    forgetOwner(ownerId) {
      generations.set(ownerId, (generations.get(ownerId) ?? 0) + 1);
      for (const [key, entry] of entries) if (entry.ownerId === ownerId) drop(key);
      // A request arriving after the write must not join a read that started before it.
      for (const [key, entry] of pending) if (entry.ownerId === ownerId) pending.delete(key);
    },
  };
}

/** One cache per database, shared by every service of the app that reads or writes its properties. */
const caches = new WeakMap<Db, ListCountCache>();

export function listCountCacheFor(db: Db, clock: Clock): ListCountCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createListCountCache(clock);
    caches.set(db, cache);
  }
  return cache;
}

function listKey(query: PropertyListQuery): string {
  return JSON.stringify([query.ownerId, query.search?.trim() ?? '', query.filters ?? []]);
}
