import { mobileMediaQuery } from '@page-contract/breakpoints';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(mobileMediaQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is a phone's (page-contract/breakpoints.ts): null on the server and while React
 * hydrates the server's HTML, which cannot know the width and so holds both layouts (PhoneOrWide), then
 * the media query's answer from the render after, and on every change of width. A page the browser
 * renders itself knows it from its first render.
 */
export function usePhoneLayout(): boolean | null {
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => window.matchMedia(mobileMediaQuery).matches,
    () => null,
  );
}
