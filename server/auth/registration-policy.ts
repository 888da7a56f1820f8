/**
 * A verified phone is good for finishing registration for 24 hours: long enough to look up company
 * details or come back the next morning, short enough that a lead left open on a shared computer
 * does not stay a ready-made account for someone else. After that the phone is verified again.
 */
export const REGISTRATION_POLICY = {
  verificationValidMs: 24 * 60 * 60 * 1000,
} as const;
