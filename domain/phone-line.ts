/**
 * Sign-in codes go by SMS, so the number must be able to take one. Where a country's numbering plan
 * tells mobile ranges from fixed lines (Israel: 03-1234567 is fixed, 050-… mobile), libphonenumber's
 * number type says which; where it cannot tell (the US: FIXED_LINE_OR_MOBILE) or does not know the
 * range at all, the number passes, because refusing a real mobile is worse than one SMS not arriving.
 *
 * The type needs libphonenumber's "max" metadata (about 20 KiB gzipped more than the "min" the field
 * formats with), so it is imported when a number is checked, not with the first screen. Client (both
 * phone forms) and server (code send, lead save) call this one rule.
 */

export type PhoneLineError = 'mobileRequired';

/** Types an SMS code cannot be trusted to reach. MOBILE, FIXED_LINE_OR_MOBILE and PERSONAL_NUMBER pass. */
const NOT_MOBILE = new Set([
  'FIXED_LINE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'SHARED_COST',
  'VOIP',
  'UAN',
  'VOICEMAIL',
  'PAGER',
]);

/**
 * The "max" build, imported once: a dynamic import() of a module already loaded still goes through the
 * module loader (and its hooks, where a loader such as tsx is registered) on every call, and the server
 * checks a number on every code sent.
 */
let maxMetadata: Promise<typeof import('libphonenumber-js/max')> | undefined;

/** 'mobileRequired' for an E.164 number the country's plan knows as a landline (or another non-mobile type). */
export async function checkMobileLine(e164: string): Promise<PhoneLineError | null> {
  maxMetadata ??= import('libphonenumber-js/max');
  const { parsePhoneNumberFromString } = await maxMetadata.catch((error: unknown) => {
    // A chunk that failed to load (a dropped connection in the browser) is asked for again next time.
    maxMetadata = undefined;
    throw error;
  });
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type !== undefined && NOT_MOBILE.has(type) ? 'mobileRequired' : null;
}
