import { otpMachine } from '@machines/otp/otp.machine';
import { progressFor } from '@machines/registration/auth-progress';
import { registrationMachine } from '@machines/registration/registration.machine';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';

/** Every top-level state of a machine, so a state added later cannot go without a decided progress. */
function topStates(machine: AnyStateMachine): string[] {
  return Object.values(machine.root.states as Record<string, AnyStateNode>).map((node) => node.key);
}

describe('auth progress indicator (spec 2)', () => {
  it('shows login as 0 of 0 on the form and 2 of 3 on the code entry', () => {
    expect(progressFor('auth', null)).toEqual({ step: 0, total: 0 });
    expect(progressFor('auth', 'sending')).toEqual({ step: 0, total: 0 });
    expect(progressFor('auth', 'announcing')).toEqual({ step: 0, total: 0 });
    expect(progressFor('auth', 'sendFailed')).toEqual({ step: 0, total: 0 });
    expect(progressFor('auth', { enteringCode: { code: 'editing', resend: 'idle' } })).toEqual({
      step: 2,
      total: 3,
    });
    expect(progressFor('auth', { enteringCode: { code: 'verifying', resend: 'resending' } })).toEqual({
      step: 2,
      total: 3,
    });
  });

  it('shows registration as 1, 2 and 3 of 4, and fills the bar at completion', () => {
    expect(progressFor('registration', { personalDetails: 'editing' })).toEqual({ step: 1, total: 4 });
    expect(progressFor('registration', { personalDetails: 'savingLead' })).toEqual({ step: 1, total: 4 });
    expect(progressFor('registration', 'verifyingPhone')).toEqual({ step: 2, total: 4 });
    expect(progressFor('registration', { companyDetails: 'editing' })).toEqual({ step: 3, total: 4 });
    expect(progressFor('registration', { companyDetails: 'savingLead' })).toEqual({ step: 3, total: 4 });
    expect(progressFor('registration', 'completing')).toEqual({ step: 3, total: 4 });
    expect(progressFor('registration', 'completed')).toEqual({ step: 4, total: 4 });
  });

  it('shows no step while loading, in the resume dialog or after leaving', () => {
    for (const state of ['checkingDraft', 'offeringResume', 'exited']) {
      expect(progressFor('registration', state)).toEqual({ step: 0, total: 0 });
    }
  });

  it('decides a progress for every state of both machines', () => {
    const decided = (process: 'auth' | 'registration', machine: AnyStateMachine) =>
      Object.fromEntries(
        topStates(machine).map((state) => [state, progressFor(process, state as StateValue)]),
      );
    expect(decided('auth', otpMachine)).toEqual({
      starting: { step: 0, total: 0 },
      sending: { step: 0, total: 0 },
      sendFailed: { step: 0, total: 0 },
      announcing: { step: 0, total: 0 },
      enteringCode: { step: 2, total: 3 },
      verified: { step: 2, total: 3 },
    });
    expect(decided('registration', registrationMachine)).toEqual({
      checkingDraft: { step: 0, total: 0 },
      offeringResume: { step: 0, total: 0 },
      choosingStep: { step: 0, total: 0 },
      resuming: { step: 0, total: 0 },
      personalDetails: { step: 1, total: 4 },
      verifyingPhone: { step: 2, total: 4 },
      companyDetails: { step: 3, total: 4 },
      completing: { step: 3, total: 4 },
      completed: { step: 4, total: 4 },
      finished: { step: 4, total: 4 },
      exited: { step: 0, total: 0 },
    });
  });
});
