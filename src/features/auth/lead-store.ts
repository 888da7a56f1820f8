/**
 * The registration in progress, in localStorage under `lead-storage` (spec 3, 9), shaped as zustand's
 * persist middleware writes it: `{state: {lead, personalDetails}, version: 0}`.
 *
 * - `lead` is the lead as the server last returned it (its id and step decide where the flow resumes).
 * - `personalDetails` is what the personal-details form holds, saved as the user types, so a reload
 *   or a detour to the terms never loses it. It is newer than the lead when both exist.
 * - `leadSecret` is the proof the server answered when it created the lead: reading, changing and
 *   registering the lead send it (X-Lead-Secret), since the lead's id travels in page addresses and
 *   alone reads nothing. Only this device holds it.
 *
 * Both go together: start over and a finished registration clear the whole record.
 */

import type { PhoneCountryCode, PhoneValue } from '@domain/phone-default-country';
import type { Lead } from '@machines/registration/registration-lead';
import { isRecord, localStore, readJson, writeJson } from './browser-storage';

export const LEAD_STORAGE_KEY = 'lead-storage';

export interface PersonalDetailsDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: PhoneValue;
  acceptedTerms: boolean;
}

export interface LeadSecret {
  leadId: string;
  secret: string;
}

interface LeadRecordState {
  lead: Lead | null;
  personalDetails: PersonalDetailsDraft | null;
  leadSecret?: LeadSecret | null;
}

function parseLeadSecret(value: unknown): LeadSecret | null {
  if (!isRecord(value) || typeof value.leadId !== 'string' || typeof value.secret !== 'string') return null;
  return { leadId: value.leadId, secret: value.secret };
}

function parseLead(value: unknown): Lead | null {
  if (!isRecord(value)) return null;
  const { id, phoneNumber, registrationStep, createdAt } = value;
  if (typeof id !== 'string' || typeof phoneNumber !== 'string') return null;
  if (typeof registrationStep !== 'number' || typeof createdAt !== 'string') return null;
  return value as unknown as Lead;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The country's shape only: the sign-in page stores its lead secret through this module, and its first
 * load leaves libphonenumber out. The registration form, which has the rules, checks the country itself
 * (register/personal-details-values.ts).
 */
const looksLikeCountry = (value: unknown): value is PhoneCountryCode =>
  typeof value === 'string' && /^[A-Z]{2}$/.test(value);

function parseDraft(value: unknown): PersonalDetailsDraft | null {
  if (!isRecord(value) || !isRecord(value.phone) || !looksLikeCountry(value.phone.country)) return null;
  return {
    firstName: text(value.firstName),
    lastName: text(value.lastName),
    email: text(value.email),
    phone: { country: value.phone.country, nationalDigits: text(value.phone.nationalDigits) },
    acceptedTerms: value.acceptedTerms === true,
  };
}

function readState(): LeadRecordState {
  const record = readJson(localStore(), LEAD_STORAGE_KEY);
  const state = isRecord(record) && isRecord(record.state) ? record.state : {};
  return {
    lead: parseLead(state.lead),
    personalDetails: parseDraft(state.personalDetails),
    leadSecret: parseLeadSecret(state.leadSecret),
  };
}

function writeState(state: LeadRecordState): void {
  writeJson(localStore(), LEAD_STORAGE_KEY, { state, version: 0 });
}

export function readStoredLead(): Lead | null {
  return readState().lead;
}

export function writeStoredLead(lead: Lead): void {
  writeState({ ...readState(), lead });
}

export function readPersonalDetailsDraft(): PersonalDetailsDraft | null {
  return readState().personalDetails;
}

export function writePersonalDetailsDraft(personalDetails: PersonalDetailsDraft): void {
  writeState({ ...readState(), personalDetails });
}

/** The secret of this lead, when this device created it. */
export function readLeadSecret(leadId: string): string | null {
  const stored = readState().leadSecret;
  return stored?.leadId === leadId ? stored.secret : null;
}

export function writeLeadSecret(leadSecret: LeadSecret): void {
  writeState({ ...readState(), leadSecret });
}

/** Start over, or registration finished: nothing of it stays on the device. */
export function clearRegistration(): void {
  localStore()?.removeItem(LEAD_STORAGE_KEY);
}
