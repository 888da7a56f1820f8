/**
 * The row action "add" (spec 2 names it, and nothing more): a new draft in the same building. The
 * registry's `copied` says of each field whether it describes the building and its surroundings (kept)
 * or one unit, its terms and the media (left for the broker to answer anew). The list's first load
 * reads the kept fields from domain/generated/ (`npm run gen`), not the registry.
 */
import { BUILDING_COPY_KEYS } from './generated/property-list-names';
import type { PropertyFieldKey } from './property-fields';

/** The fields a copy keeps, in display order. */
export const FIELDS_KEPT_BY_A_COPY: readonly PropertyFieldKey[] = BUILDING_COPY_KEYS;

/** The kept answers of `source`; every other field is absent, as in a new draft. */
export function keptByABuildingCopy<Source extends Partial<Record<PropertyFieldKey, unknown>>>(
  source: Source,
): Partial<Source> {
  return Object.fromEntries(
    FIELDS_KEPT_BY_A_COPY.filter((field) => field in source).map((field) => [field, source[field]]),
  ) as Partial<Source>;
}
