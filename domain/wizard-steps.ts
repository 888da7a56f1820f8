/**
 * The wizard's six steps (spec 4), apart from its rules: the router validates `?step=` with these ids
 * on every page, and importing them from wizard-rules.ts would put all the rules in every first load.
 */

export const WIZARD_STEPS = [
  { step: 1, id: 'kind' },
  { step: 2, id: 'generalInfo' },
  { step: 3, id: 'buildingDetails' },
  { step: 4, id: 'environmentTransport' },
  { step: 5, id: 'mediaDocuments' },
  { step: 6, id: 'review' },
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number]['step'];
export type WizardStepId = (typeof WIZARD_STEPS)[number]['id'];
export const FIRST_WIZARD_STEP: WizardStep = 1;
export const LAST_WIZARD_STEP: WizardStep = 6;

/** Spec 4: the current step is clamped to 1..6 (a stored wizardStep may be anything). */
export function clampWizardStep(step: number): WizardStep {
  if (!Number.isFinite(step)) return FIRST_WIZARD_STEP;
  return Math.min(LAST_WIZARD_STEP, Math.max(FIRST_WIZARD_STEP, Math.trunc(step))) as WizardStep;
}
