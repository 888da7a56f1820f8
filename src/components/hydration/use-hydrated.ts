import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates the server's HTML (and on the server), true from the render after: a page
 * the browser renders itself is true from its first render. A field typed into before hydration would
 * lose what was typed when React takes it over, so such a field stays read-only until then (a moment:
 * it looks the same meanwhile).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
