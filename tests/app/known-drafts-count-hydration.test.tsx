import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { propertyKeys } from '@/api/query-keys';
import { useKnownDraftsCount } from '@/app/use-known-drafts-count';
import { hydrateCountingCommits } from './hydrate-counting-commits';

function DraftsBadge() {
  const count = useKnownDraftsCount();
  return <span data-testid="badge">{count ?? 'none'}</span>;
}

/** A query client holding the list's counts, as the server's and the hydrating browser's both do on the list. */
function withCounts(drafts: number) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(propertyKeys.summary(), { drafts });
  return (
    <QueryClientProvider client={queryClient}>
      <DraftsBadge />
    </QueryClientProvider>
  );
}

describe('the sidebar’s drafts count, on a server-rendered list', () => {
  afterEach(() => document.body.replaceChildren());

  it('is in the server’s HTML, and hydrating it renders nothing again', async () => {
    const html = renderToString(withCounts(3));
    expect(html).toContain('>3<');

    const { container, commits, errors } = await hydrateCountingCommits(html, withCounts(3));

    expect(container.textContent).toBe('3');
    expect(commits).toEqual(['mount']);
    expect(errors).toEqual([]);
  });
});
