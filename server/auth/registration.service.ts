import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CompanyDetailsValues,
  validateCompanyDetails,
  validatePersonalDetails,
} from '@domain/auth-validation';
import { leadCompanyOf, leadPersonalDetails } from '@domain/lead-details';
import { checkMobileLine } from '@domain/phone-line';
import { type CompanyType, REGISTRATION_STEP, type RegistrationStep } from '@domain/registration';
import type { LeadInput, Lead as LeadView } from '@openapi/schema';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Lead, OtpSession } from '../db/schema';
import { AppError, type ErrorDetail } from '../http/app-error';
import { insertCompany } from '../repositories/companies.repository';
import {
  findLead,
  findLeadForUpdate,
  insertLead,
  type LeadFields,
  markLeadPhoneVerified,
  markLeadRegistered,
  updateUnregisteredLead,
} from '../repositories/leads.repository';
import { findUserIdByPhone, insertUserUnlessPhoneTaken } from '../repositories/users.repository';
import { REGISTRATION_POLICY } from './registration-policy';
import type { SignInTokenService, SignInTokens, WithPageSession } from './sign-in-tokens';

export type { Lead as LeadView, LeadInput } from '@openapi/schema';

type StepFacts = Pick<
  Lead,
  'registrationStep' | 'registeredUserId' | 'otpVerifiedAt' | 'companyName' | 'companyType' | 'position'
>;

export function isRegistered(lead: Pick<Lead, 'registrationStep' | 'registeredUserId'>): boolean {
  return lead.registeredUserId !== null || lead.registrationStep === REGISTRATION_STEP.COMPLETED;
}

export function isVerificationCurrent(verifiedAt: Date | null, now: Date): boolean {
  return (
    verifiedAt !== null && now.getTime() - verifiedAt.getTime() < REGISTRATION_POLICY.verificationValidMs
  );
}

function hasCompanyDetails(lead: Pick<Lead, 'companyName' | 'companyType' | 'position'>): boolean {
  return Boolean(lead.companyName && lead.companyType && lead.position);
}

/**
 * The step is the server's to decide, from facts only: registered → COMPLETED; a phone verified in
 * the last 24 hours → OTP_VERIFICATION, or COMPANY_DETAILS once company details are in; anything
 * else → PERSONAL_DETAILS. What a client says the step is never moves a lead past verification.
 */
export function registrationStepOf(lead: StepFacts, now: Date): RegistrationStep {
  if (isRegistered(lead)) return REGISTRATION_STEP.COMPLETED;
  if (!isVerificationCurrent(lead.otpVerifiedAt, now)) return REGISTRATION_STEP.PERSONAL_DETAILS;
  return hasCompanyDetails(lead) ? REGISTRATION_STEP.COMPANY_DETAILS : REGISTRATION_STEP.OTP_VERIFICATION;
}

export function toLeadView(lead: Lead, now: Date): LeadView {
  const companyType = lead.companyType as CompanyType | null;
  return {
    id: lead.id,
    ...leadPersonalDetails(lead),
    companyName: lead.companyName,
    position: lead.position,
    companyType,
    company: leadCompanyOf(lead.companyName, companyType),
    registrationStep: registrationStepOf(lead, now),
    createdAt: lead.createdAt.toISOString(),
  };
}

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
function newLeadSecret(): string {
  return randomBytes(32).toString('base64url');
}

function hashLeadSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * The caller holds the lead's secret, and the lead changed less than 24 hours ago (registration is
 * checked by each caller). Every failure looks like a lead that does not exist (404), so an id says nothing alone.
 */
function assertLeadProof(lead: Lead | null, secret: string | undefined, now: Date): asserts lead is Lead {
  const proven =
    lead !== null &&
    lead.secretHash !== null &&
    secret !== undefined &&
    timingSafeEqual(Buffer.from(hashLeadSecret(secret)), Buffer.from(lead.secretHash)) &&
    now.getTime() - lead.updatedAt.getTime() < REGISTRATION_POLICY.leadSecretValidMs;
  if (!proven) throw new AppError(404, 'lead_not_found');
}

/** What verifying a registration code led to; the caller turns the failures into answers. */
export type LeadVerification =
  | { kind: 'verified'; lead: LeadView }
  | { kind: 'phone_already_registered' }
  | { kind: 'lead_already_registered' }
  | { kind: 'phone_changed' };

/**
 * Leads are registrations in progress: personal details, then the phone proven by a code, then
 * company details, then a user and a company made from them.
 */
