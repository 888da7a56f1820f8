/**
 * The step in the address (`?step=<step id>`), kept in step with the machine's step states:
 * - the machine moves (next, back, a stepper or review link, clear): a new history entry, so the
 *   browser's (and Android's) back returns to the previous step and forward comes back;
 * - the address moves (back, forward, a link): the wizard follows it as far as the rules allow, and
 *   a step not yet reachable lands on the furthest valid one before it, the address corrected in place.
 */
import { WIZARD_STEPS, type WizardStep, type WizardStepId } from '@domain/wizard-steps';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { PropertyWizardActor } from './use-property-wizard';

export function stepNumberOf(id: WizardStepId | undefined): WizardStep | undefined {
  return WIZARD_STEPS.find((candidate) => candidate.id === id)?.step;
}

function stepIdOf(step: number): WizardStepId {
  return (WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0]).id;
}

/** Goes to `target`, or else the furthest step before it that the machine allows. */
function followAddress(actor: PropertyWizardActor, target: number): void {
  const current = actor.getSnapshot().context.step;
  for (let step = target; step >= 1; step--) {
    if (step === current) return;
    if (actor.getSnapshot().can({ type: 'GO_TO_STEP', step })) {
      actor.send({ type: 'GO_TO_STEP', step });
      return;
    }
  }
}

export function useStepAddress(actor: PropertyWizardActor, step: number, editing: boolean): void {
  const { step: addressStepId } = useSearch({ from: '/_auth/properties/create' });
  const navigate = useNavigate({ from: '/properties/create' });
  const addressStep = stepNumberOf(addressStepId);
  /** The step the address and the machine last agreed on; null before the first agreement. */
  const agreed = useRef<number | null>(null);

  useEffect(() => {
    if (!editing) return;
    if (addressStep === step) {
      agreed.current = step;
      return;
    }
    if (agreed.current === null || agreed.current === step) {
      // The address moved, or the page just opened: follow it, then say where the wizard is.
      if (addressStep !== undefined) followAddress(actor, addressStep);
      const shown = actor.getSnapshot().context.step;
      agreed.current = shown;
      if (shown !== addressStep) {
        void navigate({ search: (previous) => ({ ...previous, step: stepIdOf(shown) }), replace: true });
      }
      return;
    }
    // The machine moved: a history entry of its own.
    agreed.current = step;
    void navigate({ search: (previous) => ({ ...previous, step: stepIdOf(step) }) });
  }, [actor, step, addressStep, editing, navigate]);
}
