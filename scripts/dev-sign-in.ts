/**
 * Signs a user in against a running development server the way the app does (send a code, read it
 * from the dev SMS outbox, log in) and prints what the app keeps in local storage under
 * `auth-storage`, for manual checks of signed-in screens:
 *
 *   npx tsx scripts/dev-sign-in.ts [--base http://localhost:3000] [--phone +972501234567]
 *
 * The user must exist (register, or `npm run seed -- --phone …`). Works only where the dev outbox
 * does (SMS_PROVIDER=dev, never in production).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { OtpSession, SmsOutboxEntry, Tokens } from '@openapi/schema';

export const DEFAULT_PHONE = '+972501234567';

async function call<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(new URL(`/api${path}`, base), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const body = (await response.json().catch(() => null)) as {
    data?: T;
    Message?: string;
    code?: string;
  } | null;
  if (!response.ok || body?.data === undefined) {
    throw new Error(
      `${init.method ?? 'GET'} ${path}: ${response.status} ${body?.code ?? ''} ${body?.Message ?? ''}`,
    );
  }
  return body.data;
}

export async function devSignIn(base: string, phoneNumber: string = DEFAULT_PHONE): Promise<Tokens> {
  const session = await call<OtpSession>(base, '/login/Otp/send', {
    method: 'POST',
    body: JSON.stringify({ phoneNumber, process: 'auth' }),
  });
  const outbox = await call<SmsOutboxEntry[]>(
    base,
    `/dev/sms-outbox?phone=${encodeURIComponent(phoneNumber)}`,
  );
  const latest = outbox[0];
  if (!latest) throw new Error(`no code in the dev outbox for ${phoneNumber}`);
  return call<Tokens>(base, '/login/auth/login', {
    method: 'POST',
    body: JSON.stringify({ phoneNumber, otpSessionId: session.otpSessionId, otpCode: latest.code }),
  });
}

/** The record the app's auth session persists (see src/features/auth/auth-session-storage.ts). */
export function authStorageRecord(tokens: Tokens): string {
  return JSON.stringify({ state: { tokens, isAuthenticated: true }, version: 0 });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: `http://localhost:${process.env.PORT ?? 3000}` },
      phone: { type: 'string', default: DEFAULT_PHONE },
    },
  });
  const tokens = await devSignIn(values.base, values.phone);
  process.stdout.write(`${authStorageRecord(tokens)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
