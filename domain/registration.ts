/**
 * Registration vocabulary of spec section 3 (Lead): the step flags and the company types.
 * Flags are powers of two as the spec gives them; a lead holds exactly one at a time.
 */

export const REGISTRATION_STEP = {
  NONE: 0,
  PERSONAL_DETAILS: 1,
  OTP_VERIFICATION: 2,
  COMPANY_DETAILS: 4,
  COMPLETED: 8,
} as const;
export type RegistrationStep = (typeof REGISTRATION_STEP)[keyof typeof REGISTRATION_STEP];
export const REGISTRATION_STEPS = Object.values(REGISTRATION_STEP) as readonly RegistrationStep[];

/** The step that follows another in the flow; COMPLETED is last. */
export function nextRegistrationStep(step: RegistrationStep): RegistrationStep {
  const index = REGISTRATION_STEPS.indexOf(step);
  return REGISTRATION_STEPS[Math.min(index + 1, REGISTRATION_STEPS.length - 1)] as RegistrationStep;
}

/**
 * Spec 4: "A step is allowed only if it is at most the current step plus one" — read on the ordered
 * list of flags (the flags are not consecutive numbers, so "plus one" means the next flag).
 */
export function isRegistrationStepAllowed(target: RegistrationStep, current: RegistrationStep): boolean {
  return REGISTRATION_STEPS.indexOf(target) <= REGISTRATION_STEPS.indexOf(nextRegistrationStep(current));
}

export const COMPANY_TYPES = [
  'realEstate',
  'brokerage',
  'urbanRenewal',
  'development',
  'legal',
  'construction',
  'financing',
  'propertyManagement',
  'appraisal',
  'consultingPlanning',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const OTP_PROCESSES = ['registration', 'auth'] as const;
export type OtpProcess = (typeof OTP_PROCESSES)[number];

export const OTP_LENGTH = 6;
/** The all-zero session id means "no session": the client does not navigate (spec 4). */
export const EMPTY_OTP_SESSION_ID = '00000000-0000-0000-0000-000000000000';
