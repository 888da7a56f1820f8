import {
  DEFAULT_PHONE_COUNTRY,
  dialCodeOf,
  flagOf,
  formatNationalForDisplay,
  isPhoneCountry,
  listPhoneCountries,
  minDigitsFor,
  parseE164,
  phonePlaceholderOf,
  readPhoneEntry,
  stripNonDigits,
  toE164,
  validateE164,
  validateLoginPhone,
  validatePhone,
} from '@domain/phone';
import { DEFAULT_PHONE_DIAL_CODE, DEFAULT_PHONE_PLACEHOLDER } from '@domain/phone-default-country';
import { describe, expect, it } from 'vitest';

describe('the default country before libphonenumber loads', () => {
  it('draws the dial code and sample number libphonenumber gives the default country', () => {
    expect(DEFAULT_PHONE_DIAL_CODE).toBe(dialCodeOf(DEFAULT_PHONE_COUNTRY));
    expect(DEFAULT_PHONE_PLACEHOLDER).toBe(phonePlaceholderOf(DEFAULT_PHONE_COUNTRY));
  });
});

describe('country list', () => {
  const countries = listPhoneCountries();

  it('covers about 240 countries and territories, each once', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(new Set(countries.map((country) => country.code)).size).toBe(countries.length);
  });

  it('gives Israel its dial code, flag and a national sample number', () => {
    const israel = countries.find((country) => country.code === 'IL');
    expect(israel).toMatchObject({ code: 'IL', dialCode: '+972', flag: '🇮🇱' });
    expect(israel?.placeholder).toBe('050-234-5678');
  });

  it('has a dial code, a two-letter flag and a placeholder for every entry', () => {
    for (const country of countries) {
      expect(country.dialCode).toMatch(/^\+\d{1,3}$/);
      expect([...country.flag]).toHaveLength(2);
      expect(country.placeholder).toMatch(/\d/);
    }
  });

  it('defaults to Israel', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('IL');
    expect(dialCodeOf(DEFAULT_PHONE_COUNTRY)).toBe('+972');
  });

  it('builds flags from regional indicator symbols', () => {
    expect(flagOf('US')).toBe('🇺🇸');
    expect(flagOf('gb')).toBe('🇬🇧');
  });

  it('knows which codes are countries it can dial', () => {
    expect(isPhoneCountry('IL')).toBe(true);
    expect(isPhoneCountry('il')).toBe(false);
    expect(isPhoneCountry('ZZ')).toBe(false);
    expect(isPhoneCountry(972)).toBe(false);
  });
});

describe('stripNonDigits', () => {
  it('keeps only ASCII digits', () => {
    expect(stripNonDigits('+972 (50) 123-45.67 ext')).toBe('972501234567');
    expect(stripNonDigits('abc')).toBe('');
  });
});

describe('formatNationalForDisplay', () => {
  it.each([
    ['IL', '0501234567', '050-123-4567'],
    ['IL', '050123', '050-123'],
    ['IL', '021234567', '02-123-4567'],
    ['US', '2015550123', '(201) 555-0123'],
    ['GB', '07400123456', '07400 123456'],
    ['FR', '0612345678', '06 12 34 56 78'],
  ] as const)('formats %s %s as %s', (country, digits, shown) => {
    expect(formatNationalForDisplay(country, digits)).toBe(shown);
  });

  it('formats an Israeli number typed without the leading 0 the same way, minus the 0', () => {
    expect(formatNationalForDisplay('IL', '501234567')).toBe('50-123-4567');
  });

  it('splits a number in the middle where the country has no format and 6 or more digits are typed', () => {
    expect(formatNationalForDisplay('TA', '123456')).toBe('123 456');
    expect(formatNationalForDisplay('TA', '1234567')).toBe('1234 567');
    expect(formatNationalForDisplay('TA', '12345')).toBe('12345');
  });

  it('ignores anything but digits and shows nothing for nothing', () => {
    expect(formatNationalForDisplay('IL', '050-123-4567')).toBe('050-123-4567');
    expect(formatNationalForDisplay('IL', '')).toBe('');
  });

  it('shows placeholders in the same form the field displays', () => {
    expect(phonePlaceholderOf('US')).toBe('(201) 555-0123');
    expect(phonePlaceholderOf('IL')).toBe(formatNationalForDisplay('IL', '0502345678'));
  });
});

describe('validatePhone (registration keys)', () => {
  it.each([
    ['0501234567', 'mobile with the trunk 0'],
    ['501234567', 'mobile without the trunk 0'],
    ['050-123-4567', 'mobile as displayed'],
    ['021234567', 'Jerusalem landline'],
    ['21234567', 'landline without the trunk 0'],
    ['0771234567', 'VoIP number'],
  ])('accepts %s (%s) for IL', (input) => {
    expect(validatePhone('IL', input)).toBeNull();
  });

  it.each([
    ['0601234567', 'no Israeli number starts with 06'],
    ['050123456', 'a mobile digit short'],
    ['05012345678', 'a mobile digit long'],
    ['0000000000', 'zeros'],
    ['00501234567', 'an international prefix pointing elsewhere'],
  ])('rejects %s for IL (%s)', (input) => {
    expect(validatePhone('IL', input)).toBe('invalidPhoneNumber');
  });

  it('asks for a number when nothing was typed', () => {
    expect(validatePhone('IL', '')).toBe('phoneNumberRequired');
    expect(validatePhone('IL', ' - ')).toBe('phoneNumberRequired');
  });

  it("checks the digits against the chosen country's pattern", () => {
    expect(validatePhone('US', '2015550123')).toBeNull();
    expect(validatePhone('US', '0501234567')).toBe('invalidPhoneNumber');
    expect(validatePhone('IL', '2015550123')).toBe('invalidPhoneNumber');
  });

  it('reports a short, country-less or unknown-country entry as an invalid number', () => {
    expect(validatePhone('IL', '05012')).toBe('invalidPhoneNumber');
    expect(validatePhone('', '0501234567')).toBe('invalidPhoneNumber');
    expect(validatePhone('ZZ', '0501234567')).toBe('invalidPhoneNumber');
  });
});

