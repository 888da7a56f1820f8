/**
 * One tab at a time per draft (issue 19): the wizard holds a Web Lock named for its draft while it
 * is open. A second tab finds it taken and is told, with the offer to take the draft over (the lock
 * is stolen; the first tab is told in turn, after its last change was written). Without Web Locks
 * (an old browser, a test DOM) every tab owns its draft, as before.
 */
import { useCallback, useEffect, useState } from 'react';

export type TabOwnership = 'pending' | 'owner' | 'elsewhere' | 'takenAway';

export function useTabOwnership(name: string): {
  ownership: TabOwnership;
  /** Counts takeovers, so the screen re-reads the draft the other tab left. */
  generation: number;
  takeOver(): void;
} {
  const [ownership, setOwnership] = useState<TabOwnership>('pending');
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) {
      setOwnership('owner');
      return;
    }
    let active = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const steal = generation > 0;
    locks
      .request(name, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
        if (!active) return undefined;
        if (lock === null) {
          setOwnership('elsewhere');
          return undefined;
        }
        setOwnership('owner');
        return held;
      })
      .catch(() => {
        // Stolen by another tab: the request settles with an AbortError.
        if (active) setOwnership('takenAway');
      });
    return () => {
      active = false;
      release();
    };
  }, [name, generation]);

  const takeOver = useCallback(() => {
    setOwnership('pending');
    setGeneration((previous) => previous + 1);
  }, []);

  return { ownership, generation, takeOver };
}
