const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

export const REFRESH_TOKEN_POLICY = {
  /** A sign-in lasts at most 30 days from its first token; rotation never extends it. */
  familyLifetimeMs: 30 * DAY,
  /**
   * A token presented again this soon after its rotation is taken as a race between two tabs or a
   * retried request, not as theft (see decisions: "refresh-token reuse").
   */
  reuseGraceMs: 10 * SECOND,
} as const;
