/**
 * Phone rules of spec section 5 ("Phone"), shared by the sign-in screens and the server.
 *
 * Validation uses libphonenumber's default ("min") metadata: it checks the digits against each
 * country's national-number pattern and possible lengths, which is what the spec asks for. The
 * "max" metadata would also check number-type ranges, but it costs about 21 kB more gzipped and
 * rejects numbers Israelis really type (its mobile ranges leave out 050-1xx-xxxx), so it was rejected.
 * Country names are not here: the UI takes them from Intl.DisplayNames in the current language.
 */
import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  Metadata,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import {
  flagOf,
  PHONE_MAX_DIGITS,
  type PhoneCountryCode,
  type PhoneValue,
  stripNonDigits,
} from './phone-default-country';

// The lib-free part (the default country's constants, digits, flags) is this module's too.
export * from './phone-default-country';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, as libphonenumber knows it (includes territories such as AC and XK). */
  code: PhoneCountryCode;
  /** '+972' */
  dialCode: string;
  /** Regional-indicator emoji, e.g. 🇮🇱 */
  flag: string;
  /** A sample mobile number formatted as the field would show it, e.g. '050-234-5678'. */
  placeholder: string;
}

/**
 * Login reading of spec 5: 'Phone number must contain at least 7 digits'. The floor is capped by the
 * country's shortest number (see `minDigitsFor`), so places such as Andorra or the Faroe Islands,
 * whose numbers have 6 digits or fewer, are not locked out.
 */
export const PHONE_MIN_DIGITS = 7;

export type PhoneError = 'phoneNumberRequired' | 'invalidPhoneNumber';
export type LoginPhoneError = PhoneError | 'phoneTooShort' | 'countryCodeRequired' | 'invalidCountryCode';

export function isPhoneCountry(value: unknown): value is PhoneCountryCode {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
}

export function dialCodeOf(country: PhoneCountryCode): string {
  return `+${getCountryCallingCode(country)}`;
}

const trunkPrefixCache = new Map<PhoneCountryCode, string>();

/**
 * The national (trunk) prefix a country writes before its numbers, such as IL's '0', read off the
 * sample number: the digits its national format has in front of the national significant number.
 */
function trunkPrefixOf(country: PhoneCountryCode): string {
  const cached = trunkPrefixCache.get(country);
  if (cached !== undefined) return cached;
  const example = getExampleNumber(country, examples);
  let prefix = '';
  if (example) {
    const nationalDigits = stripNonDigits(example.formatNational());
    if (nationalDigits.endsWith(example.nationalNumber)) {
      prefix = nationalDigits.slice(0, nationalDigits.length - example.nationalNumber.length);
    }
  }
  trunkPrefixCache.set(country, prefix);
  return prefix;
}

const hasSeparator = (text: string) => /\D/.test(text);

function splitInTheMiddle(digits: string): string {
  const half = Math.ceil(digits.length / 2);
  return `${digits.slice(0, half)} ${digits.slice(half)}`;
}

/**
 * Display form of what the user typed. Spec 5 gives country-specific formats and, for the rest, a
 * split in the middle once at least 6 digits are present. libphonenumber formats some countries only
 * when the trunk prefix is typed (IL: '501234567' stays bare), so those are formatted with the prefix
 * and shown without it ('50-123-4567') rather than falling back to the split.
 */
export function formatNationalForDisplay(country: PhoneCountryCode, digits: string): string {
  const clean = stripNonDigits(digits);
  if (clean === '') return '';
  const formatted = new AsYouType(country).input(clean);
  if (hasSeparator(formatted)) return formatted;

  const prefix = trunkPrefixOf(country);
  if (prefix !== '' && !clean.startsWith(prefix)) {
    const withPrefix = new AsYouType(country).input(prefix + clean);
    if (hasSeparator(withPrefix) && withPrefix.startsWith(prefix)) {
      const rest = withPrefix.slice(prefix.length).replace(/^\D+/, '');
      if (stripNonDigits(rest) === clean) return rest;
    }
  }

  return clean.length >= 6 ? splitInTheMiddle(clean) : clean;
}

const placeholderCache = new Map<PhoneCountryCode, string>();

/** A sample mobile number in the country's display format, for the field's placeholder. */
export function phonePlaceholderOf(country: PhoneCountryCode): string {
  const cached = placeholderCache.get(country);
  if (cached !== undefined) return cached;
  const example = getExampleNumber(country, examples);
  const placeholder = example ? formatNationalForDisplay(country, example.formatNational()) : '';
  placeholderCache.set(country, placeholder);
  return placeholder;
}

let countriesCache: readonly PhoneCountry[] | undefined;

