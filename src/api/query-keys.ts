/**
 * TanStack Query keys shared by every feature that reads or changes server data. Features may not
 * import each other, so the property list and the wizard meet here: the wizard invalidates
 * `propertyKeys.all` after a publish and the list refetches with the new property on top.
 *
 * Keys are hierarchical, so invalidating a prefix reaches everything under it:
 *   propertyKeys.all            every property query
 *   propertyKeys.lists()        every list page, whatever the filter or search
 *   propertyKeys.list(params)   one filter + search combination (an infinite query of pages)
 *   propertyKeys.summary()      the counts of the overview cards and filter buttons
 *   propertyKeys.detail(id)     one property, as the view page and the wizard read it
 */
import type { PropertyListFilter } from '@domain/property-filters';
import type { PropertyListView } from '@domain/property-list-query';

export interface PropertyListParams {
  filter: PropertyListFilter;
  /** Free text as sent to the server: trimmed, '' for none. */
  search: string;
  /** Sort and refinements as the URL holds them (no defaults); {} when not given. */
  view?: PropertyListView;
  /** Rows per page (the remembered choice); the spec's 5 when not given. */
  pageSize?: number;
}

export const propertyKeys = {
  all: ['properties'] as const,
  lists: () => [...propertyKeys.all, 'list'] as const,
  list: (params: PropertyListParams) =>
    [
      ...propertyKeys.lists(),
      {
        filter: params.filter,
        search: params.search,
        view: params.view ?? {},
        pageSize: params.pageSize ?? 5,
      },
    ] as const,
  summary: () => [...propertyKeys.all, 'summary'] as const,
  details: () => [...propertyKeys.all, 'detail'] as const,
  detail: (id: string) => [...propertyKeys.details(), id] as const,
};
