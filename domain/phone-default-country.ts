/**
 * What a phone field draws before libphonenumber has loaded (the sign-in page's first load leaves it
 * out): the default country's dial code and sample number as constants, and the helpers that need no
 * numbering plan. tests/domain/phone-default-country.test.ts holds the constants equal to
 * libphonenumber's; every rule stays in phone.ts.
 */
import type { CountryCode } from 'libphonenumber-js';

export type PhoneCountryCode = CountryCode;

/** What a phone field holds: the chosen country and the digits typed, trunk prefix included. */
export interface PhoneValue {
  country: PhoneCountryCode;
  nationalDigits: string;
}

export const DEFAULT_PHONE_COUNTRY: PhoneCountryCode = 'IL';
/** `dialCodeOf(DEFAULT_PHONE_COUNTRY)` */
export const DEFAULT_PHONE_DIAL_CODE = '+972';
/** `phonePlaceholderOf(DEFAULT_PHONE_COUNTRY)` */
export const DEFAULT_PHONE_PLACEHOLDER = '050-234-5678';

/** E.164 caps a whole number at 15 digits; a national entry with its trunk prefix stays within that. */
export const PHONE_MAX_DIGITS = 15;

export function stripNonDigits(input: string): string {
  return input.replace(/\D+/g, '');
}

const REGIONAL_INDICATOR_A = 0x1f1e6;

export function flagOf(country: string): string {
  return String.fromCodePoint(
    ...country
      .toUpperCase()
      .split('')
      .map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}
