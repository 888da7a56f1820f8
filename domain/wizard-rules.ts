/**
 * The wizard's rules (spec 5, "Wizard step validity" and its further reading), written once on the
 * flat values and offered to the wizard on its form and to the server on an API body.
 *
 * Two kinds of problem, because a broker fills a listing over several sittings:
 * - missing answers (the required fields of steps 1 to 3, and the further reading's "at least one"
 *   and "required when") keep a property from being published, never from being saved or from
 *   moving on. Steps 1 to 3 also hold "next" until their required fields are answered, as the spec says.
 * - plainly wrong values (severity 'invalid': a negative floor count, a marketed area larger than
 *   the total, a category of another kind) hold "next" on their step and are refused by the server
 *   even in a draft, because nothing later can make them right.
 */

import type { PropertyInput } from '@openapi/schema';
import { hasHiddenOrControlCharacters } from './free-text';
import {
  appliesToKind,
  CHECKED_AREAS,
  chosenKind,
  FIELD_STEP,
  fieldCeiling,
  fieldMax,
  fieldSpec,
  fieldsWhere,
  isAsked,
  isRequired,
  meetsAskedWhen,
  PROPERTY_LIMITS,
} from './property-fields';
import { formToValues, type PropertyForm } from './property-form';
import {
  inputToValues,
  isFilled,
  PROPERTY_FIELD_KEYS,
  type PropertyFieldKey,
  type PropertyValues,
} from './property-values';
import { isTourLink } from './tour-link';
import { FIRST_WIZARD_STEP, LAST_WIZARD_STEP, type WizardStep } from './wizard-steps';

/** The step on which each field is asked, to show an error where the broker can fix it. */
export { FIELD_STEP } from './property-fields';

const max = fieldCeiling;

/** The bounds the API contract sets, as the registry declares them (property-fields.ts). */
export { PROPERTY_LIMITS };

/** The texts the spec's own rules check (not `declared`): each within its length, none hiding characters. */
const CHECKED_TEXTS = fieldsWhere((spec) => spec.type === 'text' && spec.checks !== 'declared');
/** The numbers the spec's own rules check beside the areas (not `declared`). */
const CHECKED_NUMBERS = fieldsWhere(
  (spec, field) =>
    (spec.type === 'number' || spec.type === 'integer') &&
    spec.checks !== 'declared' &&
    !CHECKED_AREAS.includes(field),
);
/** The choices among the chosen kind's options (the registry's `optionsByKind`). */
const KIND_OPTION_FIELDS = fieldsWhere((spec) => spec.optionsByKind !== undefined);
/** Choices answered "none" when nothing applies (the registry's `wizard.input` 'noneExcludes'). */
const NONE_EXCLUDES_FIELDS = fieldsWhere((spec) => spec.wizard?.input === 'noneExcludes');

/** The error of an answer given where its `askedWhen` does not hold. */
function unaskedError(field: PropertyFieldKey): FieldErrorKey {
  return fieldSpec(field).askedWhen?.unasked ?? 'notAsked';
}

/** The limit a field's tooLong (characters) or tooLarge (value) names, so each message can say it. */
export function fieldLimit(field: PropertyFieldKey): number | undefined {
  return fieldMax(field);
}

/** Error keys; a screen translates them (e.g. `wizard:fieldErrors.<key>`). */
export const FIELD_ERROR_KEYS = [
  'required',
  'selectAtLeastOne',
  'positiveInteger',
  'positiveNumber',
  'tooLarge',
  'tooLong',
  'unsafeCharacters',
  'exceedsTotalArea',
  'noneIsExclusive',
  'notValidForKind',
  'otherNotChosen',
  'onlyWithParking',
  'wholeNumber',
  'notNegative',
  'tooSmall',
  'invalidDate',
  'tourLinkHost',
  'notAsked',
  'unitExceedsTotalArea',
  'aboveTopFloor',
] as const;
export type FieldErrorKey = (typeof FIELD_ERROR_KEYS)[number];

/** 'invalid' holds "next" on the field's step and any save; 'incomplete' holds publishing only. */
export type FieldErrorSeverity = 'invalid' | 'incomplete';

