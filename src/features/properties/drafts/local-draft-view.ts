import { dataCompletion } from '@domain/data-completion';
import { formToValues, type PropertyForm } from '@domain/property-form';
import type { PropertyCategory, PropertyKind } from '@domain/property-options';
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

/** The draft in the list's terms: what a row or card shows of it, and where "continue" leads. */
export interface LocalDraftView {
  address: string | null;
  city: string | null;
  propertyKind: PropertyKind | null;
  propertyCategory: PropertyCategory | null;
  totalArea: number | null;
  marketingArea: number | null;
  dataCompletion: number;
  savedAt: number;
  /**
   * The wizard's address for it: a step in the address takes the local draft as it is, without the
   * "continue or start fresh?" question the broker has just answered by choosing it here.
   */
  resumeSearch: { step: WizardStepId };
}

export function localDraftView({ form, step, savedAt }: LocalDraftEntry): LocalDraftView {
  const { generalInfo } = form;
  const stepId = (WIZARD_STEPS[clampWizardStep(step) - 1] ?? WIZARD_STEPS[0]).id;
  return {
    address: generalInfo.address.trim() || null,
    city: generalInfo.city.trim() || null,
    propertyKind: generalInfo.propertyKind,
    propertyCategory: generalInfo.propertyCategory,
    totalArea: generalInfo.totalArea,
    marketingArea: generalInfo.marketingArea,
    // The score the wizard shows live and the server stores: one function in domain.
    dataCompletion: dataCompletion(formToValues(form)),
    savedAt,
    resumeSearch: { step: stepId },
  };
}
