import { mobileMediaQuery } from '@page-contract/breakpoints';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(mobileMediaQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * `answer` to whether the screen is a phone's (page-contract/breakpoints.ts), asked again on every
 * change of width; `onServer` on the server and while React hydrates the server's HTML, which cannot
 * know the width. An answer that differs from `onServer` makes React render again at once, in the task
 * that ends hydration, so a caller asks only what it needs (see useCompactSidebar).
 */
export function usePhoneWidth<T>(answer: (isPhone: boolean) => T, onServer: T): T {
  return useSyncExternalStore(
    subscribe,
    () => answer(window.matchMedia(mobileMediaQuery).matches),
    () => onServer,
  );
}

/**
 * Whether the screen is a phone's: null on the server and while hydrating, when the page holds both
 * layouts (PhoneOrWide), then the media query's answer. A page the browser renders itself knows it
 * from its first render.
 */
export function usePhoneLayout(): boolean | null {
  return usePhoneWidth<boolean | null>((isPhone) => isPhone, null);
}