export interface FieldError {
  field: PropertyFieldKey;
  key: FieldErrorKey;
  severity: FieldErrorSeverity;
}

/** A server-side problem: a JSON pointer into the body and an error key. */
export interface PropertyProblem {
  path: string;
  key: FieldErrorKey;
}

// ---- on values (shared by the wizard and the server) ----

/** Spec 5, "Wizard step validity": the required fields still unanswered on a step, in display order. */
export function missingRequiredValues(step: number, values: PropertyValues): PropertyFieldKey[] {
  // An unchosen kind is asked everything (spec: usage "for non-offices"; null is not offices).
  return fieldsWhere((spec, key) => spec.step === step && isRequired(key, values)).filter(
    (field) => !isFilled(values[field]),
  );
}

/** Every rule beyond the step's required fields, in display order. */
export function valueErrors(values: PropertyValues): FieldError[] {
  const errors: FieldError[] = [];
  const invalid = (field: PropertyFieldKey, key: FieldErrorKey) =>
    errors.push({ field, key, severity: 'invalid' });
  const incomplete = (field: PropertyFieldKey, key: FieldErrorKey) =>
    errors.push({ field, key, severity: 'incomplete' });
  const kind = chosenKind(values);

  // A choice of another kind's options (the registry's `optionsByKind`); none is valid before a kind.
  for (const field of KIND_OPTION_FIELDS) {
    const valid: readonly string[] = kind === null ? [] : (fieldSpec(field).optionsByKind?.[kind] ?? []);
    const answer = values[field] as readonly string[] | string | null;
    const chosen = Array.isArray(answer) ? answer : answer === null ? [] : [answer];
    if (chosen.some((value) => !valid.includes(value))) invalid(field, 'notValidForKind');
  }
  for (const field of CHECKED_TEXTS) {
    const text = values[field] as string | null;
    if (isFilled(text) && !meetsAskedWhen(field, values)) invalid(field, unaskedError(field));
    else if (tooLong(text, max(field))) invalid(field, 'tooLong');
    if (text !== null && hasHiddenOrControlCharacters(text)) invalid(field, 'unsafeCharacters');
  }

  // Each area positive and within its bound; a number that failed counts as unanswered below.
  const checked = new Map<PropertyFieldKey, unknown>();
  for (const field of CHECKED_AREAS) {
    checked.set(field, checkPositive(values[field] as number | null, max(field), field, invalid));
  }
  const answerOf = (field: PropertyFieldKey) => (checked.has(field) ? checked.get(field) : values[field]);
  // A number within another (the registry's `atMost`): once both are answered and it is asked; a
  // whole number only once it is whole (a fraction has its own error).
  const checkCeilings = (fields: readonly PropertyFieldKey[]) => {
    for (const field of fields) {
      const ceiling = fieldSpec(field).atMost;
      if (!ceiling || !isAsked(field, values)) continue;
      const value = answerOf(field);
      const limit = answerOf(ceiling.field as PropertyFieldKey);
      if (fieldSpec(field).type === 'integer' && !Number.isInteger(value)) continue;
      if (typeof value === 'number' && typeof limit === 'number' && value > limit)
        invalid(field, ceiling.error);
    }
  };
  checkCeilings(CHECKED_AREAS);
  // The spec's other numbers (the prices, the floor count, the parking cost): an answer only where it
  // is asked (the deal type, parking), then within the registry's bounds. The parking cost is optional
  // even with parking: often included in the rent or negotiated (issue 19, docs/decisions.md).
  for (const field of CHECKED_NUMBERS) {
    const value = values[field] as number | null;
    if (value === null) continue;
    if (!meetsAskedWhen(field, values)) invalid(field, unaskedError(field));
    else if (fieldSpec(field).type === 'integer') checkCount(value, field, invalid);
    else checkPositive(value, max(field), field, invalid);
  }

  // Issue 21's facts, checked from the registry: bounds, dates, tour links, and answers to
  // questions not asked of this property (another kind's fact, a price the deal type excludes).
  for (const field of LISTING_FACTS) {
    const value = values[field];
    if (!isFilled(value)) continue;
    if (!appliesToKind(field, kind)) invalid(field, 'notValidForKind');
    else if (!isAsked(field, values)) invalid(field, 'notAsked');
    else {
      const problem = factProblem(field, value as string | number | boolean);
      if (problem !== null) invalid(field, problem);
    }
  }
  checkCeilings(LISTING_FACTS);

  // Choices with a "none" answer (truck access) stay required before publishing; nearby parking
  // and public transport have no such answer and the spec's score calls them optional, so they are.
  for (const field of NONE_EXCLUDES_FIELDS) {
    const chosen = values[field] as readonly string[];
    if (chosen.includes('none') && chosen.length > 1) invalid(field, 'noneIsExclusive');
    else if (kind !== null && chosen.length === 0) incomplete(field, 'selectAtLeastOne');
  }

  return sortByField(errors);
}

