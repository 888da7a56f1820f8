import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '@/components/load-once';

describe('loadOnce: one download of a part, tried again after a failure', () => {
  it('downloads once however many ask, and hands each the same promise', async () => {
    const load = vi.fn(async () => ({ part: 'list tools' }));
    const loadPart = loadOnce(load);

    const first = loadPart();
    const second = loadPart();

    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ part: 'list tools' });
    await loadPart();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('downloads again on the next use after a failed download', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('the table');
    const loadPart = loadOnce(load);

    await expect(loadPart()).rejects.toThrow('Failed to fetch');
    await expect(loadPart()).resolves.toBe('the table');
    await expect(loadPart()).resolves.toBe('the table');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('marks a finished download fulfilled, so that `use()` reads it without suspending', async () => {
    const loadPart = loadOnce(async () => 'the filters form');

    const promise = loadPart() as Promise<string> & { status?: string; value?: string };
    await promise;

    expect(promise.status).toBe('fulfilled');
    expect(promise.value).toBe('the filters form');
  });
});
