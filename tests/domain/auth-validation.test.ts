import {
  type CompanyDetailsValues,
  companyDetailsSchema,
  isCompanyDetailsFilled,
  isPersonalDetailsFilled,
  NAME_MAX_LENGTH,
  type PersonalDetailsValues,
  personalDetailsSchema,
  validateCompanyDetails,
  validateOtpCode,
  validatePersonalDetails,
} from '@domain/auth-validation';
import { describe, expect, it } from 'vitest';
import heAuth from '@/i18n/locales/he/auth.json';

const valid: PersonalDetailsValues = {
  firstName: 'ישראל',
  lastName: 'ישראלי',
  email: 'israel@example.co.il',
  phoneNumber: { country: 'IL', nationalDigits: '0501234567' },
  acceptedTerms: true,
};

const withValues = (changes: Partial<PersonalDetailsValues>): PersonalDetailsValues => ({
  ...valid,
  ...changes,
});

describe('validatePersonalDetails', () => {
  it('passes a complete, valid form', () => {
    expect(validatePersonalDetails(valid)).toEqual({});
  });

  it.each([
    'דוד',
    'John',
    'בן־דוד',
    'Smith-Jones',
    "O'Neil",
    'O’Brien',
    "צ'רלי",
    'צ׳רלי',
    'ש"ס',
    'אבו חצירא',
    '  משה  ',
  ])('accepts the name %s', (name) => {
    expect(validatePersonalDetails(withValues({ firstName: name, lastName: name }))).toEqual({});
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank after trimming'],
    ['Dav1d', 'a digit'],
    ['Łukasz', 'a letter outside Hebrew and Latin'],
    ['Иван', 'Cyrillic'],
    ['דוד!', 'punctuation the spec does not allow'],
    ["--'", 'punctuation only'],
  ])('rejects the first name %j (%s)', (firstName) => {
    expect(validatePersonalDetails(withValues({ firstName }))).toEqual({
      firstName: 'authCommon.invalidFirstName',
    });
  });

  it('says a name longer than 60 letters is too long, not that its characters are wrong', () => {
    expect(validatePersonalDetails(withValues({ lastName: 'א'.repeat(150) }))).toEqual({
      lastName: 'validation.tooLong',
    });
    expect(validatePersonalDetails(withValues({ firstName: 'a'.repeat(NAME_MAX_LENGTH + 1) }))).toEqual({
      firstName: 'validation.tooLong',
    });
  });

  it('uses the last-name key for the last name', () => {
    expect(validatePersonalDetails(withValues({ lastName: '123' }))).toEqual({
      lastName: 'authCommon.invalidLastName',
    });
  });

  it('accepts a name of exactly 60 letters', () => {
    expect(validatePersonalDetails(withValues({ firstName: 'a'.repeat(NAME_MAX_LENGTH) }))).toEqual({});
  });

  it.each(['', 'israel', 'israel@', 'israel@example', 'a b@example.com', `${'a'.repeat(250)}@example.com`])(
    'rejects the email %j',
    (email) => {
      expect(validatePersonalDetails(withValues({ email }))).toEqual({ email: 'authCommon.invalidEmail' });
    },
  );

  it('accepts an email with surrounding spaces, as pasted', () => {
    expect(validatePersonalDetails(withValues({ email: '  israel@example.com ' }))).toEqual({});
  });

  it('asks for the phone when empty and flags an invalid one', () => {
    expect(
      validatePersonalDetails(withValues({ phoneNumber: { country: 'IL', nationalDigits: '' } })),
    ).toEqual({
      phoneNumber: 'authCommon.phoneNumberRequired',
    });
    expect(
      validatePersonalDetails(withValues({ phoneNumber: { country: 'IL', nationalDigits: '0601234567' } })),
    ).toEqual({ phoneNumber: 'authCommon.invalidPhoneNumber' });
  });

  it('accepts an Israeli mobile typed without the leading 0', () => {
    expect(
      validatePersonalDetails(withValues({ phoneNumber: { country: 'IL', nationalDigits: '501234567' } })),
    ).toEqual({});
  });

  it('takes the E.164 form the server receives', () => {
    expect(validatePersonalDetails(withValues({ phoneNumber: '+972501234567' }))).toEqual({});
    expect(validatePersonalDetails(withValues({ phoneNumber: '0501234567' }))).toEqual({
      phoneNumber: 'authCommon.invalidPhoneNumber',
    });
    expect(validatePersonalDetails(withValues({ phoneNumber: '' }))).toEqual({
      phoneNumber: 'authCommon.phoneNumberRequired',
    });
  });

  it('requires the terms to be accepted', () => {
    expect(validatePersonalDetails(withValues({ acceptedTerms: false }))).toEqual({
      acceptedTerms: 'authCommon.termsRequired',
    });
  });

  it('reports one key per field, for every wrong field at once', () => {
    expect(
      validatePersonalDetails({
        firstName: '',
        lastName: '',
        email: '',
        phoneNumber: { country: 'IL', nationalDigits: '' },
        acceptedTerms: false,
      }),
    ).toEqual({
      firstName: 'authCommon.invalidFirstName',
      lastName: 'authCommon.invalidLastName',
      email: 'authCommon.invalidEmail',
      phoneNumber: 'authCommon.phoneNumberRequired',
      acceptedTerms: 'authCommon.termsRequired',
    });
  });

  it('survives a body of the wrong shape, as the server may receive', () => {
    const errors = validatePersonalDetails({ firstName: 7 } as unknown as PersonalDetailsValues);
    expect(errors).toMatchObject({
      firstName: 'authCommon.invalidFirstName',
      email: 'authCommon.invalidEmail',
      acceptedTerms: 'authCommon.termsRequired',
    });
  });

  it('returns trimmed values from the schema for storing', () => {
    const parsed = personalDetailsSchema.parse(withValues({ firstName: '  משה ', email: ' a@b.co ' }));
    expect(parsed.firstName).toBe('משה');
    expect(parsed.email).toBe('a@b.co');
  });
});

