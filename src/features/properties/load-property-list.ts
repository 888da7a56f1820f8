import type { QueryClient } from '@tanstack/react-query';
import type { PropertyListSearch } from './api/get-properties';
import { prefetchPropertyList } from './api/prefetch-property-list';
import { preloadPropertyTable } from './components/lazy-property-table';

/**
 * The list routes' loader (/ and /properties): the first page and the counts start downloading (not
 * awaited: the page has its skeleton), and on a wide screen the table's code comes with the page's.
 */
export function loadPropertyList(queryClient: QueryClient, search: PropertyListSearch): Promise<void> {
  prefetchPropertyList(queryClient, search);
  return preloadPropertyTable();
}
