import { formatCount } from '@domain/format';
import type { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '@/i18n/i18n';
import type { PropertyListSearch } from './api/get-properties';
import { prefetchPropertyList } from './api/prefetch-property-list';
import { preloadListTools } from './components/lazy-list-tools';
import { preloadPropertyTable } from './components/lazy-property-table';

/**
 * The list routes' loader (/ and /properties): the first page and the counts start downloading (not
 * awaited: the page has its skeleton), and on a wide screen the table's code comes with the page's, as
 * do the list tools' (lazy-list-tools.tsx says why the route waits for them).
 */
export function loadPropertyList(queryClient: QueryClient, search: PropertyListSearch): Promise<void> {
  prefetchPropertyList(queryClient, search);
  // The first number formatter of a language loads its locale data (about 25 ms on a desktop, four
  // times that on a phone). Done here, it overlaps the wait for the rows instead of holding up the
  // page's first render.
  formatCount(0, currentLanguage());
  return Promise.all([preloadPropertyTable(), preloadListTools()]).then(() => undefined);
}
