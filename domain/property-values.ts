/**
 * The property's answers as one flat record, the shape every rule in domain reads. The wizard
 * form reaches it through `formToValues` (property-form.ts), the server through `inputToValues`
 * (an API body) or its own row, so each rule is written once for both sides.
 */
import type { PropertyInput } from '@openapi/schema';
import { emptyValue, fieldSpec, PROPERTY_FIELD_KEYS, type PropertyFieldValues } from './property-fields';

export { PROPERTY_FIELD_KEYS, type PropertyFieldKey } from './property-fields';

/** One answer per field of the registry (property-fields.ts), typed by the field's declared type. */
export type PropertyValues = PropertyFieldValues;

/**
 * "Answered": a string that is not blank, a boolean that is not null (false is an answer), a finite
 * number, a non-empty list. Undefined (a field left out of an API body) is not answered.
 */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * An API body as values: fields left out are unanswered (null or an empty list). Strings are kept
 * as sent; blank ones count as unanswered in every rule.
 */
export function inputToValues(input: PropertyInput): PropertyValues {
  const values: Record<string, unknown> = {};
  for (const key of PROPERTY_FIELD_KEYS) values[key] = input[key] ?? emptyValue(key);
  return values as PropertyValues;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };

/** The values with every list copied into a plain array, as the API types and database rows want them. */
export function withListCopies(values: PropertyValues): Mutable<PropertyValues> {
  const copy: Record<string, unknown> = { ...values };
  for (const key of PROPERTY_FIELD_KEYS) {
    if (fieldSpec(key).type === 'choices') copy[key] = [...(values[key] as readonly string[])];
  }
  return copy as Mutable<PropertyValues>;
}
