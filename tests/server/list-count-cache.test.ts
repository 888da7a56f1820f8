import { describe, expect, it } from 'vitest';
import { createListCountCache, LIST_COUNT_TTL_MS } from '../../server/properties/list-count-cache';
import { createTestClock } from './helpers/build-test-app';

const OWNER = '00000000-0000-4000-8000-000000000001';
const OTHER_OWNER = '00000000-0000-4000-8000-000000000002';

/** A count function that says how often it ran. */
function counter(value: number) {
  const count = async () => {
    count.calls += 1;
    return value;
  };
  count.calls = 0;
  return count;
}

describe('list totals', () => {
  it('counts a list once while the owner changes nothing, and again after their next write', async () => {
    const cache = createListCountCache(createTestClock());
    const count = counter(100_000);

    expect(await cache.get({ ownerId: OWNER }, count)).toBe(100_000);
    expect(await cache.get({ ownerId: OWNER }, count)).toBe(100_000);
    expect(count.calls).toBe(1);

    cache.forgetOwner(OWNER);
    await cache.get({ ownerId: OWNER }, count);
    expect(count.calls).toBe(2);
  });

  it('keeps each search and filter apart, and each owner apart', async () => {
    const cache = createListCountCache(createTestClock());
    const all = counter(10);
    const search = counter(3);
    const drafts = counter(4);
    const colleague = counter(7);

    await cache.get({ ownerId: OWNER }, all);
    expect(await cache.get({ ownerId: OWNER, search: ' הרצ ' }, search)).toBe(3);
    expect(await cache.get({ ownerId: OWNER, search: 'הרצ' }, search)).toBe(3);
    expect(
      await cache.get(
        { ownerId: OWNER, filters: [{ field: 'status', operator: 'equals', value: 'draft' }] },
        drafts,
      ),
    ).toBe(4);
    expect(await cache.get({ ownerId: OTHER_OWNER }, colleague)).toBe(7);
    cache.forgetOwner(OTHER_OWNER);
    expect(await cache.get({ ownerId: OWNER }, all)).toBe(10);

    expect([all.calls, search.calls, drafts.calls, colleague.calls]).toEqual([1, 1, 1, 1]);
  });

  it('counts again once a total is older than its lifetime (writes this server never saw)', async () => {
    const clock = createTestClock();
    const cache = createListCountCache(clock);
    const count = counter(5);

    await cache.get({ ownerId: OWNER }, count);
    clock.advance(LIST_COUNT_TTL_MS - 1);
    await cache.get({ ownerId: OWNER }, count);
    clock.advance(1);
    await cache.get({ ownerId: OWNER }, count);

    expect(count.calls).toBe(2);
  });

  it('does not keep a total that was being counted when the owner wrote', async () => {
    const cache = createListCountCache(createTestClock());
    let finish: (value: number) => void = () => {};
    const slow = () => new Promise<number>((resolve) => (finish = resolve));
    const fresh = counter(13);

    const pending = cache.get({ ownerId: OWNER }, slow);
    cache.forgetOwner(OWNER);
    finish(12);
    expect(await pending).toBe(12);

    expect(await cache.get({ ownerId: OWNER }, fresh)).toBe(13);
    expect(fresh.calls).toBe(1);
  });
});
