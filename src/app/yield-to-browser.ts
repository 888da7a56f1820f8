/**
 * Ends the current task, so the browser can paint and handle input before the work that follows.
 * `scheduler.yield()` (Chromium) resumes ahead of other queued tasks; elsewhere a zero timeout does.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
