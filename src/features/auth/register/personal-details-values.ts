import type { PersonalDetailsField } from '@domain/auth-validation';
import type { PhoneValue } from '@domain/phone-default-country';
import type { Lead, PersonalDetails } from '@machines/registration/registration-lead';
import { emptyPhoneValue } from '@/components/phone-input';
import type { PhoneRules } from '@/components/phone-input/load-phone-rules';
import { type PersonalDetailsDraft, readPersonalDetailsDraft, readStoredLead } from '../lead-store';

/** The form's order: the first invalid field in it takes the focus. */
export const PERSONAL_FIELDS: readonly PersonalDetailsField[] = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'acceptedTerms',
];

export const PERSONAL_FALLBACK_KEYS: Readonly<Record<PersonalDetailsField, string>> = {
  firstName: 'authCommon.invalidFirstName',
  lastName: 'authCommon.invalidLastName',
  email: 'authCommon.invalidEmail',
  phoneNumber: 'authCommon.invalidPhoneNumber',
  acceptedTerms: 'authCommon.termsRequired',
};

function fromLead(lead: Lead, rules: PhoneRules): PersonalDetailsDraft {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: rules.parseE164(lead.phoneNumber) ?? emptyPhoneValue(),
    acceptedTerms: lead.acceptedTerms,
  };
}

const EMPTY: PersonalDetailsDraft = {
  firstName: '',
  lastName: '',
  email: '',
  phone: emptyPhoneValue(),
  acceptedTerms: false,
};

/** Whether the form will start from what this browser kept: its route then loads the phone rules first. */
export function hasKeptPersonalDetails(): boolean {
  return readPersonalDetailsDraft() !== null || readStoredLead() !== null;
}

/**
 * What the form starts with: what was typed before (newest), else the saved lead, else nothing; ?phone=
 * wins. Reading a kept number needs the phone rules, which the route loads when there is one
 * (hasKeptPersonalDetails); without them the form starts empty.
 */
export function initialPersonalDetails(
  prefilledPhone: PhoneValue | null,
  rules: PhoneRules | null,
): PersonalDetailsDraft {
  const lead = rules ? readStoredLead() : null;
  const draft = rules ? readPersonalDetailsDraft() : null;
  // A draft naming a country libphonenumber does not know (edited by hand, or an older list) is dropped.
  const base =
    (draft && rules?.isPhoneCountry(draft.phone.country) ? draft : null) ??
    (lead && rules ? fromLead(lead, rules) : EMPTY);
  return prefilledPhone ? { ...base, phone: prefilledPhone } : base;
}

/** The machine's event payload; only called once the values passed validation. */
export function toPersonalDetails(values: PersonalDetailsDraft, rules: PhoneRules): PersonalDetails {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phoneNumber: rules.toE164(values.phone.country, values.phone.nationalDigits) ?? '',
    acceptedTerms: values.acceptedTerms,
  };
}
