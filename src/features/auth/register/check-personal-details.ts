/**
 * Registration's rules for the personal details, run on the submit: zod's schemas and the phone rules
 * (libphonenumber) load with it, or with the first change to the form, not with /register.
 */
import type { PersonalDetailsErrors } from '@domain/auth-validation';
import { validatePersonalDetails } from '@domain/auth-validation';
import { toE164 } from '@domain/phone';
import { checkMobileLine, type PhoneLineError } from '@domain/phone-line';
import type { PersonalDetailsDraft } from '../lead-store';

export interface PersonalDetailsCheck {
  errors: PersonalDetailsErrors;
  /** The number is valid but not a mobile line (checked only once the number is valid). */
  lineError: PhoneLineError | null;
}

export async function checkPersonalDetails(values: PersonalDetailsDraft): Promise<PersonalDetailsCheck> {
  const errors = validatePersonalDetails({ ...values, phoneNumber: values.phone });
  const e164 = errors.phoneNumber ? null : toE164(values.phone.country, values.phone.nationalDigits);
  return { errors, lineError: e164 ? await checkMobileLine(e164) : null };
}
