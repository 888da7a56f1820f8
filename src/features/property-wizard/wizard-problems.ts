/**
 * Where a field's problem shows on the screen. What the problems are is decided once, in
 * `@domain/wizard-rules` (`formProblems`), for every screen and the server alike.
 */

import { type FormatLanguage, formatArea, formatCount, formatShekel } from '@domain/format';
import type { PropertyFieldKey } from '@domain/property-values';
import { type FieldProblem, fieldLimit } from '@domain/wizard-rules';
import type { TFunction } from 'i18next';

const AREA_FIELDS: ReadonlySet<PropertyFieldKey> = new Set(['totalArea', 'marketingArea']);
const SHEKEL_FIELDS: ReadonlySet<PropertyFieldKey> = new Set([
  'askingRentPerSqm',
  'salePrice',
  'parkingMonthlyCost',
]);

/** A field's limit as the app shows such a value: '1,000,000 מ"ר', '₪10,000,000,000', '200'. */
export function limitText(field: PropertyFieldKey, limit: number, language: FormatLanguage): string {
  if (AREA_FIELDS.has(field)) return formatArea(limit, language) ?? formatCount(limit, language);
  if (SHEKEL_FIELDS.has(field)) return formatShekel(limit, language) ?? formatCount(limit, language);
  return formatCount(limit, language);
}

/** A problem's message in the broker's language; a length or size message names its limit. */
export function problemMessage(
  problem: Pick<FieldProblem, 'field' | 'key'>,
  t: TFunction<'wizard'>,
  language: FormatLanguage,
): string {
  const limit = fieldLimit(problem.field);
  return t(
    `fieldErrors.${problem.key}`,
    limit === undefined ? {} : { limit: limitText(problem.field, limit, language) },
  );
}

/** The element id of a field's input (or group), for labels, errors and focus. */
export function fieldId(field: PropertyFieldKey): string {
  return `wizard-field-${field}`;
}

/** Focuses the first focusable control of the first field with a problem on `step`; false if none. */
export function focusFirstProblem(problems: readonly FieldProblem[], step: number): boolean {
  for (const problem of problems) {
    if (problem.step !== step) continue;
    const element = document.getElementById(fieldId(problem.field));
    const target = element?.matches('input, textarea, button, [tabindex]')
      ? element
      : element?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button, [tabindex]');
    if (target instanceof HTMLElement) {
      target.focus();
      return true;
    }
  }
  return false;
}
