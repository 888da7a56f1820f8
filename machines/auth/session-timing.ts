/**
 * When the session renews its access token (spec 9). Apart from the machine so that the page can
 * decide at start whether the token needs renewing without loading the machine and XState.
 */

/** Spec 9: the proactive check runs every 10 minutes... */
export const REFRESH_CHECK_INTERVAL_MS = 10 * 60 * 1000;
/** ...and refreshes tokens that are expired or expire within 5 minutes. */
export const REFRESH_WINDOW_MS = 5 * 60 * 1000;
