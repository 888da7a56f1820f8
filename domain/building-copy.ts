/**
 * The row action "add" (spec 2 names it, and nothing more): a new draft in the same building. The
 * registry's `copied` says of each field whether it describes the building and its surroundings (kept)
 * or one unit, its terms and the media (left for the broker to answer anew).
 */
import { fieldsWhere, type PropertyFieldKey } from './property-fields';

/** The fields a copy keeps, in display order. */
export const FIELDS_KEPT_BY_A_COPY: readonly PropertyFieldKey[] = fieldsWhere(
  (spec) => spec.copied === 'keep',
);

/** The kept answers of `source`; every other field is absent, as in a new draft. */
export function keptByABuildingCopy<Source extends Partial<Record<PropertyFieldKey, unknown>>>(
  source: Source,
): Partial<Source> {
  return Object.fromEntries(
    FIELDS_KEPT_BY_A_COPY.filter((field) => field in source).map((field) => [field, source[field]]),
  ) as Partial<Source>;
}
