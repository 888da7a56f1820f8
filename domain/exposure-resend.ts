/**
 * When a broker may send an exposure request's link again (spec, issue 23): one rule for the machine
 * that guards RESEND and AMEND, the screens that offer them and the server that refuses them.
 */

/** The first SMS and at most four more per request: more is harassment, not a reminder. */
export const EXPOSURE_MAX_SENDS = 5;
/** A new link at most once a minute, so a double click sends one SMS. */
export const EXPOSURE_RESEND_SPACING_MS = 60_000;
