import { filterItemsFor, type PropertyListFilter } from '@domain/property-filters';
import { type PropertyListView, parsePropertyListView } from '@domain/property-list-query';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { type PropertyListParams, propertyKeys } from '@/api/query-keys';
import { readListPageSize } from '../list-page-size';
import type { PropertyPage } from '../property-types';

/** Spec 9: the list loads 5 at a time. */
export const PROPERTY_PAGE_SIZE = 5;
export { PROPERTY_SEARCH_MAX_LENGTH } from '@domain/property-filters';

/**
 * Where a page starts. After the first, the server's `nextCursor` says: the next page continues right
 * after the last row shown (keyset paging), as fast deep in a 100,000-row list as at its top, and a row
 * deleted meanwhile cannot make the next page skip one. The number is only echoed back.
 */
export interface PropertyPageParam {
  page: number;
  after?: string;
}

/**
 * One page of the list. 'all' reads GET /property/list; every other filter posts its items (from
 * domain, the same ones the server counts the buttons with) to /property/filter. The search is
 * applied by the server in both cases: the client never filters a page itself.
 */
export function getPropertyPage(
  { filter, search, view = {}, pageSize = PROPERTY_PAGE_SIZE }: PropertyListParams,
  { page, after }: PropertyPageParam,
  signal?: AbortSignal,
): Promise<PropertyPage> {
  const query = {
    page,
    pageSize,
    ...(search === '' ? {} : { search }),
    ...(after === undefined ? {} : { after }),
    ...view,
  };
  if (filter === 'all') {
    return unwrap(api.GET('/property/list', { params: { query }, signal }));
  }
  return unwrap(api.POST('/property/filter', { params: { query }, body: filterItemsFor(filter), signal }));
}

/** The list's part of the URL (`?filter=…&q=…&sort=…`), as the routes validate it. */
export interface PropertyListSearch extends PropertyListView {
  filter?: PropertyListFilter | undefined;
  q?: string | undefined;
}

/**
 * What the URL (and the remembered page size) ask the server for: no filter is 'all', no search is
 * ''. The view keeps only the sort and refinement values that are set, so equal lists share a key.
 */
export function propertyListParamsOf(
  search: PropertyListSearch,
  pageSize: number = readListPageSize(),
): PropertyListParams {
  const { filter, q, ...rest } = search;
  // Parsed again, not trusted: a screen reading the search without its route's validator
  // (useSearch with strict: false) sees the raw address, `areaMin=abc` included.
  const view = parsePropertyListView(rest as Record<string, unknown>);
  return { filter: filter ?? 'all', search: q ?? '', view, pageSize };
}

export function propertiesQueryOptions(params: PropertyListParams) {
  return infiniteQueryOptions({
    queryKey: propertyKeys.list(params),
    queryFn: ({ pageParam, signal }) => getPropertyPage(params, pageParam, signal),
    initialPageParam: { page: 1 } as PropertyPageParam,
    // The next page is asked for only while the server says there is one.
    getNextPageParam: (last: PropertyPage): PropertyPageParam | undefined =>
      last.hasNextPage
        ? { page: last.page + 1, ...(last.nextCursor ? { after: last.nextCursor } : {}) }
        : undefined,
  });
}

/**
 * The list routes' loaders fetch on every visit (prefetch-property-list.ts). A failure they met is shown
 * as it is, with its "try again", instead of being asked again unseen when the page mounts.
 */
export const askedByTheRoute = { retryOnMount: false } as const;

/**
 * The list behind the current filter and search. While a new filter or search loads, the rows of the
 * previous one stay on screen (dimmed by the caller) instead of collapsing into skeletons.
 */
export function useProperties(params: PropertyListParams) {
  return useInfiniteQuery({
    ...propertiesQueryOptions(params),
    placeholderData: keepPreviousData,
    ...askedByTheRoute,
  });
}

export type PropertyPages = InfiniteData<PropertyPage, PropertyPageParam>;
