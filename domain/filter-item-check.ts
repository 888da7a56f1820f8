/**
 * What POST /property/filter's items may say (the spec's filter body), checked on the server. Apart
 * from property-filters.ts because it reads the field registry, which the list's first load does not
 * carry: the registry's fields declare `filterItem`, the property's state and counts are below.
 */
import { fieldSpec, fieldsWhere } from './property-fields';
import type { FilterField, FilterItem, FilterOperator } from './property-filters';
import { PROPERTY_STATUSES } from './property-options';

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
const NOT_IN_REGISTRY = {
  status: { operators: ['equals'], value: { type: 'enum', values: PROPERTY_STATUSES } },
  hasEngagements: { operators: ['equals'], value: { type: 'boolean' } },
  activePublications: { operators: ['equals', 'greaterThan'], value: { type: 'integer', min: 0 } },
} as const satisfies Partial<Record<FilterField, FilterFieldSpec>>;

/** A registry field's value: one of its options, or text within its maxLength. */
function declaredValue(
  field: string,
  options: readonly string[] | undefined,
  maxLength: number | undefined,
): FilterValueSpec {
  if (options !== undefined) return { type: 'enum', values: options };
  if (maxLength !== undefined) return { type: 'string', maxLength };
  throw new Error(`The filter item ${field} has neither options nor a maxLength to check its value by`);
}

/** The fields of the registry that declare `filterItem` (the contract's enum is generated from them). */
type RegistryFilterField = Exclude<FilterField, keyof typeof NOT_IN_REGISTRY>;

const FROM_REGISTRY = Object.fromEntries(
  fieldsWhere((spec) => spec.filterItem !== undefined).map((key) => {
    const spec = fieldSpec(key);
    const operators: readonly FilterOperator[] = spec.filterItem?.operators ?? [];
    return [key, { operators, value: declaredValue(key, spec.options, spec.maxLength) }];
  }),
) as Record<RegistryFilterField, FilterFieldSpec>;

export const FILTER_FIELDS = { ...NOT_IN_REGISTRY, ...FROM_REGISTRY } satisfies Record<
  FilterField,
  FilterFieldSpec
>;

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
