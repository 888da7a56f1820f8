import type { PropertySummary } from '@openapi/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { propertyKeys } from '@/api/query-keys';

/**
 * The number of server drafts, when the property list's counts are already in the cache (the list and
 * /drafts load them); undefined otherwise. It only reads the cache: the sidebar is on every screen,
 * and a request of its own on each would cost every page a round trip for one badge. A plain cache
 * subscription rather than a disabled query, so nothing here can ever start or shape the fetch.
 */
export function useKnownDraftsCount(): number | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => queryClient.getQueryData<PropertySummary>(propertyKeys.summary())?.drafts;
  // The server renders the list with its counts in the query client, and the browser hydrates with the
  // same counts: both read the cache, so the badge is in the server's HTML and nothing is drawn again.
  return useSyncExternalStore(subscribe, read, read);
}
