/**
 * A verified phone is good for finishing registration for 24 hours: long enough to look up company
 * details or come back the next morning, short enough that a lead left open on a shared computer
 * does not stay a ready-made account for someone else. After that the phone is verified again.
 */
export const REGISTRATION_POLICY = {
  verificationValidMs: 24 * 60 * 60 * 1000,
  /**
   * A lead's secret (the proof, held by the client, that reads and changes it) works until the lead
   * is registered and stops 24 hours after the lead last changed (saved or verified): a registration
   * left open is then only the server's, and starts again from the details kept on the device.
   */
  leadSecretValidMs: 24 * 60 * 60 * 1000,
} as const;
