import { expect } from 'vitest';

/**
 * A database stand-in for the caches that listen for announcements (NOTIFY): it accepts LISTEN on
 * `channel` only, and the test announces a payload itself, at the moment it chooses.
 */
export function announcingDatabase(channel: string) {
  const callbacks: ((payload: string) => void)[] = [];
  return {
    database: {
      async listen(asked: string, callback: (payload: string) => void) {
        expect(asked).toBe(channel);
        callbacks.push(callback);
        return async () => {};
      },
    },
    announce(payload: string) {
      for (const callback of callbacks) callback(payload);
    },
  };
}
