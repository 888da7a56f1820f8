/**
 * The list's filter buttons (spec 4 "List", spec 9 "Filters") as data: the client sends
 * `filterItemsFor(filter)` to POST /property/filter, the server checks any body with
 * `validateFilterItems` and counts the buttons (GET /property/summary) from the same items.
 */
import type { FilterItem } from '@openapi/schema';
import { BUILDING_CLASSES, PROPERTY_CATEGORIES, PROPERTY_KINDS, PROPERTY_STATUSES } from './property-options';

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

export type FilterValueSpec =
  | { type: 'enum'; values: readonly string[] }
  | { type: 'boolean' }
  | { type: 'integer'; min: number }
  | { type: 'string'; maxLength: number };

export interface FilterFieldSpec {
  operators: readonly FilterOperator[];
  value: FilterValueSpec;
}

/** What each filterable field accepts. greaterThan only makes sense on a count. */
export const FILTER_FIELDS = {
  propertyCategory: { operators: ['equals'], value: { type: 'enum', values: PROPERTY_CATEGORIES } },
  status: { operators: ['equals'], value: { type: 'enum', values: PROPERTY_STATUSES } },
  hasEngagements: { operators: ['equals'], value: { type: 'boolean' } },
  activePublications: { operators: ['equals', 'greaterThan'], value: { type: 'integer', min: 0 } },
  propertyKind: { operators: ['equals'], value: { type: 'enum', values: PROPERTY_KINDS } },
  buildingClass: { operators: ['equals'], value: { type: 'enum', values: BUILDING_CLASSES } },
  city: { operators: ['equals'], value: { type: 'string', maxLength: 80 } },
} as const satisfies Record<FilterField, FilterFieldSpec>;

export type FilterProblemKey = 'unknownField' | 'operatorNotAllowed' | 'invalidValue';

/** A problem in a filter body: a JSON pointer (as Ajv reports them, e.g. `/0/value`) and a key. */
export interface FilterProblem {
  path: string;
  key: FilterProblemKey;
}

/** The checks the schema cannot express: operator per field and the value's type per field. */
export function validateFilterItems(items: readonly FilterItem[]): FilterProblem[] {
  const problems: FilterProblem[] = [];
  items.forEach((item, index) => {
    // Own keys only: a field named "toString" must not find Object.prototype's.
    const spec: FilterFieldSpec | undefined = Object.hasOwn(FILTER_FIELDS, item.field)
      ? FILTER_FIELDS[item.field]
      : undefined;
    if (spec === undefined) {
      problems.push({ path: `/${index}/field`, key: 'unknownField' });
      return;
    }
    if (!spec.operators.includes(item.operator)) {
      problems.push({ path: `/${index}/operator`, key: 'operatorNotAllowed' });
    }
    if (!valueFits(spec.value, item.value)) problems.push({ path: `/${index}/value`, key: 'invalidValue' });
  });
  return problems;
}

function valueFits(spec: FilterValueSpec, value: unknown): boolean {
  switch (spec.type) {
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= spec.min;
    case 'string':
      return typeof value === 'string' && value.trim() !== '' && value.length <= spec.maxLength;
  }
}
