import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useCompactSidebar } from '@/app/use-compact-sidebar';
import { hydrateCountingCommits } from './hydrate-counting-commits';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
const { happyDOM } = window as unknown as HappyDomWindow;

function Frame({ collapsed }: { collapsed: boolean }) {
  const compact = useCompactSidebar(collapsed);
  return <nav data-compact={compact || undefined}>links</nav>;
}

/** The server's HTML of the frame, hydrated at a width: what it shows, and how often React committed it. */
async function hydratedAt(width: number, collapsed: boolean) {
  const html = renderToString(<Frame collapsed={collapsed} />);
  happyDOM.setViewport({ width, height: 800 });
  const { container, commits, errors } = await hydrateCountingCommits(html, <Frame collapsed={collapsed} />);
  return { compact: container.querySelector('nav')?.hasAttribute('data-compact'), commits, errors };
}

describe('the sidebar’s compact drawing, hydrated', () => {
  afterEach(() => {
    happyDOM.setViewport({ width: 1024, height: 768 });
    document.body.replaceChildren();
  });

  it.each([
    ['a phone, the sidebar open', 390, false, false],
    ['a wide screen, the sidebar open', 1280, false, false],
    ['a wide screen, the sidebar collapsed', 1280, true, true],
  ])(
    'on %s is drawn as the server drew it, with no render after hydration',
    async (_, width, collapsed, compact) => {
      const hydrated = await hydratedAt(width, collapsed);

      expect(hydrated.compact).toBe(compact);
      expect(hydrated.commits).toEqual(['mount']);
      expect(hydrated.errors).toEqual([]);
    },
  );

  it('on a phone with the sidebar collapsed draws the drawer’s labels once hydrated', async () => {
    const hydrated = await hydratedAt(390, true);

    expect(hydrated.compact).toBe(false);
    expect(hydrated.commits).toEqual(['mount', 'update']);
    expect(hydrated.errors).toEqual([]);
  });
});