// ---- on the wizard's form ----

/** Spec 5 exactly: steps 1-3 by their required fields, 4 and 5 always, 6 never (publish decides). */
export function isStepValid(step: number, form: PropertyForm): boolean {
  if (step < FIRST_WIZARD_STEP || step >= LAST_WIZARD_STEP || !Number.isInteger(step)) return false;
  return missingRequiredFields(step, form).length === 0;
}

/** The fields behind 'N required fields remaining' on a step (N is the length). */
export function missingRequiredFields(step: number, form: PropertyForm): PropertyFieldKey[] {
  return missingRequiredValues(step, formToValues(form));
}

/** The further reading's rules and the value checks, as field-level error keys. */
export function fieldErrors(form: PropertyForm): FieldError[] {
  return valueErrors(formToValues(form));
}

/** The guard for "next": the step is valid and holds no plainly wrong value. */
export function canGoNext(step: number, form: PropertyForm): boolean {
  return (
    isStepValid(step, form) &&
    !fieldErrors(form).some((error) => error.severity === 'invalid' && FIELD_STEP[error.field] === step)
  );
}

/** The guard for "publish": `propertyProblems` finds nothing. */
export function canPublish(form: PropertyForm): boolean {
  return formProblems(form).length === 0;
}

// ---- what keeps a property from publishing: the one truth ----

/** 'missing': a required answer of steps 1 to 3 (holds "next" there); the others as in FieldError. */
export type ProblemSeverity = FieldErrorSeverity | 'missing';

export interface FieldProblem {
  field: PropertyFieldKey;
  key: FieldErrorKey;
  severity: ProblemSeverity;
  /** The step that asks the field, where the broker can fix it. */
  step: WizardStep;
}

/**
 * Everything that keeps a property from being published, at most one problem per field, in display
 * order. The one truth behind the status line, the step ticks, the review box, the publish button
 * (through `canPublish`) and the server's publish check (through `validatePropertyInputForStatus`):
 * "nothing missing" is shown exactly when this is empty.
 */
export function propertyProblems(values: PropertyValues): FieldProblem[] {
  const byField = new Map<PropertyFieldKey, FieldProblem>();
  for (const step of [1, 2, 3] as const) {
    for (const field of missingRequiredValues(step, values)) {
      const key: FieldErrorKey = fieldSpec(field).type === 'choices' ? 'selectAtLeastOne' : 'required';
      byField.set(field, { field, key, severity: 'missing', step });
    }
  }
  for (const error of valueErrors(values)) {
    if (!byField.has(error.field)) byField.set(error.field, { ...error, step: FIELD_STEP[error.field] });
  }
  return PROPERTY_FIELD_KEYS.flatMap((field) => {
    const problem = byField.get(field);
    return problem ? [problem] : [];
  });
}

/** `propertyProblems` of the wizard's form. */
export function formProblems(form: PropertyForm): FieldProblem[] {
  return propertyProblems(formToValues(form));
}

/**
 * The problems the status line counts on a step: that step's own, and on the review step all of
 * them, since publishing needs them all. Zero on review exactly when `canPublish`.
 */
