/**
 * How many refinements a view holds: the filters button's count. Apart from property-list-query.ts
 * because only the list's tools (a lazy chunk) show it; the first load needs only `isRefined`.
 */
import { PROPERTY_RANGE_KEYS, type PropertyListView } from './property-list-query';

/** The view's choices that are not a range: each counts once. */
const CHOICE_REFINEMENTS = ['kind', 'dealType', 'divisible', 'condition', 'city'] as const;

/** How many refinements (kinds, deal type, divisible, conditions, city, ranges) a view holds: the filters button's count. */
export function refinementCount(view: PropertyListView): number {
  const ranges = PROPERTY_RANGE_KEYS.filter(
    (key) => view[`${key}Min`] !== undefined || view[`${key}Max`] !== undefined,
  ).length;
  return CHOICE_REFINEMENTS.filter((key) => view[key] !== undefined && view[key] !== '').length + ranges;
}
