/**
 * Spec 9, "Data completion score". The server stores it with each save; the wizard shows it live
 * through `dataCompletion(formToValues(form))`.
 */
import { fieldsWhere, type PROPERTY_FIELDS, type PropertyFieldKey } from './property-fields';
import { isFilled, type PropertyValues } from './property-values';

type ScoredAs<Role> = {
  [K in PropertyFieldKey]: (typeof PROPERTY_FIELDS)[K]['completion'] extends Role ? K : never;
}[PropertyFieldKey];

/** The spec's 12 core fields, as the registry marks them (`completion: 'core'`). */
export const COMPLETION_CORE_FIELDS = fieldsWhere((spec) => spec.completion === 'core') as ScoredAs<'core'>[];

/** The spec's 9 optional fields (`completion: 'optional'`). Every other field is not scored. */
export const COMPLETION_OPTIONAL_FIELDS = fieldsWhere(
  (spec) => spec.completion === 'optional',
) as ScoredAs<'optional'>[];

export type CompletionField = ScoredAs<'core'> | ScoredAs<'optional'>;

/**
 * The fields the score reads. Every one may be missing, so an API body (PropertyInput), a stored
 * Property, a database row mapped to these names, or `formToValues(form)` all fit as they are.
 */
export type CompletionValues = Partial<{ [K in CompletionField]: PropertyValues[K] | undefined }>;

/** The spec's divisor: the number of scored fields (12 + 9), not the sum of the weights. */
export const COMPLETION_DIVISOR = 21;
const CORE_WEIGHT = 1;
const OPTIONAL_WEIGHT = 0.5;
const LIST_WEIGHT = 1.5;

/**
 * Percentage of a property's data that is filled in, an integer from 0 to 100.
 *
 * Weight of an answered field: a list that is not empty weighs 1.5, core or optional; any other
 * core field 1, any other optional field 0.5. "Answered": a non-blank string, a boolean that is not
 * null (false is an answer: "no parking" is information), a number, a non-empty list.
 *
 * score = min(100, round(sum of weights / 21 × 100))
 *
 * The largest sum:
 *   core      10 single values × 1   + 2 lists (usageCategories, securityMeasures) × 1.5 = 13
 *   optional   3 single values × 0.5 + 6 lists (nearbyParking, truckAccess, onsiteAmenities,
 *              publicTransport, mainTrafficRoutes, portsAirportsProximity) × 1.5      = 10.5
 *   total 23.5, and 23.5 / 21 × 100 = 111.9: the cap is what turns a complete property into 100
 *   (from a sum of 21 on, e.g. everything but floors, bicycle parking and one optional list).
 *   Read with the 1.5 for core lists only, the largest sum would be 12 + 2 × 0.5 + 9 × 0.5 = 17.5,
 *   i.e. 83 at best, the cap could never act and no property could ever show 100.
 *
 * Offices are not asked usage categories (the spec lists none), so a complete office sums 22, still
 * over 21: the cap makes it 100 as well.
 *
 * Sums are multiples of 0.5, so sum / 21 × 100 = 50k / 21 never ends in exactly .5: no ties to round.
 */
export function dataCompletion(values: CompletionValues): number {
  let sum = 0;
  const add = (field: CompletionField, weight: number) => {
    const value = values[field];
    if (isFilled(value)) sum += Array.isArray(value) ? LIST_WEIGHT : weight;
  };
  for (const field of COMPLETION_CORE_FIELDS) add(field, CORE_WEIGHT);
  for (const field of COMPLETION_OPTIONAL_FIELDS) add(field, OPTIONAL_WEIGHT);

  return Math.min(100, Math.round((sum / COMPLETION_DIVISOR) * 100));
}
