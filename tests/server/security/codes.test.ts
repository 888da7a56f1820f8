import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config';
import { queryRows } from '../../../server/db/database';
import type { SmsProvider } from '../../../server/sms/sms-provider';
import { appForTests } from '../helpers/app-for-tests';
import {
  createLead,
  errorOf,
  login,
  NO_ROUTE_LIMITS,
  sendCode,
  uniqueAddress,
  uniquePhone,
  verifyCode,
  wrongCode,
} from '../helpers/auth-flow';
import { createUser } from '../helpers/sign-in';

/**
 * Abuse of one-time codes (issue 8, part 1). Codes are captured from an SMS provider that keeps
 * them in memory, as the production gateway does, so the database holds only what the server
 * itself chose to store.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const CODES = 1000;
/**
 * Chi-square bound for 10 digit classes (9 degrees of freedom): a fair generator exceeds 70 with a
 * probability near 1.5e-11 per check, so these checks do not flake; a generator that never makes a
 * leading zero scores about 100 on its first position alone.
 */
const CHI_SQUARE_BOUND_9DF = 70;

function chiSquare(counts: number[], expected: number): number {
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/** Keeps every code it "delivers", newest last, like a phone's inbox. */
function capturingSms(): SmsProvider & { codes: Map<string, string[]> } {
  const codes = new Map<string, string[]>();
  return {
    name: 'capture',
    codes,
    async send({ phoneNumber, code }) {
      codes.set(phoneNumber, [...(codes.get(phoneNumber) ?? []), code]);
    },
  };
}

describe('one-time codes under attack', () => {
  const sms = capturingSms();
  const ctx = appForTests({ config: NO_ROUTE_LIMITS, sms });

  /** Sends a sign-in code to a phone and returns the session id and the code the phone received. */
  async function codeFor(phoneNumber: string, remoteAddress = uniqueAddress()) {
    const response = await sendCode(ctx.app, { phoneNumber }, { remoteAddress });
    expect(response.statusCode, response.body).toBe(200);
    const code = sms.codes.get(phoneNumber)?.at(-1);
    if (!code) throw new Error('no code captured');
    return { otpSessionId: response.json().data.otpSessionId as string, code };
  }

  it(`sends ${CODES.toLocaleString('en')} codes of 6 digits that look uniformly random, Math.random or not`, async () => {
    // If the server drew codes from Math.random, every code would now be the same.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const codes: string[] = [];
    try {
      for (let i = 0; i < CODES; i++) codes.push((await codeFor(uniquePhone())).code);
    } finally {
      random.mockRestore();
    }

    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    // 1,000 draws from a million values: about 0.5 repeats are expected; more than 10 has odds near 1e-11.
    expect(new Set(codes).size).toBeGreaterThanOrEqual(CODES - 10);
    const all = new Array(10).fill(0);
    for (const code of codes) for (const digit of code) all[Number(digit)] += 1;
    expect(chiSquare(all, (CODES * 6) / 10)).toBeLessThan(CHI_SQUARE_BOUND_9DF);
    for (let position = 0; position < 6; position++) {
      const counts = new Array(10).fill(0);
      for (const code of codes) counts[Number(code[position])] += 1;
      expect(chiSquare(counts, CODES / 10), `position ${position}: ${counts}`).toBeLessThan(
        CHI_SQUARE_BOUND_9DF,
      );
    }
  }, 120_000);

  it('keeps no code in any column of any table: only an HMAC of it', async () => {
    const sent = [];
    for (let i = 0; i < 20; i++) sent.push(await codeFor(uniquePhone()));

    const tables = await queryRows<{ name: string }>(
      ctx.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['otp_sessions', 'sms_outbox']));
    const dump: string[] = [];
    for (const { name } of tables) {
      const rows = await queryRows<{ row: string }>(
        ctx.db,
        sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
      );
      dump.push(...rows.map((row) => row.row));
    }
    const text = dump.join('\n');
    for (const { otpSessionId, code } of sent) {
      expect(text).toContain(otpSessionId);
      // Bounded by non-alphanumerics, so a phone number or a hex hash that happens to contain the
      // six digits does not count; a column holding the code would.
      expect(text).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
    }
  });

  it('takes a code until 4:59.999 after sending and calls it expired at exactly 5:00', async () => {
    ctx.clock.set('2025-06-01T08:00:00.000Z');
    const onTime = uniquePhone();
    const late = uniquePhone();
    await createUser(ctx.db, { phoneNumber: onTime });
    await createUser(ctx.db, { phoneNumber: late });
    const first = await codeFor(onTime);
    const second = await codeFor(late);

    ctx.clock.set('2025-06-01T08:04:59.999Z');
    const justInTime = await login(ctx.app, { phoneNumber: onTime, ...pair(first) });
    ctx.clock.set('2025-06-01T08:05:00.000Z');
    const expired = await login(ctx.app, { phoneNumber: late, ...pair(second) });

    expect(justInTime.statusCode).toBe(200);
    expect(errorOf(expired)).toEqual({ status: 400, code: 'otp_expired', success: false });
  });

  it('takes a code once, and of two simultaneous uses exactly one wins (sign-in and registration)', async () => {
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const signIn = await codeFor(phoneNumber);
    const lead = await createLead(ctx.app);
    const registration = await sendCode(
      ctx.app,
      { phoneNumber: lead.phoneNumber, process: 'registration', leadId: lead.id },
      { remoteAddress: uniqueAddress() },
    );
    const registrationCode = sms.codes.get(lead.phoneNumber)?.at(-1) ?? '';
    const verifyBody = {
      otpSessionId: registration.json().data.otpSessionId,
      otpCode: registrationCode,
      leadId: lead.id,
    };

    const logins = await Promise.all([
      login(ctx.app, { phoneNumber, ...pair(signIn) }),
      login(ctx.app, { phoneNumber, ...pair(signIn) }),
    ]);
    const verifies = await Promise.all([verifyCode(ctx.app, verifyBody), verifyCode(ctx.app, verifyBody)]);
    const loginAgain = await login(ctx.app, { phoneNumber, ...pair(signIn) });
    const verifyAgain = await verifyCode(ctx.app, verifyBody);

    expect(logins.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(verifies.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(errorOf(loginAgain).code).toBe('otp_mismatch');
    expect(errorOf(verifyAgain).code).toBe('otp_mismatch');
  });

  it('kills a code on its fifth wrong try, even for the right code afterwards', async () => {
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const sent = await codeFor(phoneNumber);

    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        errorOf(
          await login(ctx.app, {
            phoneNumber,
            otpSessionId: sent.otpSessionId,
            otpCode: wrongCode(sent.code),
          }),
        ).code,
      );
    }
    const right = await login(ctx.app, { phoneNumber, ...pair(sent) });

    expect(answers).toEqual([...new Array(4).fill('otp_mismatch'), 'otp_attempts_exceeded']);
    expect(errorOf(right)).toEqual({ status: 400, code: 'otp_attempts_exceeded', success: false });
  });

  it('caps sends per phone (5 in 10 minutes) and per address (30 an hour), and wrong tries per phone (10 an hour)', async () => {
    ctx.clock.set('2025-06-02T08:00:00.000Z');
    const phoneNumber = uniquePhone();
    const perPhone: number[] = [];
    for (let i = 0; i < 6; i++) {
      perPhone.push((await sendCode(ctx.app, { phoneNumber })).statusCode);
      ctx.clock.advance(30 * SECOND);
    }

    const address = uniqueAddress();
    const perAddress: number[] = [];
    for (let i = 0; i < 31; i++) {
      perAddress.push(
        (await sendCode(ctx.app, { phoneNumber: uniquePhone() }, { remoteAddress: address })).statusCode,
      );
    }

    const guessed = uniquePhone();
    await createUser(ctx.db, { phoneNumber: guessed });
    for (let round = 0; round < 2; round++) {
      const sent = await codeFor(guessed);
      for (let i = 0; i < 5; i++) {
        await login(ctx.app, {
          phoneNumber: guessed,
          otpSessionId: sent.otpSessionId,
          otpCode: wrongCode(sent.code),
        });
      }
      ctx.clock.advance(30 * SECOND);
    }
    const third = await codeFor(guessed);
    const refused = await login(ctx.app, { phoneNumber: guessed, ...pair(third) });

    expect(perPhone).toEqual([200, 200, 200, 200, 200, 429]);
    expect(perAddress.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(perAddress[30]).toBe(429);
    expect(errorOf(refused)).toEqual({ status: 429, code: 'otp_verify_limit', success: false });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ignores a forged X-Forwarded-For without a trusted proxy: the connection’s address is counted', async () => {
    ctx.clock.set('2025-06-03T08:00:00.000Z');
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await sendCode(
        ctx.app,
        { phoneNumber: uniquePhone() },
        { remoteAddress: address, headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.${i}` } },
      );
      statuses.push(response.statusCode);
    }

    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const stored = await queryRows<{ ip: string }>(
      ctx.db,
      sql`select distinct ip from otp_sessions where created_at >= '2025-06-03T08:00:00Z'`,
    );
    expect(stored).toEqual([{ ip: address }]);
  });

  it('answers a known and an unknown phone alike until the code proves the phone', async () => {
    ctx.clock.set('2025-06-04T08:00:00.000Z');
    const known = uniquePhone();
    const unknown = uniquePhone();
    await createUser(ctx.db, { phoneNumber: known });
    const sendShape = async (phoneNumber: string) => {
      const response = await sendCode(ctx.app, { phoneNumber });
      const { otpSessionId: _id, ...rest } = response.json().data;
      return { status: response.statusCode, body: rest, headers: stableHeaders(response.headers) };
    };
    const sendKnown = await sendShape(known);
    const sendUnknown = await sendShape(unknown);
    const forKnown = { otpSessionId: await lastSession(known), code: sms.codes.get(known)?.at(-1) ?? '' };
    const forUnknown = {
      otpSessionId: await lastSession(unknown),
      code: sms.codes.get(unknown)?.at(-1) ?? '',
    };
    const answer = async (phoneNumber: string, otpSessionId: string, otpCode: string) => {
      const response = await login(ctx.app, { phoneNumber, otpSessionId, otpCode });
      return { status: response.statusCode, body: response.body, headers: stableHeaders(response.headers) };
    };

    const wrongKnown = await answer(known, forKnown.otpSessionId, wrongCode(forKnown.code));
    const wrongUnknown = await answer(unknown, forUnknown.otpSessionId, wrongCode(forUnknown.code));
    ctx.clock.advance(5 * MINUTE);
    const expiredKnown = await answer(known, forKnown.otpSessionId, forKnown.code);
    const expiredUnknown = await answer(unknown, forUnknown.otpSessionId, forUnknown.code);
    const expiredWrongKnown = await answer(known, forKnown.otpSessionId, wrongCode(forKnown.code));
    const expiredWrongUnknown = await answer(unknown, forUnknown.otpSessionId, wrongCode(forUnknown.code));

    expect(sendUnknown).toEqual(sendKnown);
    expect(wrongUnknown).toEqual(wrongKnown);
    expect(expiredUnknown).toEqual(expiredKnown);
    expect(expiredWrongUnknown).toEqual(expiredWrongKnown);
    expect(JSON.parse(wrongKnown.body).code).toBe('otp_mismatch');
    expect(JSON.parse(expiredKnown.body).code).toBe('otp_expired');
  });

  async function lastSession(phoneNumber: string): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      ctx.db,
      sql`select id from otp_sessions where phone_number = ${phoneNumber} order by created_at desc limit 1`,
    );
    return rows[0]?.id ?? '';
  }
});

describe('one-time codes behind a trusted proxy', () => {
  const PROXY = '10.200.0.1';

  const { trustProxy } = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: PROXY });
  const ctx = appForTests({ config: { ...NO_ROUTE_LIMITS, trustProxy }, sms: capturingSms() });

  it('counts the client X-Forwarded-For names when TRUST_PROXY lists the connecting proxy, and only then', async () => {
    const viaProxy = (forwardedFor: string) =>
      sendCode(
        ctx.app,
        { phoneNumber: uniquePhone() },
        { remoteAddress: PROXY, headers: { 'x-forwarded-for': forwardedFor } },
      );
    const direct = uniqueAddress();
    const fromDirect = (forwardedFor: string) =>
      sendCode(
        ctx.app,
        { phoneNumber: uniquePhone() },
        { remoteAddress: direct, headers: { 'x-forwarded-for': forwardedFor } },
      );

    const sameClient: number[] = [];
    for (let i = 0; i < 31; i++) sameClient.push((await viaProxy('198.51.100.1')).statusCode);
    const otherClient = await viaProxy('198.51.100.2');
    const untrusted: number[] = [];
    for (let i = 0; i < 31; i++) untrusted.push((await fromDirect(`203.0.113.${i}`)).statusCode);

    expect(sameClient.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(sameClient[30]).toBe(429);
    expect(otherClient.statusCode).toBe(200);
    // A client that is not the proxy cannot pick its address by header.
    expect(untrusted[30]).toBe(429);
  });
});

describe('one-time codes behind a proxy counted by hops', () => {
  const PROXY = '10.200.0.2';

  const { trustProxy } = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' });
  const ctx = appForTests({ config: { ...NO_ROUTE_LIMITS, trustProxy }, sms: capturingSms() });

  it('counts the address the proxy appended, whatever the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      // The client sends `X-Forwarded-For: 203.0.113.i`; the proxy appends the address it saw.
      const response = await sendCode(
        ctx.app,
        { phoneNumber: uniquePhone() },
        { remoteAddress: PROXY, headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.77` } },
      );
      statuses.push(response.statusCode);
    }

    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
  });

  it('cannot be configured to trust every hop', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

function pair(sent: { otpSessionId: string; code: string }) {
  return { otpSessionId: sent.otpSessionId, otpCode: sent.code };
}

/** Headers that could tell two answers apart (not the date, length or request id). */
function stableHeaders(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers).filter(
      // The route's rate-limit headers count the caller's requests, not anything about the account.
      ([name]) =>
        !['date', 'x-request-id', 'content-length'].includes(name) && !name.startsWith('x-ratelimit'),
    ),
  );
}
