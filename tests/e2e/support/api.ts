/**
 * The real API, called the way the app calls it, for what a journey needs to exist before it starts
 * (a registered broker, a few properties) and for the codes the dev SMS outbox delivered. Every call
 * carries the journey's client address, like the browser does.
 */
import type { PropertyInput, SmsOutboxEntry, Tokens } from '@openapi/schema';
import { OTP_RESEND_INTERVAL_MS } from '../../../domain/otp-policy';
import { pageSessionCookie } from '../../../page-contract/page-session-cookie';

export type { PropertyInput, Tokens } from '@openapi/schema';

/**
 * The page-session cookie each sign-in this file made was answered with (its httpOnly Set-Cookie), by
 * the sign-in's refresh token: a journey that restores a session puts it in the browser as the app's
 * own sign-in would have (flows.ts's restoreSession).
 */
const pageSessions = new Map<string, string>();

export function pageSessionOf(tokens: Tokens): string {
  const value = pageSessions.get(tokens.refreshToken);
  if (!value) throw new Error('these tokens were not issued through tests/e2e/support/api.ts');
  return value;
}

export interface ApiClient {
  baseUrl: string;
  clientAddress: string;
}

async function call<T>(
  client: ApiClient,
  method: string,
  path: string,
  body?: unknown,
  jwt?: string,
  options: { asThisMachine?: boolean; headers?: Record<string, string> } = {},
) {
  const response = await fetch(new URL(`/api${path}`, client.baseUrl), {
    method,
    headers: {
      ...options.headers,
      ...(options.asThisMachine ? {} : { 'x-forwarded-for': client.clientAddress }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as { data?: T; code?: string } | null;
  if (!response.ok || json?.data === undefined) {
    throw new Error(`${method} ${path}: ${response.status} ${json?.code ?? ''}`);
  }
  const pageSession = response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith(`${pageSessionCookie.name}=`));
  const refreshToken = (json.data as { refreshToken?: unknown }).refreshToken;
  if (pageSession && typeof refreshToken === 'string') {
    pageSessions.set(refreshToken, pageSession.slice(pageSessionCookie.name.length + 1));
  }
  return json.data;
}

/**
 * Codes the dev provider delivered to the phone, newest first. Read as the developer at this
 * machine does, not as the journey's client: the outbox answers loopback clients only.
 */
export function outbox(client: ApiClient, phoneNumber: string): Promise<SmsOutboxEntry[]> {
  return call(
    client,
    'GET',
    `/dev/sms-outbox?phone=${encodeURIComponent(phoneNumber)}`,
    undefined,
    undefined,
    {
      asThisMachine: true,
    },
  );
}

/** Waits for a code newer than `after` (ISO time) and returns it. */
export async function waitForCode(client: ApiClient, phoneNumber: string, after = ''): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const [newest] = await outbox(client, phoneNumber);
    if (newest && newest.sentAt > after) return newest.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code reached the outbox of ${phoneNumber}`);
}

/**
 * Moves the server's clock forward to `to` (never back; startServer turns SETTABLE_CLOCK on) and
 * answers the server's time after, so a journey moves past the server's SMS spacing instead of
 * waiting it out. Asked as the developer at this machine, like the outbox.
 */
export async function moveServerClock(client: ApiClient, to: Date): Promise<Date> {
  const { now } = await call<{ now: string }>(
    client,
    'POST',
    '/dev/clock',
    { to: to.toISOString() },
    undefined,
    { asThisMachine: true },
  );
  return new Date(now);
}

/** Moves the server's clock `milliseconds` on from its own now (an instant past moves nothing: it reads it). */
export async function advanceServerClock(client: ApiClient, milliseconds: number): Promise<Date> {
  const now = await moveServerClock(client, new Date(0));
  return moveServerClock(client, new Date(now.getTime() + milliseconds));
}

export const SAMPLE_BROKER = {
  firstName: 'דנה',
  lastName: 'כהן',
  email: 'dana.cohen@example.co.il',
  companyName: 'כהן נכסים מסחריים',
  companyType: 'brokerage',
  position: 'מנהלת עסקאות',
} as const;

/** A broker registered through the API (lead, code, verify, company, register): signed in. */
export async function registerBroker(client: ApiClient, phoneNumber: string): Promise<Tokens> {
  const { firstName, lastName, email, companyName, companyType, position } = SAMPLE_BROKER;
  const personal = { firstName, lastName, email, phoneNumber, acceptedTerms: true };
  const lead = await call<{ id: string; leadSecret: string }>(client, 'POST', '/login/leads/save', personal);
  // The proof of the lead that its creating save answered, as the app keeps it in lead storage.
  const proof = { 'x-lead-secret': lead.leadSecret };
  const session = await call<{ otpSessionId: string }>(client, 'POST', '/login/Otp/send', {
    phoneNumber,
    process: 'registration',
    leadId: lead.id,
  });
  const code = await waitForCode(client, phoneNumber);
  await call(client, 'POST', '/login/Otp/verify', {
    otpSessionId: session.otpSessionId,
    otpCode: code,
    process: 'registration',
    leadId: lead.id,
  });
  await call(
    client,
    'POST',
    '/login/leads/save',
    { ...personal, id: lead.id, companyName, companyType, position },
    undefined,
    { headers: proof },
  );
  return call<Tokens>(client, 'POST', '/login/auth/register/lead', { leadId: lead.id }, undefined, {
    headers: proof,
  });
}

/**
 * A registered broker signed in once more through the API (a code by SMS, then the login): a session
 * of its own, that still stands after the browser's sign-out ended the browser's. The server's clock
 * moves past the resend spacing first, so the code is sent rather than refused.
 */
export async function signInBroker(client: ApiClient, phoneNumber: string): Promise<Tokens> {
  const now = await advanceServerClock(client, OTP_RESEND_INTERVAL_MS);
  const session = await call<{ otpSessionId: string }>(client, 'POST', '/login/Otp/send', {
    phoneNumber,
    process: 'auth',
  });
  const otpCode = await waitForCode(client, phoneNumber, new Date(now.getTime() - 1).toISOString());
  return call<Tokens>(client, 'POST', '/login/auth/login', {
    phoneNumber,
    otpSessionId: session.otpSessionId,
    otpCode,
  });
}

/** The details an exposure order needs of the broker (issue 23): licence, ID and business address. */
export const SAMPLE_BROKER_PROFILE = {
  licenceNumber: '31234',
  idNumber: '123456782',
  businessAddress: 'דרך מנחם בגין 132, תל אביב',
} as const;

/** A registered broker who also filled in the profile an exposure order needs: signed in. */
export async function registerBrokerWithProfile(client: ApiClient, phoneNumber: string): Promise<Tokens> {
  const tokens = await registerBroker(client, phoneNumber);
  await callAsBroker(client, tokens, 'PATCH', '/me', SAMPLE_BROKER_PROFILE);
  return tokens;
}

/** Any call of the API as the signed-in broker: the answer's data. */
export function callAsBroker<T>(
  client: ApiClient,
  tokens: Tokens,
  method: string,
  path: string,
  body?: unknown,
) {
  return call<T>(client, method, path, body, tokens.jwtToken);
}

export function createProperty(client: ApiClient, tokens: Tokens, property: PropertyInput) {
  return call<{ id: string }>(client, 'POST', '/property/create', property, tokens.jwtToken);
}

/** The ids of the broker's properties, newest first, as the list returns them. */
export async function listPropertyIds(client: ApiClient, tokens: Tokens): Promise<string[]> {
  const page = await call<{ items: { id: string }[] }>(
    client,
    'GET',
    '/property/list?pageSize=50',
    undefined,
    tokens.jwtToken,
  );
  return page.items.map((item) => item.id);
}