/** Every country libphonenumber knows (about 245), in ISO-code order; the UI sorts by localized name. */
export function listPhoneCountries(): readonly PhoneCountry[] {
  countriesCache ??= getCountries().map((code) => ({
    code,
    dialCode: dialCodeOf(code),
    flag: flagOf(code),
    get placeholder() {
      // Formatting 245 samples up front costs more than the few a user ever sees.
      return phonePlaceholderOf(code);
    },
  }));
  return countriesCache;
}

const minDigitsCache = new Map<PhoneCountryCode, number>();

/** The fewest digits a number of this country may have: 7, or less where the country's numbers are shorter. */
export function minDigitsFor(country: PhoneCountryCode): number {
  const cached = minDigitsCache.get(country);
  if (cached !== undefined) return cached;
  const metadata = new Metadata();
  metadata.selectNumberingPlan(country);
  const lengths = metadata.numberingPlan?.possibleLengths() ?? [];
  const min = Math.min(PHONE_MIN_DIGITS, ...lengths);
  minDigitsCache.set(country, min);
  return min;
}

/** Parses national digits for a country; null unless the number is valid and stays in that country's code. */
function parseNational(country: PhoneCountryCode, nationalDigits: string) {
  const digits = stripNonDigits(nationalDigits);
  if (digits.length < minDigitsFor(country) || digits.length > PHONE_MAX_DIGITS) return null;
  const parsed = parsePhoneNumberFromString(digits, country);
  if (!parsed?.isValid()) return null;
  // A number typed with its own country code ('972501234567' under IL) is fine; one that libphonenumber
  // reads as a different calling code (an IDD prefix such as '00' followed by digits) is not.
  if (parsed.countryCallingCode !== getCountryCallingCode(country)) return null;
  return parsed;
}

/** '+972501234567' for a valid number, otherwise null. */
export function toE164(country: PhoneCountryCode, nationalDigits: string): string | null {
  return parseNational(country, nationalDigits)?.number ?? null;
}

/**
 * Login reading of spec 5, with the most specific message: country present and known, digits
 * present, at least 7 digits (fewer only where the country's numbers are shorter), and a valid
 * number under the country's pattern. `country` is typed
 * loosely because the server passes through whatever arrived.
 */
export function validateLoginPhone(
  country: string | null | undefined,
  input: string,
): LoginPhoneError | null {
  if (!country) return 'countryCodeRequired';
  if (!isPhoneCountry(country)) return 'invalidCountryCode';
  const digits = stripNonDigits(input);
  if (digits === '') return 'phoneNumberRequired';
  if (digits.length < minDigitsFor(country)) return 'phoneTooShort';
  return parseNational(country, digits) ? null : 'invalidPhoneNumber';
}

/**
 * Registration reading of spec 5: the same rules, reported with the two keys the personal-details
 * step names (a missing or unknown country, or too few digits, is an invalid number there).
 */
export function validatePhone(country: string | null | undefined, input: string): PhoneError | null {
  const error = validateLoginPhone(country, input);
  if (error === null || error === 'phoneNumberRequired') return error;
  return 'invalidPhoneNumber';
}

/** Server side: the wire carries E.164 only ('+' and the whole number). */
export function validateE164(e164: string | null | undefined): PhoneError | null {
  if (!e164 || e164.trim() === '') return 'phoneNumberRequired';
  if (!/^\+[1-9]\d{6,14}$/.test(e164)) return 'invalidPhoneNumber';
  const parsed = parseE164(e164);
  return parsed && toE164(parsed.country, parsed.nationalDigits) === e164 ? null : 'invalidPhoneNumber';
}

/**
 * Splits an international number back into the field's value, for /login?phone=… and for pre-filling
 * from a saved lead. The digits come back the way people write them at home ('0501234567', trunk
 * prefix included). A '+' lost to URL decoding (it reads as a space) is tolerated. Null when the
 * number is not valid.
 */
export function parseE164(e164: string | null | undefined): PhoneValue | null {
  if (!e164) return null;
  const digits = stripNonDigits(e164);
  if (digits === '' || digits.length > PHONE_MAX_DIGITS) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.isValid() || !parsed.country) return null;
  const national = stripNonDigits(parsed.formatNational());
  const nationalDigits =
    toE164(parsed.country, national) === parsed.number ? national : parsed.nationalNumber;
  return { country: parsed.country, nationalDigits };
}

/**
 * What the number field does with typed, pasted or autofilled text: an entry that starts with '+'
 * names its own country (browsers autofill `tel` that way), anything else keeps the chosen country.
 */
export function readPhoneEntry(country: PhoneCountryCode, text: string): PhoneValue {
  if (text.trim().startsWith('+')) {
    const international = parseE164(text);
    if (international) return international;
  }
  return { country, nationalDigits: stripNonDigits(text).slice(0, PHONE_MAX_DIGITS) };
}
