/**
 * Sign-in and registration rules of spec section 5, shared by the screens and the server (save-lead).
 * Every rule answers with an i18n key of the `auth` namespace, never with text, so the server can
 * reuse it and the client shows it in the user's language.
 *
 * Built on zod/mini: the same zod 4 schemas at about a fifth of the classic API's bundle cost,
 * which matters because these rules load with the first public screen.
 */
import * as z from 'zod/mini';
import { hasHiddenOrControlCharacters } from './free-text';
import { validateE164, validatePhone } from './phone';
import { COMPANY_TYPES, OTP_LENGTH } from './registration';
import type {
  CompanyDetailsField,
  CompanyDetailsValues,
  PersonalDetailsField,
  PersonalDetailsValues,
  PhoneNumberInput,
} from './registration-filled';
import {
  COMPANY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  POSITION_MAX_LENGTH,
} from './registration-text-limits';

export {
  type CompanyDetailsField,
  type CompanyDetailsValues,
  isCompanyDetailsFilled,
  isPersonalDetailsFilled,
  type PersonalDetailsField,
  type PersonalDetailsValues,
  type PhoneNumberInput,
} from './registration-filled';
export {
  COMPANY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  POSITION_MAX_LENGTH,
  REGISTRATION_TEXT_LIMITS,
} from './registration-text-limits';

export type AuthErrorKey =
  | 'authCommon.invalidFirstName'
  | 'authCommon.invalidLastName'
  | 'authCommon.invalidEmail'
  | 'authCommon.invalidPhoneNumber'
  | 'authCommon.phoneNumberRequired'
  | 'authCommon.termsRequired'
  | 'authCommon.enterAllDigits'
  | 'validation.required'
  | 'validation.tooLong'
  | 'validation.unsafeCharacters';

/**
 * Letters of both scripts plus the marks real names carry: space, apostrophe (ASCII, typographic and
 * Hebrew geresh ׳), double quote (ASCII, typographic and gershayim ״) and hyphen (ASCII and maqaf ־).
 * Phones type the typographic forms on their own, so refusing them would reject what users typed.
 */
const NAME_CHARACTERS = /^[A-Za-z\u05D0-\u05EA\u05F3\u05F4\u05BE '"\u2018\u2019\u201C\u201D-]+$/;
/** A name made only of punctuation (say, "--") is not blank but is not a name either. */
const NAME_LETTER = /[A-Za-z\u05D0-\u05EA]/;

/** A name too long is told its limit (validation.tooLong), not that its characters are wrong. */
function nameSchema(key: AuthErrorKey) {
  return z
    .string({ error: key })
    .check(
      z.trim(),
      z.minLength(1, { error: key }),
      z.maxLength(NAME_MAX_LENGTH, { error: 'validation.tooLong' }),
      z.regex(NAME_CHARACTERS, { error: key }),
      z.regex(NAME_LETTER, { error: key }),
    );
}

const emailSchema = z
  .string({ error: 'authCommon.invalidEmail' })
  .check(
    z.trim(),
    z.maxLength(EMAIL_MAX_LENGTH, { error: 'authCommon.invalidEmail' }),
    z.regex(z.regexes.email, { error: 'authCommon.invalidEmail' }),
  );

const phoneValueSchema = z.object({ country: z.string(), nationalDigits: z.string() });

function phoneErrorOf(input: PhoneNumberInput): AuthErrorKey | null {
  const error =
    typeof input === 'string' ? validateE164(input) : validatePhone(input.country, input.nationalDigits);
  return error === null ? null : `authCommon.${error}`;
}

const phoneNumberSchema = z
  .union([z.string(), phoneValueSchema], { error: 'authCommon.phoneNumberRequired' })
  .check(
    z.superRefine((value, ctx) => {
      const error = phoneErrorOf(value as PhoneNumberInput);
      if (error) ctx.addIssue({ code: 'custom', message: error, input: value });
    }),
  );

export const personalDetailsSchema = z.object({
  firstName: nameSchema('authCommon.invalidFirstName'),
  lastName: nameSchema('authCommon.invalidLastName'),
  email: emailSchema,
  phoneNumber: phoneNumberSchema,
  acceptedTerms: z.literal(true, { error: 'authCommon.termsRequired' }),
});

function requiredText(maxLength: number) {
  return z.string({ error: 'validation.required' }).check(
    z.trim(),
    z.minLength(1, { error: 'validation.required' }),
    z.maxLength(maxLength, { error: 'validation.tooLong' }),
    z.refine((text) => !hasHiddenOrControlCharacters(text), { error: 'validation.unsafeCharacters' }),
  );
}

export const companyDetailsSchema = z.object({
  companyName: requiredText(COMPANY_NAME_MAX_LENGTH),
  companyType: z.enum(COMPANY_TYPES, { error: 'validation.required' }),
  position: requiredText(POSITION_MAX_LENGTH),
});

export const otpCodeSchema = z
  .string({ error: 'authCommon.enterAllDigits' })
  .check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'authCommon.enterAllDigits' }));

export type PersonalDetailsErrors = Partial<Record<PersonalDetailsField, AuthErrorKey>>;

export type CompanyDetailsErrors = Partial<Record<CompanyDetailsField, AuthErrorKey>>;

/** The first issue of each field, as an i18n key; every message above is one of AuthErrorKey. */
function firstErrorPerField<Field extends string>(schema: z.ZodMiniType, values: unknown) {
  const result = schema.safeParse(values);
  const errors: Partial<Record<Field, AuthErrorKey>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message as AuthErrorKey;
  }
  return errors;
}

/** An empty object means valid. */
export function validatePersonalDetails(values: PersonalDetailsValues): PersonalDetailsErrors {
  return firstErrorPerField<PersonalDetailsField>(personalDetailsSchema, values);
}

export function validateCompanyDetails(values: CompanyDetailsValues): CompanyDetailsErrors {
  return firstErrorPerField<CompanyDetailsField>(companyDetailsSchema, values);
}

export function validateOtpCode(code: string): 'authCommon.enterAllDigits' | null {
  return otpCodeSchema.safeParse(code).success ? null : 'authCommon.enterAllDigits';
}
