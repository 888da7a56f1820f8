import { readFileSync } from 'node:fs';
import { act } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { mobileMediaQuery } from '@/../page-contract/breakpoints';
import { PhoneOrWide } from '@/components/phone-or-wide/phone-or-wide';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

/** The table's code as a lazy part of its own, counting its loads (each side of the page has its own). */
function lazyTable() {
  const loads = { count: 0 };
  const Table = lazy(async () => {
    loads.count += 1;
    return { default: () => <table aria-label="table" /> };
  });
  return { Table, loads };
}

function List({ Table }: { Table: ReturnType<typeof lazyTable>['Table'] }) {
  return (
    <PhoneOrWide
      phone={<ul aria-label="cards" />}
      wide={
        <Suspense fallback={<p>loading</p>}>
          <Table />
        </Suspense>
      }
    />
  );
}

/** The server's HTML (the lazy table resolved, as the server reads the page to its end), then hydrated. */
async function serverRenderedAndHydrated(width: number) {
  // The server has no window: rendered here at a width where nothing asks for one, then the browser's.
  happyDOM.setViewport({ width: 1024, height: 768 });
  // The server waits for every lazy part; here one render starts the load and the next has it.
  const server = lazyTable();
  renderToString(<List Table={server.Table} />);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const html = renderToString(<List Table={server.Table} />);
  const client = lazyTable();
  happyDOM.setViewport({ width, height: 800 });
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const cards = container.querySelector('ul');
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <List Table={client.Table} />, {
      onRecoverableError: (error) => errors.push(error),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { html, container, cards, errors, tableLoads: client.loads.count };
}

const { happyDOM } = window as unknown as HappyDomWindow;

describe('a phone’s layout or a wider screen’s', () => {
  afterEach(() => {
    happyDOM.setViewport({ width: 1024, height: 768 });
    document.body.replaceChildren();
  });

  it('hides one by the app’s phone breakpoint, as display:none', () => {
    const css = readFileSync('src/components/phone-or-wide/phone-or-wide.module.css', 'utf8');
    expect(css).toContain(`@media ${mobileMediaQuery} {\n  .wide {\n    display: none;`);
    expect(css).toContain(`@media not all and ${mobileMediaQuery} {\n  .phone {\n    display: none;`);
  });

  it('is both in the server’s HTML, and on a phone keeps the cards it hydrated without loading the table', async () => {
    const { html, container, cards, errors, tableLoads } = await serverRenderedAndHydrated(390);

    expect(html).toContain('<ul aria-label="cards">');
    expect(html).toContain('<table aria-label="table">');
    // Hydrated, not rendered afresh: the server's cards are the ones on screen; the table is gone.
    expect(container.querySelector('ul')).toBe(cards);
    expect(container.querySelector('table')).toBeNull();
    expect(tableLoads).toBe(0);
    expect(errors).toEqual([]);
  });

  it('on a wide screen keeps the table it hydrated and drops the cards', async () => {
    const { container, errors } = await serverRenderedAndHydrated(1280);

    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelector('ul')).toBeNull();
    expect(errors).toEqual([]);
  });
});
