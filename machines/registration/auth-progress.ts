/**
 * The auth progress indicator, step of total (spec 2 "Auth progress indicator"), read from the state of
 * the flow a screen shows: the login flow's OTP machine, or the registration machine.
 *
 * Login: the form 0 of 0 (no indicator), the code entry 2 of 3. Registration: personal details 1 of 4,
 * verify 2 of 4, company details 3 of 4; the completion dialog fills the bar (4 of 4, not in the spec).
 * States that show no step of their own (loading, the resume dialog, a flow that has ended) are 0 of 0.
 */

import type { OtpProcess } from '@domain/registration';
import type { StateValue } from 'xstate';

export interface AuthProgress {
  step: number;
  total: number;
}

const HIDDEN: AuthProgress = { step: 0, total: 0 };

const LOGIN_PROGRESS: Readonly<Record<string, AuthProgress>> = {
  enteringCode: { step: 2, total: 3 },
  verified: { step: 2, total: 3 },
};

const REGISTRATION_PROGRESS: Readonly<Record<string, AuthProgress>> = {
  personalDetails: { step: 1, total: 4 },
  verifyingPhone: { step: 2, total: 4 },
  companyDetails: { step: 3, total: 4 },
  completing: { step: 3, total: 4 },
  completed: { step: 4, total: 4 },
  finished: { step: 4, total: 4 },
};

function topState(value: StateValue): string {
  return typeof value === 'string' ? value : (Object.keys(value)[0] ?? '');
}

/**
 * `auth`: the login flow's `otpMachine` state value, or null while no code was requested (the form).
 * `registration`: the `registrationMachine` state value.
 */
export function progressFor(process: OtpProcess, stateValue: StateValue | null): AuthProgress {
  if (stateValue === null) return HIDDEN;
  const table = process === 'auth' ? LOGIN_PROGRESS : REGISTRATION_PROGRESS;
  return table[topState(stateValue)] ?? HIDDEN;
}
