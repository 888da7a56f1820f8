/**
 * Pure rules about the lead a registration carries (spec 2 "Registration", 3 "Lead", 4 "Registration
 * progression"): what the client may show next, what it sends to save-lead, and what the company form
 * must keep locked. Screens use the selectors; the machine uses the same functions in its guards.
 */

import { type LeadPersonalDetails, leadCompanyOf, leadPersonalDetails } from '@domain/lead-details';
import type { CompanyType, RegistrationStep } from '@domain/registration';
import { REGISTRATION_STEP } from '@domain/registration';
import type { Lead, LeadInput } from '@openapi/schema';

export type { Lead, LeadInput } from '@openapi/schema';

/** The steps a screen shows: /register, the verify screen, /register/verified. */
export type RegistrationScreenStep =
  | typeof REGISTRATION_STEP.PERSONAL_DETAILS
  | typeof REGISTRATION_STEP.OTP_VERIFICATION
  | typeof REGISTRATION_STEP.COMPANY_DETAILS;

export type PersonalDetails = LeadPersonalDetails;

export interface CompanyDetails {
  companyName: string;
  companyType: CompanyType;
  position: string;
}

/** Spec 4: the current step defaults to PERSONAL_DETAILS while there is no lead. */
export function currentStepOf(lead: Lead | null): RegistrationStep {
  return lead ? lead.registrationStep : REGISTRATION_STEP.PERSONAL_DETAILS;
}

/** The flags grow along the flow (0, 1, 2, 4, 8), so "at least" is a plain comparison. */
export function hasReachedStep(lead: Lead | null, step: RegistrationStep): boolean {
  return currentStepOf(lead) >= step;
}

function companyNameOf(lead: Lead | null): string {
  return lead?.companyName?.trim() || lead?.company?.name?.trim() || '';
}

function companyTypeOf(lead: Lead | null): CompanyType | null {
  return lead?.companyType ?? lead?.company?.companyType ?? null;
}

/** Spec 2: company name and type are locked when the lead already has them. */
export function lockedCompanyFieldsOf(lead: Lead | null): { companyName: boolean; companyType: boolean } {
  return { companyName: companyNameOf(lead) !== '', companyType: companyTypeOf(lead) !== null };
}

/** The company form's starting values: what the lead holds, '' where it holds nothing. */
export function companyDefaultsOf(lead: Lead | null): {
  companyName: string;
  companyType: CompanyType | '';
  position: string;
} {
  return {
    companyName: companyNameOf(lead),
    companyType: companyTypeOf(lead) ?? '',
    position: lead?.position ?? '',
  };
}

/** A locked field keeps the lead's value whatever the form sent. */
export function withLockedCompanyFields(lead: Lead | null, values: CompanyDetails): CompanyDetails {
  const locked = lockedCompanyFieldsOf(lead);
  return {
    companyName: locked.companyName ? companyNameOf(lead) : values.companyName.trim(),
    companyType: locked.companyType ? (companyTypeOf(lead) as CompanyType) : values.companyType,
    position: values.position.trim(),
  };
}

/** What a saved lead already holds, in save-lead's shape (nulls left out). */
function savedLeadInput(lead: Lead): Omit<LeadInput, 'registrationStep'> {
  const name = companyNameOf(lead);
  const type = companyTypeOf(lead);
  const company = leadCompanyOf(name, type);
  return {
    id: lead.id,
    ...leadPersonalDetails(lead),
    ...(name ? { companyName: name } : {}),
    ...(lead.position ? { position: lead.position } : {}),
    ...(type ? { companyType: type } : {}),
    ...(company ? { company } : {}),
  };
}

/** Save-lead body for the personal details form; the step is advisory, the server decides. */
export function personalLeadInput(lead: Lead | null, values: PersonalDetails): LeadInput {
  return {
    ...(lead ? savedLeadInput(lead) : {}),
    ...leadPersonalDetails(values),
    registrationStep: REGISTRATION_STEP.PERSONAL_DETAILS,
  };
}

/** Save-lead body for the company form; only reachable with a saved lead. */
export function companyLeadInput(lead: Lead, values: CompanyDetails): LeadInput {
  const company = withLockedCompanyFields(lead, values);
  return {
    ...savedLeadInput(lead),
    companyName: company.companyName,
    companyType: company.companyType,
    position: company.position,
    company: { name: company.companyName, companyType: company.companyType },
    registrationStep: REGISTRATION_STEP.COMPANY_DETAILS,
  };
}

/** Spec 4 Verify: the saved lead is re-saved with step OTP_VERIFICATION (never moved backwards). */
export function withVerifiedPhone(lead: Lead): Lead {
  return hasReachedStep(lead, REGISTRATION_STEP.OTP_VERIFICATION)
    ? lead
    : { ...lead, registrationStep: REGISTRATION_STEP.OTP_VERIFICATION };
}
