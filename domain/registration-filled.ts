/**
 * When registration's submit buttons are enabled (spec 5: filled, not yet valid). Apart from the rules
 * (auth-validation.ts, built on zod) so that a form can enable its button before they load: the rules
 * run on the submit.
 */
import type { CompanyDetailsValues, PersonalDetailsValues } from './auth-validation';

/** Spec 5: submit is enabled only when all five are filled (filled, not yet valid). */
export function isPersonalDetailsFilled(values: PersonalDetailsValues): boolean {
  const phone = values.phoneNumber;
  const phoneFilled = typeof phone === 'string' ? phone.trim() !== '' : /\d/.test(phone.nationalDigits);
  return (
    values.firstName.trim() !== '' &&
    values.lastName.trim() !== '' &&
    values.email.trim() !== '' &&
    phoneFilled &&
    values.acceptedTerms
  );
}

export function isCompanyDetailsFilled(values: CompanyDetailsValues): boolean {
  return values.companyName.trim() !== '' && values.position.trim() !== '' && values.companyType !== '';
}
