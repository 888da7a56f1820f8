/**
 * Every problem of a form as the screens show it: one error key per field (a missing answer first,
 * then the further reading's rules), each with the step where the broker can fix it.
 */
import type { PropertyForm } from '@domain/property-form';
import { PROPERTY_FIELD_KEYS, type PropertyFieldKey } from '@domain/property-values';
import {
  FIELD_STEP,
  type FieldErrorKey,
  type FieldErrorSeverity,
  fieldErrors,
  missingRequiredFields,
  type WizardStep,
} from '@domain/wizard-rules';

export interface FieldProblem {
  field: PropertyFieldKey;
  key: FieldErrorKey;
  /** 'invalid' and missing required answers of steps 1-3 hold "next"; 'incomplete' holds publishing. */
  severity: FieldErrorSeverity | 'missing';
  step: WizardStep;
}

const LIST_FIELDS: ReadonlySet<PropertyFieldKey> = new Set(['usageCategories']);

/** In display order, at most one per field. */
export function formProblems(form: PropertyForm): FieldProblem[] {
  const byField = new Map<PropertyFieldKey, FieldProblem>();
  for (const step of [1, 2, 3] as const) {
    for (const field of missingRequiredFields(step, form)) {
      const key: FieldErrorKey = LIST_FIELDS.has(field) ? 'selectAtLeastOne' : 'required';
      byField.set(field, { field, key, severity: 'missing', step });
    }
  }
  for (const error of fieldErrors(form)) {
    if (byField.has(error.field)) continue;
    byField.set(error.field, { ...error, step: FIELD_STEP[error.field] });
  }
  return PROPERTY_FIELD_KEYS.flatMap((field) => {
    const problem = byField.get(field);
    return problem ? [problem] : [];
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
