/**
 * When registration's submit buttons are enabled (spec 5: filled, not yet valid). Apart from the rules
 * (auth-validation.ts, built on zod) so that a form can enable its button before they load: the rules
 * run on the submit.
 */
import type { PhoneValue } from './phone-default-country';
import type { CompanyType } from './registration';

/** What the form holds ({country, nationalDigits}) or what the wire carries (E.164). */
export type PhoneNumberInput = PhoneValue | string;
export interface PersonalDetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: PhoneNumberInput;
  acceptedTerms: boolean;
}
export type PersonalDetailsField = keyof PersonalDetailsValues;
export interface CompanyDetailsValues {
  companyName: string;
  /** '' until the user picks one. */
  companyType: CompanyType | '';
  position: string;
}
export type CompanyDetailsField = keyof CompanyDetailsValues;

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
