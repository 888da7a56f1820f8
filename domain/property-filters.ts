/**
 * The list's filter buttons (spec 4 "List", spec 9 "Filters") as data: the client sends
 * `filterItemsFor(filter)` to POST /property/filter, the server checks any body with
 * `validateFilterItems` (filter-item-check.ts) and counts the buttons (GET /property/summary) from
 * the same items.
 */
import type { FilterItem } from '@openapi/schema';

export type { FilterItem } from '@openapi/schema';

/**
 * The longest search the contract takes (the `search` parameter's maxLength); the search box stops
 * there. Here beside the filters, not in search-text.ts: the router reads it on every page.
 */
export const PROPERTY_SEARCH_MAX_LENGTH = 100;

export type FilterField = FilterItem['field'];
export type FilterOperator = FilterItem['operator'];

export const PROPERTY_LIST_FILTERS = ['all', 'marketing', 'drafts', 'engagements', 'publications'] as const;
export type PropertyListFilter = (typeof PROPERTY_LIST_FILTERS)[number];

export function isPropertyListFilter(value: unknown): value is PropertyListFilter {
  return PROPERTY_LIST_FILTERS.includes(value as PropertyListFilter);
}

const FILTER_ITEMS = {
  all: [],
  // The spec's "propertyCategory equals Commercial" matches no category value; a broker's
  // "in marketing" is a published listing, which is what the button shows.
  marketing: [{ field: 'status', operator: 'equals', value: 'published' }],
  drafts: [{ field: 'status', operator: 'equals', value: 'draft' }],
  engagements: [{ field: 'hasEngagements', operator: 'equals', value: true }],
  publications: [{ field: 'activePublications', operator: 'greaterThan', value: 0 }],
} as const satisfies Record<PropertyListFilter, readonly FilterItem[]>;

/** The body for POST /property/filter behind a filter button ('all' is no item: every property). */
export function filterItemsFor(filter: PropertyListFilter): FilterItem[] {
  return FILTER_ITEMS[filter].map((item) => ({ ...item }));
}
