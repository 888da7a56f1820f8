import { formatCount } from '@domain/format';
import type { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '@/i18n/i18n';
import type { PropertyListSearch } from './api/get-properties';
import { prefetchPropertyList } from './api/prefetch-property-list';
import { preloadListTools } from './components/lazy-list-tools';
import { preloadPropertyTable } from './components/lazy-property-table';

/**
 * The loader of a screen that lists properties without the list's tools (/drafts): the first page and
 * the counts start downloading (not awaited: the page has its skeleton), and on a wide screen the
 * table's code comes with the page's.
 */
export function loadPropertyRows(queryClient: QueryClient, search: PropertyListSearch): Promise<void> {
  prefetchPropertyList(queryClient, search);
  // The first number formatter of a language loads its locale data, one call that cannot be sliced.
  // Started here, it overlaps the wait for the rows (or for the list tools' code) instead of holding up
  // the page's first render; in a task of its own, not in the loader's, so that neither is long enough
  // to block a phone's main thread by much.
  setTimeout(() => formatCount(0, currentLanguage()), 0);
  return preloadPropertyTable();
}

/**
 * The list routes' loader (/ and /properties): the rows', and the list tools' code and texts
 * (lazy-list-tools.tsx says why the route waits for them). /drafts draws no tools, so it loads neither.
 */
export function loadPropertyList(queryClient: QueryClient, search: PropertyListSearch): Promise<void> {
  return Promise.all([loadPropertyRows(queryClient, search), preloadListTools()]).then(() => undefined);
}
