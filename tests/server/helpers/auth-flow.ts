import type { Tokens } from '@openapi/schema';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app';
import { createUser } from './sign-in';

export type { Tokens } from '@openapi/schema';

let phoneCounter = 0;
let addressCounter = 0;

/** A valid Israeli mobile number no other call of this file has used. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+97254${String(1_000_000 + phoneCounter).slice(-7)}`;
}

/** A client address no other call of this file has used, so per-address limits stay out of the way. */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

type Extra = Pick<InjectOptions, 'headers' | 'remoteAddress'>;

export function post(app: FastifyInstance, url: string, payload: unknown, extra: Extra = {}) {
  return app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
}

export interface SendCodeInput {
  phoneNumber: string;
  process?: 'auth' | 'registration';
  leadId?: string;
}

/** POST /login/Otp/send from a fresh address unless one is given. */
export function sendCode(app: FastifyInstance, input: SendCodeInput, extra: Extra = {}) {
  return post(
    app,
    '/api/login/Otp/send',
    { process: 'auth', ...input },
    { remoteAddress: uniqueAddress(), ...extra },
  );
}

/** The code of the newest message the dev provider delivered to the phone. */
export async function latestCode(app: FastifyInstance, phoneNumber: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/dev/sms-outbox?phone=${encodeURIComponent(phoneNumber)}`,
  });
  expect(response.statusCode).toBe(200);
  const [newest] = response.json().data as { code: string }[];
  if (!newest) throw new Error(`no SMS was sent to ${phoneNumber}`);
  return newest.code;
}

/** Sends a code and reads it back: the session id and the code a phone's owner would type. */
export async function requestCode(app: FastifyInstance, input: SendCodeInput, extra: Extra = {}) {
  const response = await sendCode(app, input, extra);
  expect(response.statusCode, response.body).toBe(200);
  const { otpSessionId } = response.json().data as { otpSessionId: string };
  return { otpSessionId, code: await latestCode(app, input.phoneNumber) };
}

/** A code that is certainly not the one sent. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export function login(
  app: FastifyInstance,
  body: { phoneNumber: string; otpSessionId: string; otpCode: string },
) {
  return post(app, '/api/login/auth/login', body);
}

/** A registered user signed in the real way: code sent, read from the outbox, login. */
export async function signInWithCode(testApp: TestApp, phoneNumber = uniquePhone()) {
  const user = await createUser(testApp.db, { phoneNumber });
  const { otpSessionId, code } = await requestCode(testApp.app, { phoneNumber });
  const response = await login(testApp.app, { phoneNumber, otpSessionId, otpCode: code });
  expect(response.statusCode, response.body).toBe(200);
  return { user, tokens: response.json().data as Tokens };
}

export const PERSONAL_DETAILS = {
  firstName: 'דנה',
  lastName: 'כהן',
  email: 'dana@example.co.il',
  acceptedTerms: true,
} as const;

export const COMPANY_DETAILS = {
  companyName: 'כהן נכסים בע"מ',
  companyType: 'brokerage',
  position: 'מנהלת עסקאות',
} as const;

/** Lead secrets by lead id, as the client keeps them in its lead storage. */
const leadSecrets = new Map<string, string>();

/** The X-Lead-Secret header of a lead this file saved (none for a lead it does not know). */
export function leadSecretHeader(leadId: string): Record<string, string> {
  const secret = leadSecrets.get(leadId);
  const headers: Record<string, string> = {};
  if (secret) headers['x-lead-secret'] = secret;
  return headers;
}

/**
 * POST /login/leads/save as the client sends it: a change of a known lead carries its secret, and
 * the secret a creating save answers is kept. Pass headers to send others.
 */
export async function saveLead(app: FastifyInstance, body: Record<string, unknown>, extra: Extra = {}) {
  const headers = typeof body.id === 'string' && !extra.headers ? leadSecretHeader(body.id) : {};
  const response = await post(app, '/api/login/leads/save', body, { headers, ...extra });
  if (response.statusCode === 200) {
    const data = response.json().data as { id: string; leadSecret?: string };
    if (data.leadSecret) leadSecrets.set(data.id, data.leadSecret);
  }
  return response;
}

/** Saves a lead again with its own id and phone and the personal details, plus `changes`. */
export function resaveLead(
  app: FastifyInstance,
  lead: { id: string; phoneNumber: string },
  changes: Record<string, unknown> = {},
) {
  return saveLead(app, { ...PERSONAL_DETAILS, id: lead.id, phoneNumber: lead.phoneNumber, ...changes });
}

/** Registers a lead as its own browser does: with the lead's secret. */
export function registerLead(app: FastifyInstance, leadId: string) {
  return post(app, '/api/login/auth/register/lead', { leadId }, { headers: leadSecretHeader(leadId) });
}

/** A lead with personal details only, as step 1 of registration leaves it. */
export async function createLead(app: FastifyInstance, phoneNumber = uniquePhone()) {
  const response = await saveLead(app, { ...PERSONAL_DETAILS, phoneNumber });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    id: string;
    phoneNumber: string;
    registrationStep: number;
    leadSecret: string;
  };
}

export function verifyCode(
  app: FastifyInstance,
  body: { otpSessionId: string; otpCode: string; leadId?: string; process?: 'auth' | 'registration' },
) {
  return post(app, '/api/login/Otp/verify', { process: 'registration', ...body });
}

/** A lead whose phone has been proven with a code (step OTP_VERIFICATION). */
export async function createVerifiedLead(app: FastifyInstance, phoneNumber = uniquePhone()) {
  const lead = await createLead(app, phoneNumber);
  const { otpSessionId, code } = await requestCode(app, {
    phoneNumber,
    process: 'registration',
    leadId: lead.id,
  });
  const response = await verifyCode(app, { otpSessionId, otpCode: code, leadId: lead.id });
  expect(response.statusCode, response.body).toBe(200);
  return lead;
}

/** The error body the API answers with: what a client sees, minus the language-dependent text. */
export function errorOf(response: { statusCode: number; json: () => unknown }) {
  const body = response.json() as { code?: string; success?: boolean };
  return { status: response.statusCode, code: body.code, success: body.success };
}

/** The test config most auth files want: route limits out of the way so the database limits show. */
export const NO_ROUTE_LIMITS = { authRateLimitPerMinute: 100_000 } as const;