describe('isPersonalDetailsFilled', () => {
  it('is true only when all five are filled', () => {
    expect(isPersonalDetailsFilled(valid)).toBe(true);
    expect(isPersonalDetailsFilled(withValues({ firstName: ' ' }))).toBe(false);
    expect(isPersonalDetailsFilled(withValues({ lastName: '' }))).toBe(false);
    expect(isPersonalDetailsFilled(withValues({ email: '' }))).toBe(false);
    expect(isPersonalDetailsFilled(withValues({ phoneNumber: { country: 'IL', nationalDigits: '' } }))).toBe(
      false,
    );
    expect(isPersonalDetailsFilled(withValues({ acceptedTerms: false }))).toBe(false);
  });

  it('counts filled, not valid: an invalid but present value enables submit so errors can show', () => {
    expect(isPersonalDetailsFilled(withValues({ email: 'nope', firstName: '123' }))).toBe(true);
  });
});

describe('validateCompanyDetails', () => {
  const company: CompanyDetailsValues = {
    companyName: 'נכסי הצפון בע"מ',
    companyType: 'brokerage',
    position: 'מנהל',
  };

  it('passes when all three are given', () => {
    expect(validateCompanyDetails(company)).toEqual({});
    expect(isCompanyDetailsFilled(company)).toBe(true);
  });

  it('requires each field, trimmed', () => {
    expect(validateCompanyDetails({ companyName: '  ', companyType: '', position: '' })).toEqual({
      companyName: 'validation.required',
      companyType: 'validation.required',
      position: 'validation.required',
    });
    expect(isCompanyDetailsFilled({ ...company, position: ' ' })).toBe(false);
  });

  it('accepts only the spec company types', () => {
    expect(
      validateCompanyDetails({ ...company, companyType: 'realtor' as CompanyDetailsValues['companyType'] }),
    ).toEqual({ companyType: 'validation.required' });
  });

  it('bounds the company name at 120 characters and the position at 80, as the contract does', () => {
    expect(
      validateCompanyDetails({ ...company, companyName: 'א'.repeat(120), position: 'ב'.repeat(80) }),
    ).toEqual({});
    expect(
      validateCompanyDetails({ ...company, companyName: 'א'.repeat(121), position: 'ב'.repeat(81) }),
    ).toEqual({ companyName: 'validation.tooLong', position: 'validation.tooLong' });
  });

  it('trims what it returns', () => {
    expect(companyDetailsSchema.parse({ ...company, position: ' מנהל ' }).position).toBe('מנהל');
  });
});

describe('validateOtpCode', () => {
  it('accepts exactly 6 digits', () => {
    expect(validateOtpCode('123456')).toBeNull();
    expect(validateOtpCode('12345')).toBe('authCommon.enterAllDigits');
    expect(validateOtpCode('1234567')).toBe('authCommon.enterAllDigits');
    expect(validateOtpCode('12345a')).toBe('authCommon.enterAllDigits');
    expect(validateOtpCode('')).toBe('authCommon.enterAllDigits');
  });
});

describe('error keys', () => {
  it('all exist in the Hebrew auth namespace', () => {
    const keys = [
      ...Object.values(
        validatePersonalDetails({
          firstName: '',
          lastName: '',
          email: '',
          phoneNumber: { country: 'IL', nationalDigits: '1' },
          acceptedTerms: false,
        }),
      ),
      ...Object.values(
        validateCompanyDetails({ companyName: 'x'.repeat(121), companyType: '', position: '' }),
      ),
      validateOtpCode(''),
      'authCommon.phoneNumberRequired',
    ];
    for (const key of keys) {
      const text = String(key)
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], heAuth);
      expect(text, String(key)).toEqual(expect.any(String));
    }
  });
});
