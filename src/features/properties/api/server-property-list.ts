import { DEFAULT_PROPERTY_PAGE_SIZE } from '@domain/property-list-query';
import type { PageDataPort } from '@page-contract/page-renderer';
import type { QueryClient } from '@tanstack/react-query';
import { propertyKeys } from '@/api/query-keys';
import type { PropertyPage, PropertySummary } from '../property-types';
import { type PropertyListSearch, type PropertyPages, propertyListParamsOf } from './get-properties';

/**
 * On the server (src/entry-server.tsx): the list's first page and its counts, read by the server's own
 * services through the page port, put in the query client under the exact keys the page's queries use,
 * so the route's loader and the page find them fresh and ask nothing, on the server and, once the client's
 * query client has taken them in, in the browser. The server cannot read the broker's remembered rows
 * per load (local storage): it lists the default, and answers which it used.
 */
export async function seedPropertyList(
  queryClient: QueryClient,
  search: PropertyListSearch,
  data: PageDataPort,
): Promise<{ pageSize: number }> {
  const pageSize = DEFAULT_PROPERTY_PAGE_SIZE;
  const params = propertyListParamsOf(search, pageSize);
  const [page, summary] = await Promise.all([
    data.propertyListPage({
      filter: params.filter,
      search: params.search,
      view: { ...params.view },
      pageSize,
    }) as Promise<PropertyPage>,
    data.propertySummary() as Promise<PropertySummary>,
  ]);
  queryClient.setQueryData<PropertyPages>(propertyKeys.list(params), {
    pages: [page],
    pageParams: [{ page: 1 }],
  });
  queryClient.setQueryData<PropertySummary>(propertyKeys.summary(), summary);
  return { pageSize };
}