describe('validateLoginPhone (login keys)', () => {
  it('requires a country, and a known one', () => {
    expect(validateLoginPhone(undefined, '0501234567')).toBe('countryCodeRequired');
    expect(validateLoginPhone('', '0501234567')).toBe('countryCodeRequired');
    expect(validateLoginPhone('Israel', '0501234567')).toBe('invalidCountryCode');
  });

  it('requires at least 7 digits before judging the pattern', () => {
    expect(validateLoginPhone('IL', '')).toBe('phoneNumberRequired');
    expect(validateLoginPhone('IL', '050-123')).toBe('phoneTooShort');
    expect(validateLoginPhone('US', '201555')).toBe('phoneTooShort');
    expect(validateLoginPhone('IL', '050123456')).toBe('invalidPhoneNumber');
    expect(validateLoginPhone('IL', '0501234567')).toBeNull();
  });

  it('lowers the floor only for countries whose numbers are all shorter than 7 digits', () => {
    expect(minDigitsFor('IL')).toBe(7);
    expect(minDigitsFor('US')).toBe(7);
    expect(minDigitsFor('TA')).toBe(4);
    expect(validateLoginPhone('TA', '8123')).toBeNull();
  });
});

describe('toE164', () => {
  it('gives the wire form for valid numbers, with or without the trunk prefix', () => {
    expect(toE164('IL', '0501234567')).toBe('+972501234567');
    expect(toE164('IL', '501234567')).toBe('+972501234567');
    expect(toE164('IL', '050-123-4567')).toBe('+972501234567');
    expect(toE164('US', '2015550123')).toBe('+12015550123');
  });

  it('accepts a number typed with its own country code', () => {
    expect(toE164('IL', '972501234567')).toBe('+972501234567');
  });

  it('is null for anything invalid', () => {
    expect(toE164('IL', '0601234567')).toBeNull();
    expect(toE164('IL', '')).toBeNull();
  });
});

describe('parseE164', () => {
  it('splits a number into country and the digits as written at home', () => {
    expect(parseE164('+972501234567')).toEqual({ country: 'IL', nationalDigits: '0501234567' });
    expect(parseE164('+97221234567')).toEqual({ country: 'IL', nationalDigits: '021234567' });
    expect(parseE164('+12015550123')).toEqual({ country: 'US', nationalDigits: '2015550123' });
    expect(parseE164('+447400123456')).toEqual({ country: 'GB', nationalDigits: '07400123456' });
  });

  it('survives a + lost to URL decoding (?phone=+972… arrives as a space)', () => {
    const phone = new URLSearchParams('phone=+972501234567').get('phone');
    expect(parseE164(phone)).toEqual({ country: 'IL', nationalDigits: '0501234567' });
  });

  it('round-trips through toE164', () => {
    for (const e164 of ['+972501234567', '+12015550123', '+79123456789', '+390612345678']) {
      const parsed = parseE164(e164);
      expect(parsed && toE164(parsed.country, parsed.nationalDigits)).toBe(e164);
    }
  });

  it('is null for numbers that are not valid anywhere', () => {
    expect(parseE164('+15555555555')).toBeNull();
    expect(parseE164('')).toBeNull();
    expect(parseE164(null)).toBeNull();
    expect(parseE164('hello')).toBeNull();
  });
});

describe('validateE164 (server side)', () => {
  it('accepts strict E.164 of a valid number only', () => {
    expect(validateE164('+972501234567')).toBeNull();
    expect(validateE164('972501234567')).toBe('invalidPhoneNumber');
    expect(validateE164('+972 50 123 4567')).toBe('invalidPhoneNumber');
    expect(validateE164('+972601234567')).toBe('invalidPhoneNumber');
    expect(validateE164('')).toBe('phoneNumberRequired');
  });
});

describe('readPhoneEntry', () => {
  it('lets an international entry choose its own country', () => {
    expect(readPhoneEntry('IL', '+1 (201) 555-0123')).toEqual({
      country: 'US',
      nationalDigits: '2015550123',
    });
  });

  it('keeps the chosen country for national entries and drops formatting', () => {
    expect(readPhoneEntry('IL', '050-123-4567')).toEqual({ country: 'IL', nationalDigits: '0501234567' });
  });

  it('never keeps more than 15 digits', () => {
    expect(readPhoneEntry('IL', '1'.repeat(20)).nationalDigits).toHaveLength(15);
  });
});
