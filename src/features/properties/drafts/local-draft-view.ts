import { dataCompletion } from '@domain/data-completion';
import type { PropertyFieldValues } from '@domain/property-fields';
import { formToValues, type PropertyForm } from '@domain/property-form';
import type { ListedField } from '@domain/property-list-query';
import { LISTED_FIELDS } from '@domain/property-list-tables';
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
 * The draft in the list's terms: what a list row carries (the registry's `listed` fields, as the
 * server's rows do, its answers as the server would store them), and where "continue" leads.
 */
export interface LocalDraftView extends Pick<PropertyFieldValues, ListedField> {
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
  const shown = Object.fromEntries(LISTED_FIELDS.map((field) => [field, values[field]])) as Pick<
    PropertyFieldValues,
    ListedField
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