export function createRegistrationService({
  db,
  clock,
  tokens,
}: {
  db: Db;
  clock: Clock;
  tokens: SignInTokenService;
}) {
  /** Creates a lead (answering its secret, once) or changes one whose secret the caller holds. */
  async function saveLead(input: LeadInput, secret: string | undefined): Promise<LeadView> {
    const existing = input.id === undefined ? null : await findLead(db, input.id);
    if (input.id !== undefined) assertLeadProof(existing, secret, clock.now());
    if (existing && isRegistered(existing)) throw new AppError(409, 'lead_already_registered');

    const personal = leadPersonalDetails(input);
    const company = companyDetailsOf(input, existing);
    const personalErrors = validatePersonalDetails(personal);
    const lineError = personalErrors.phoneNumber ? null : await checkMobileLine(personal.phoneNumber);
    const details: ErrorDetail[] = [
      ...Object.entries(personalErrors),
      ...(lineError ? [['phoneNumber', `authCommon.${lineError}`] as const] : []),
      ...Object.entries(company ? validateCompanyDetails(company) : {}),
    ].map(([field, key]) => ({ path: `body/${field}`, message: String(key) }));
    if (details.length > 0) throw new AppError(400, 'validation_failed', { details });

    const now = clock.now();
    // A verification proves the phone it was made for; a new phone must be proven again.
    const otpVerifiedAt =
      existing && existing.phoneNumber === personal.phoneNumber ? existing.otpVerifiedAt : null;
    const facts = {
      ...personal,
      companyName: company?.companyName ?? null,
      companyType: company?.companyType || null,
      position: company?.position ?? null,
      otpVerifiedAt,
    };
    const fields: LeadFields = {
      ...facts,
      registrationStep: registrationStepOf({ ...facts, registrationStep: 0, registeredUserId: null }, now),
    };

    if (!existing) {
      const leadSecret = newLeadSecret();
      const created = await insertLead(db, {
        ...fields,
        createdAt: now,
        secretHash: hashLeadSecret(leadSecret),
      });
      return { ...toLeadView(created, now), leadSecret };
    }
    const updated = await updateUnregisteredLead(db, existing.id, { ...fields, updatedAt: now });
    if (!updated) throw new AppError(409, 'lead_already_registered');
    return toLeadView(updated, now);
  }

  /** Reads end at registration: after it the lead is the account's, not the device's. */
  async function getLead(id: string, secret: string | undefined): Promise<LeadView> {
    const lead = await findLead(db, id);
    const now = clock.now();
    assertLeadProof(lead, secret, now);
    if (isRegistered(lead)) throw new AppError(404, 'lead_not_found');
    return toLeadView(lead, now);
  }

  /** Runs in the transaction that spends the code, so the code and the verification commit together. */
  async function markPhoneVerified(tx: Db, session: OtpSession): Promise<LeadVerification> {
    if (session.leadId === null) return { kind: 'phone_changed' };
    const lead = await findLeadForUpdate(tx, session.leadId);
    if (!lead || lead.phoneNumber !== session.phoneNumber) return { kind: 'phone_changed' };
    if (isRegistered(lead)) return { kind: 'lead_already_registered' };
    if (await findUserIdByPhone(tx, session.phoneNumber)) return { kind: 'phone_already_registered' };
    const now = clock.now();
    const registrationStep = registrationStepOf({ ...lead, otpVerifiedAt: now }, now);
    const updated = await markLeadPhoneVerified(tx, lead.id, {
      phoneNumber: session.phoneNumber,
      now,
      registrationStep,
    });
    if (!updated) return { kind: 'phone_changed' };
    return { kind: 'verified', lead: toLeadView(updated, now) };
  }

  /** One transaction: the company, the user, the lead marked COMPLETED and the first refresh token. */
  async function registerLead(
    leadId: string,
    secret: string | undefined,
  ): Promise<WithPageSession<SignInTokens>> {
    return db.transaction(async (tx) => {
      const lead = await findLeadForUpdate(tx, leadId);
      const now = clock.now();
      assertLeadProof(lead, secret, now);
      if (isRegistered(lead)) throw new AppError(409, 'lead_already_registered');
      if (lead.otpVerifiedAt !== null && !isVerificationCurrent(lead.otpVerifiedAt, now)) {
        throw new AppError(409, 'lead_verification_expired');
      }
      if (lead.otpVerifiedAt === null || !hasCompanyDetails(lead)) throw new AppError(409, 'lead_not_ready');

      const companyId = await insertCompany(tx, {
        name: lead.companyName as string,
        companyType: lead.companyType as string,
        createdAt: now,
      });
      const userId = await insertUserUnlessPhoneTaken(tx, {
        phoneNumber: lead.phoneNumber,
        firstName: lead.firstName,
        lastName: lead.lastName,
        email: lead.email,
        position: lead.position,
        companyId,
        createdAt: now,
        updatedAt: now,
      });
      if (userId === null) throw new AppError(409, 'phone_already_registered');
      await markLeadRegistered(tx, lead.id, { userId, now, registrationStep: REGISTRATION_STEP.COMPLETED });
      return tokens.signIn(tx, userId);
    });
  }

  return { saveLead, getLead, markPhoneVerified, registerLead };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/**
 * Company details arrive flat (companyName, companyType, position) or nested (company); flat wins.
 * When the request names none of them the lead keeps what it had; when it names any, all three are
 * checked together, filled in from the lead where the request leaves one out.
 */
function companyDetailsOf(input: LeadInput, existing: Lead | null): CompanyDetailsValues | null {
  const companyName = input.companyName ?? input.company?.name;
  const companyType = input.companyType ?? input.company?.companyType;
  const position = input.position;
  const named = companyName !== undefined || companyType !== undefined || position !== undefined;
  const stored = existing && (existing.companyName || existing.companyType || existing.position);
  if (!named && !stored) return null;
  return {
    companyName: (companyName ?? existing?.companyName ?? '').trim(),
    companyType: (companyType ?? (existing?.companyType as CompanyType | null) ?? '') as CompanyType | '',
    position: (position ?? existing?.position ?? '').trim(),
  };
}
