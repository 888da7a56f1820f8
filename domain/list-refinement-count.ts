/**
 * How many refinements a view holds: the filters button's count. Apart from property-list-query.ts
 * because only the list's tools (a lazy chunk) show it; the first load needs only `isRefined`.
 */
import {
  isRefined,
  PROPERTY_RANGE_KEYS,
  PROPERTY_RANGE_PARAMS,
  type PropertyListView,
} from './property-list-query';

const RANGE_ENDS: ReadonlySet<string> = new Set(PROPERTY_RANGE_PARAMS);

/**
 * Every parameter that narrows the list (what `isRefined` sees) counts once, a range once whether
 * one end is set or both, so a refinement added to the view is counted without a word here.
 */
export function refinementCount(view: PropertyListView): number {
  const ranges = PROPERTY_RANGE_KEYS.filter(
    (key) => view[`${key}Min`] !== undefined || view[`${key}Max`] !== undefined,
  ).length;
  const answers = Object.entries(view).filter(
    ([key, value]) => value !== '' && !RANGE_ENDS.has(key) && isRefined({ [key]: value }),
  ).length;
  return answers + ranges;
}
