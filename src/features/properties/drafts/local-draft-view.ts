import { dataCompletion } from '@domain/data-completion';
import { PRICED_FIELDS } from '@domain/listed-price';
import type { PropertyFieldValues } from '@domain/property-fields';
import { formToValues, type PropertyForm } from '@domain/property-form';
import { LIST_AREA_FIELDS } from '@domain/property-list-query';
import { clampWizardStep, WIZARD_STEPS, type WizardStepId } from '@domain/wizard-steps';

/**
 * This browser's draft of a new property, as /drafts is given it (the wizard's feature reads it from
 * storage; features do not import each other, so the route hands it over).
 */
export interface LocalDraftEntry {
  form: PropertyForm;
  step: number;
  /** Epoch ms of its last write. */
  savedAt: number;
}

/**
 * The fields a list row names and shows (property-fact-cells.tsx, listed-price.tsx): its answers, as
 * the server would store them.
 */
const SHOWN_FIELDS = [
  'address',
  'city',
  'propertyKind',
  'propertyCategory',
  ...LIST_AREA_FIELDS,
  ...PRICED_FIELDS,
] as const;
type ShownField = (typeof SHOWN_FIELDS)[number];

/** The draft in the list's terms: what a row or card shows of it, and where "continue" leads. */
export interface LocalDraftView extends Pick<PropertyFieldValues, ShownField> {
  dataCompletion: number;
  savedAt: number;
  /**
   * The wizard's address for it: a step in the address takes the local draft as it is, without the
   * "continue or start fresh?" question the broker has just answered by choosing it here.
   */
  resumeSearch: { step: WizardStepId };
}

export function localDraftView({ form, step, savedAt }: LocalDraftEntry): LocalDraftView {
  // The answers as saving would send them (trimmed, unasked ones dropped): the registry's mapper.
  const values = formToValues(form);
  const shown = Object.fromEntries(SHOWN_FIELDS.map((field) => [field, values[field]])) as Pick<
    PropertyFieldValues,
    ShownField
  >;
  const stepId = (WIZARD_STEPS[clampWizardStep(step) - 1] ?? WIZARD_STEPS[0]).id;
  return {
    ...shown,
    // The score the wizard shows live and the server stores: one function in domain.
    dataCompletion: dataCompletion(values),
    savedAt,
    resumeSearch: { step: stepId },
  };
}
