/** happy-dom's own viewport, which the app's media queries read (the phone's cards, the drop area's words). */
import { afterEach } from 'vitest';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

const PHONE = { width: 390, height: 844 };
/** happy-dom's default, which every other test of the worker expects. */
const DESKTOP = { width: 1024, height: 768 };

/** A file whose tests may look as a phone: `asPhone()` in a test; the desktop viewport back after each. */
export function phoneViewportForFile(): { asPhone(): void } {
  const { happyDOM } = window as unknown as HappyDomWindow;
  afterEach(() => happyDOM.setViewport(DESKTOP));
  return { asPhone: () => happyDOM.setViewport(PHONE) };
}