export function problemsShownOnStep(step: number, problems: readonly FieldProblem[]): FieldProblem[] {
  return step === LAST_WIZARD_STEP ? [...problems] : problems.filter((problem) => problem.step === step);
}

/** A step's tick: reached, not the review, and none of its fields keeps the property from publishing. */
export function isStepComplete(
  step: number,
  furthestStep: number,
  problems: readonly FieldProblem[],
): boolean {
  return (
    step < LAST_WIZARD_STEP && step <= furthestStep && !problems.some((problem) => problem.step === step)
  );
}

// ---- on an API body (server) ----

/**
 * What the server refuses in a body (400 property_incomplete / validation_failed). A draft may be
 * partial, but every value present must be valid (for its kind too); a published property must
 * also pass canPublish. A body without status is a draft. On update, pass the stored property
 * merged with the body, so the rules see the whole property.
 */
export function validatePropertyInputForStatus(input: PropertyInput): PropertyProblem[] {
  const values = inputToValues(input);
  const errors =
    input.status === 'published'
      ? propertyProblems(values)
      : valueErrors(values).filter((error) => error.severity === 'invalid');
  return errors.map(({ field, key }) => ({ path: `/${field}`, key }));
}

/** The fields whose checks all follow from their declarations (issue 21's listing facts). */
const LISTING_FACTS = fieldsWhere((spec) => spec.checks === 'declared');

/** A listing fact's value problem by its registry type and bounds, or null. */
function factProblem(field: PropertyFieldKey, value: string | number | boolean): FieldErrorKey | null {
  const spec = fieldSpec(field);
  switch (spec.type) {
    case 'number':
    case 'integer': {
      const number = value as number;
      if (!Number.isFinite(number)) return 'positiveNumber';
      if (spec.type === 'integer' && !Number.isInteger(number)) {
        return spec.min === 1 ? 'positiveInteger' : 'wholeNumber';
      }
      if (spec.exclusiveMin !== undefined && number <= spec.exclusiveMin) return 'positiveNumber';
      if (spec.min !== undefined && number < spec.min) {
        return spec.min === 1 ? 'positiveInteger' : spec.min === 0 ? 'notNegative' : 'tooSmall';
      }
      if (spec.max !== undefined && number > spec.max) return 'tooLarge';
      return null;
    }
    case 'text':
    case 'link':
      if (tooLong(value as string, spec.maxLength ?? Number.POSITIVE_INFINITY)) return 'tooLong';
      if (hasHiddenOrControlCharacters(value as string)) return 'unsafeCharacters';
      return spec.type === 'link' && !isTourLink(value as string) ? 'tourLinkHost' : null;
    case 'date':
      return isCalendarDate(value as string) ? null : 'invalidDate';
    default:
      return null;
  }
}

/** YYYY-MM-DD naming a day that exists (no 31 April), as the contract's `format: date`. */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A count from the registry's `min`: positiveInteger below it or not whole, tooLarge past its bound. */
function checkCount(
  value: number,
  field: PropertyFieldKey,
  invalid: (field: PropertyFieldKey, key: FieldErrorKey) => void,
): void {
  if (!Number.isInteger(value) || value < (fieldSpec(field).min ?? 1)) invalid(field, 'positiveInteger');
  else if (value > max(field)) invalid(field, 'tooLarge');
}

/** Records positiveNumber / tooLarge; returns the value when it is usable, else null. */
function checkPositive(
  value: number | null,
  max: number,
  field: PropertyFieldKey,
  invalid: (field: PropertyFieldKey, key: FieldErrorKey) => void,
): number | null {
  if (value === null) return null;
  if (!Number.isFinite(value) || value <= 0) invalid(field, 'positiveNumber');
  else if (value > max) invalid(field, 'tooLarge');
  else return value;
  return null;
}

function tooLong(value: string | null, max: number): boolean {
  return value !== null && value.trim().length > max;
}

function sortByField(errors: FieldError[]): FieldError[] {
  const order = (field: PropertyFieldKey) => PROPERTY_FIELD_KEYS.indexOf(field);
  return errors.sort((a, b) => order(a.field) - order(b.field));
}
