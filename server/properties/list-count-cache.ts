import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { PropertyListQuery } from '../repositories/property-list.repository';

/**
 * How long a list total may be reused. Writes made through this server forget an owner's totals at
 * once; the lifetime bounds how stale a total can be after a write this process did not see (another
 * instance on the same PostgreSQL, or a job updating counters in SQL).
 */
export const LIST_COUNT_TTL_MS = 30_000;
/** Owners × queries kept; beyond it the oldest entry goes. A total is a few dozen bytes. */
const MAX_ENTRIES = 10_000;

export interface ListCountCache {
  /** The owner's total for this query, counting only when no fresh one is kept. */
  get(query: PropertyListQuery, count: () => Promise<number>): Promise<number>;
  /** The same for any other value made of the owner's counts (the filter buttons' summary). */
  remember<T>(ownerId: string, name: string, compute: () => Promise<T>): Promise<T>;
  /** Every total of this owner is stale: a property was created, changed or deleted. */
  forgetOwner(ownerId: string): void;
}

/**
 * Totals of list queries, so that paging through a 100,000-row list counts once, not once per page
 * (a count over every row of a large list costs tens of milliseconds; a page costs one or two). The
 * rows of a page and `hasNextPage` never come from here: a stale total can only make the "5 of N"
 * line lag, never a page skip or repeat rows.
 */
export function createListCountCache(clock: Clock, ttlMs = LIST_COUNT_TTL_MS): ListCountCache {
  const entries = new Map<string, { ownerId: string; value: unknown; expiresAt: number }>();
  /** Bumped by forgetOwner: a count that started before a write must not be stored after it. */
  const generations = new Map<string, number>();

  async function remember<T>(ownerId: string, key: string, compute: () => Promise<T>): Promise<T> {
    const now = clock.now().getTime();
    const kept = entries.get(key);
    if (kept && kept.expiresAt > now) return kept.value as T;
    const generation = generations.get(ownerId) ?? 0;
    const value = await compute();
    if ((generations.get(ownerId) ?? 0) === generation) {
      entries.delete(key);
      entries.set(key, { ownerId, value, expiresAt: now + ttlMs });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    }
    return value;
  }

  return {
    get: (query, count) => remember(query.ownerId, listKey(query), count),
    remember: (ownerId, name, compute) => remember(ownerId, JSON.stringify([ownerId, name]), compute),
    forgetOwner(ownerId) {
      generations.set(ownerId, (generations.get(ownerId) ?? 0) + 1);
      for (const [key, entry] of entries) if (entry.ownerId === ownerId) entries.delete(key);
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
