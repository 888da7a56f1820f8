import type { PersonalDetailsField } from '@domain/auth-validation';
import { isPhoneCountry, type PhoneValue, parseE164, toE164 } from '@domain/phone';
import type { Lead, PersonalDetails } from '@machines/registration/registration-lead';
import { emptyPhoneValue } from '@/components/phone-input';
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

function fromLead(lead: Lead): PersonalDetailsDraft {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: parseE164(lead.phoneNumber) ?? emptyPhoneValue(),
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

/** What the form starts with: what was typed before (newest), else the saved lead, else nothing; ?phone= wins. */
export function initialPersonalDetails(prefilledPhone: PhoneValue | null): PersonalDetailsDraft {
  const lead = readStoredLead();
  const draft = readPersonalDetailsDraft();
  // A draft naming a country libphonenumber does not know (edited by hand, or an older list) is dropped.
  const base =
    (draft && isPhoneCountry(draft.phone.country) ? draft : null) ?? (lead ? fromLead(lead) : EMPTY);
  return prefilledPhone ? { ...base, phone: prefilledPhone } : base;
}

/** The machine's event payload; only called once the values passed validation. */
export function toPersonalDetails(values: PersonalDetailsDraft): PersonalDetails {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phoneNumber: toE164(values.phone.country, values.phone.nationalDigits) ?? '',
    acceptedTerms: values.acceptedTerms,
  };
}
