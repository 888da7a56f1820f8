import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from '@/app/yield-to-browser';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('yieldToBrowser', () => {
  it('resumes only after the task queue has had a turn, not within the current task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'), 0);
    queueMicrotask(() => order.push('microtask'));
    await yieldToBrowser();
    order.push('resumed');
    expect(order).toEqual(['microtask', 'task queued before', 'resumed']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToBrowser();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
