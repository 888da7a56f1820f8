/**
 * The list's filters as the server and the generator read them, derived from the field registry's
 * `filter` declarations (property-fields.ts ListFilterSpec). Apart from property-list-tables.ts so a
 * screen that needs a list table (the local draft's row) does not load this; the first load's and
 * the filters panel's copies are generated from it (domain/generated/).
 */
import {
  type FieldUnit,
  fieldSpec,
  fieldsWhere,
  type ListFilterKind,
  type PropertyFieldKey,
} from './property-fields';
import { listNameOf } from './property-list-tables';

/**
 * One filter of the list as its parameter, parsing, input and clause need it, from the field's
 * registry declaration: `values` what anyOf or seeking offers, `matches` the answers each sought
 * value meets, `maxLength` an exactly's longest text, `max` and `unit` a range's upper end and unit.
 */
export interface ListFilterEntry {
  readonly name: string;
  readonly field: PropertyFieldKey;
  readonly as: ListFilterKind;
  readonly values?: readonly string[];
  readonly matches?: Readonly<Record<string, readonly string[]>>;
  readonly maxLength?: number;
  readonly max?: number;
  readonly unit?: FieldUnit;
}

function filterEntryOf(field: PropertyFieldKey): ListFilterEntry {
  const spec = fieldSpec(field);
  if (spec.filter === false) throw new Error(`${field} declares no filter`);
  const { as, matches } = spec.filter;
  const entry = { name: listNameOf(field, as === 'range' ? 'range' : 'filter'), field, as };
  switch (as) {
    case 'anyOf':
      return { ...entry, values: spec.options ?? [] };
    case 'seeking':
      return { ...entry, values: Object.keys(matches ?? {}), matches: matches ?? {} };
    case 'exactly':
      return { ...entry, maxLength: spec.maxLength };
    case 'range':
      return { ...entry, max: spec.max, unit: spec.unit };
    case 'yesNo':
      return entry;
  }
}

/**
 * The registry's filters in their places (property-fields.ts `filter`): the server's clauses and
 * the generated first-load table (domain/generated/property-list-names.ts) come from this.
 */
export const LIST_FILTER_ENTRIES: readonly ListFilterEntry[] = fieldsWhere((spec) => spec.filter !== false)
  .sort((a, b) => placeOf(a) - placeOf(b))
  .map(filterEntryOf);

function placeOf(field: PropertyFieldKey): number {
  const { filter } = fieldSpec(field);
  return filter === false ? Number.POSITIVE_INFINITY : filter.place;
}
