import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { type PropertyListParams, propertyKeys } from '@/api/query-keys';
import { filterItemsFor, type PropertyListFilter } from '@/domain/property-filters';
import type { PropertyPage } from '../property-types';

/** Spec 9: the list loads 5 at a time. */
export const PROPERTY_PAGE_SIZE = 5;
/** The contract's limit on the free-text `search` parameter. */
export const PROPERTY_SEARCH_MAX_LENGTH = 100;

/**
 * One page of the list. 'all' reads GET /property/list; every other filter posts its items (from
 * src/domain, the same ones the server counts the buttons with) to /property/filter. The search is
 * applied by the server in both cases: the client never filters a page itself.
 */
export function getPropertyPage(
  { filter, search }: PropertyListParams,
  page: number,
  signal?: AbortSignal,
): Promise<PropertyPage> {
  const query = { page, pageSize: PROPERTY_PAGE_SIZE, ...(search === '' ? {} : { search }) };
  if (filter === 'all') {
    return unwrap(api.GET('/property/list', { params: { query }, signal }));
  }
  return unwrap(api.POST('/property/filter', { params: { query }, body: filterItemsFor(filter), signal }));
}

/** The list's part of the URL (`?filter=…&q=…`), as the routes validate it. */
export interface PropertyListSearch {
  filter?: PropertyListFilter | undefined;
  q?: string | undefined;
}

/** What the URL asks the server for: no filter is 'all', no search is ''. */
export function propertyListParamsOf(search: PropertyListSearch): PropertyListParams {
  return { filter: search.filter ?? 'all', search: search.q ?? '' };
}

export function propertiesQueryOptions(params: PropertyListParams) {
  return infiniteQueryOptions({
    queryKey: propertyKeys.list(params),
    queryFn: ({ pageParam, signal }) => getPropertyPage(params, pageParam, signal),
    initialPageParam: 1,
    // The next page is asked for only while the server says there is one.
    getNextPageParam: (last: PropertyPage) => (last.hasNextPage ? last.page + 1 : undefined),
  });
}

/**
 * The list behind the current filter and search. While a new filter or search loads, the rows of the
 * previous one stay on screen (dimmed by the caller) instead of collapsing into skeletons.
 */
export function useProperties(params: PropertyListParams) {
  return useInfiniteQuery({ ...propertiesQueryOptions(params), placeholderData: keepPreviousData });
}

export type PropertyPages = InfiniteData<PropertyPage, number>;
