/**
 * What the broker's profile must hold for a brokerage order (issue 23): the licence number, the ID
 * number (check digit) and the business address; the name is the registered one. One rule for the
 * profile form, the server's PATCH /me and the check before a request is sent.
 */
import { BROKER_LICENCE_MAX_LENGTH, ORDER_ADDRESS_MAX_LENGTH } from './brokerage-order';
import { isValidIsraeliId, normalizeIsraeliId } from './israeli-id';

export interface BrokerProfile {
  licenceNumber: string | null;
  idNumber: string | null;
  businessAddress: string | null;
}

export type BrokerProfileField = keyof BrokerProfile;
export type BrokerProfileError = 'invalidIsraeliId' | 'invalidLicenceNumber' | 'tooLong' | 'required';

/** Licence numbers the Registrar issues are digits; a dash or spaces as people write them are allowed. */
const LICENCE_NUMBER = /^\d[\d -]*$/;

/** Trimmed, the ID in its nine digits; empty text becomes null (not filled in). */
export function normalizeBrokerProfile(profile: BrokerProfile): BrokerProfile {
  const clean = (value: string | null) => {
    const trimmed = value?.replace(/\s+/g, ' ').trim() ?? '';
    return trimmed === '' ? null : trimmed;
  };
  const idNumber = clean(profile.idNumber);
  return {
    licenceNumber: clean(profile.licenceNumber),
    idNumber: idNumber === null ? null : (normalizeIsraeliId(idNumber) ?? idNumber),
    businessAddress: clean(profile.businessAddress),
  };
}

/** The errors of a (normalized) profile, by field. A field left empty is no error here: see `missing`. */
export function validateBrokerProfile(
  profile: BrokerProfile,
): Partial<Record<BrokerProfileField, BrokerProfileError>> {
  const errors: Partial<Record<BrokerProfileField, BrokerProfileError>> = {};
  if (profile.licenceNumber !== null) {
    if (profile.licenceNumber.length > BROKER_LICENCE_MAX_LENGTH) errors.licenceNumber = 'tooLong';
    else if (!LICENCE_NUMBER.test(profile.licenceNumber)) errors.licenceNumber = 'invalidLicenceNumber';
  }
  if (profile.idNumber !== null && !isValidIsraeliId(profile.idNumber)) errors.idNumber = 'invalidIsraeliId';
  if (profile.businessAddress !== null && profile.businessAddress.length > ORDER_ADDRESS_MAX_LENGTH) {
    errors.businessAddress = 'tooLong';
  }
  return errors;
}

/** The fields a brokerage order still needs from the profile; empty when it can be sent. */
export function missingBrokerProfileFields(profile: BrokerProfile): BrokerProfileField[] {
  return (['licenceNumber', 'idNumber', 'businessAddress'] as const).filter(
    (field) => profile[field] === null,
  );
}
