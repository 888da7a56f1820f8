/**
 * Where a field's problem shows on the screen. What the problems are is decided once, in
 * `@domain/wizard-rules` (`formProblems`), for every screen and the server alike.
 */

import { type FormatLanguage, formatArea, formatCount, formatShekel } from '@domain/format';
import { fieldSpec } from '@domain/property-fields';
import type { PropertyFieldKey } from '@domain/property-values';
import { type FieldProblem, fieldLimit } from '@domain/wizard-rules';
import type { TFunction } from 'i18next';

/** A field's limit as the app shows such a value: '1,000,000 מ״ר', '₪10,000,000,000', '200'. */
export function limitText(field: PropertyFieldKey, limit: number, language: FormatLanguage): string {
  const unit = fieldSpec(field).unit;
  if (unit === 'sqm') return formatArea(limit, language) ?? formatCount(limit, language);
  if (unit?.startsWith('shekel')) return formatShekel(limit, language) ?? formatCount(limit, language);
  return formatCount(limit, language);
}

/** A problem's message in the broker's language; a length or size message names its limit. */
export function problemMessage(
  problem: Pick<FieldProblem, 'field' | 'key'>,
  t: TFunction<'wizard'>,
  language: FormatLanguage,
): string {
  const limit = fieldLimit(problem.field);
  const min = fieldSpec(problem.field).min;
  return t(`fieldErrors.${problem.key}`, {
    ...(limit === undefined ? {} : { limit: limitText(problem.field, limit, language) }),
    ...(min === undefined ? {} : { min: formatCount(min, language) }),
  });
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
