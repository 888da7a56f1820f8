/**
 * The space's size as a client is quoted it, by the registry's area roles (`areaRole`,
 * property-fields.ts): the total states the whole space (the brokerage order quotes it), the
 * marketed area is the part offered (the share page shows it, else the total).
 */
import {
  fieldsWhere,
  type PROPERTY_FIELDS,
  type PropertyFieldKey,
  type PropertyFieldValues,
} from './property-fields';

type Fields = typeof PROPERTY_FIELDS;
export type AreaRole = 'total' | 'marketed';
/** The registry's field of a role (one each). */
export type AreaFieldOf<Role extends AreaRole> = {
  [K in PropertyFieldKey]: Fields[K] extends { areaRole: Role } ? K : never;
}[PropertyFieldKey];

function areaField<Role extends AreaRole>(role: Role): AreaFieldOf<Role> {
  const keys = fieldsWhere((spec) => spec.areaRole === role);
  if (keys.length !== 1) throw new Error(`The registry declares ${keys.length} ${role} areas, not one`);
  return keys[0] as AreaFieldOf<Role>;
}

/** The whole space's area field. */
export const TOTAL_AREA_FIELD = areaField('total');
/** The offered part's area field. */
export const MARKETED_AREA_FIELD = areaField('marketed');

export type WholeAreaValues = Pick<PropertyFieldValues, AreaFieldOf<'total'>>;
export type QuotedAreaValues = Pick<PropertyFieldValues, AreaFieldOf<'total'> | AreaFieldOf<'marketed'>>;

/** The whole space, as the brokerage order states it. */
export function wholeAreaOf(values: WholeAreaValues): number | null {
  return values[TOTAL_AREA_FIELD];
}

/** The area a client is shown first: the part marketed, else the whole space. */
export function shownAreaOf(values: QuotedAreaValues): number | null {
  return values[MARKETED_AREA_FIELD] ?? values[TOTAL_AREA_FIELD];
}
