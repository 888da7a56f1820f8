import { useWindowEvent } from '@mantine/hooks';
import { useRef, useState } from 'react';

/** How long after the last resize event the window counts as still resizing (as AppShell waits). */
const settleMs = 200;

/**
 * Whether the window is being resized, for the shell's data-resizing (its slides stand still then).
 * AppShell's own flag also starts true and clears after mount; on the shell's root that clearing restyled
 * every element of the page after hydration, for a stillness nothing needs: the server's first paint has
 * nothing to animate from. This one is false until the window resizes.
 */
export function useWindowResizing(): boolean {
  const [resizing, setResizing] = useState(false);
  const timeout = useRef<number>(undefined);
  useWindowEvent('resize', () => {
    setResizing(true);
    window.clearTimeout(timeout.current);
    timeout.current = window.setTimeout(() => setResizing(false), settleMs);
  });
  return resizing;
}
