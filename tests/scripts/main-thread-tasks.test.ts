import { describe, expect, it } from 'vitest';
import { blockingTime } from '../../scripts/perf/main-thread-tasks';

describe('the blocking time of a page’s tasks, as Lighthouse simulates a phone', () => {
  it('counts one 50 ms task four times slower as 150 ms of blocking', () => {
    expect(blockingTime([50], 4)).toBe(150);
  });

  it('counts the same work in 5 ms slices as no blocking at all', () => {
    expect(
      blockingTime(
        Array.from({ length: 10 }, () => 5),
        4,
      ),
    ).toBe(0);
  });

  it('counts on a desktop, not slowed down, only what lasts beyond 50 ms', () => {
    expect(blockingTime([30, 80, 12.5], 1)).toBe(30);
  });
});
