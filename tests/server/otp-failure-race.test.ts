import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_POLICY } from '../../server/otp/otp-policy';
import { appForTests } from './helpers/app-for-tests';
import { login, NO_ROUTE_LIMITS, requestCode, uniquePhone, wrongCode } from './helpers/auth-flow';

/**
 * The per-phone budget of wrong tries is one atomic step with the try it allows: on PostgreSQL,
 * 25 concurrent wrong guesses over five codes used to compare 15 codes against a cap of 10 (each
 * request read the count before any had added to it). Run it on both databases:
 * `npx vitest run tests/server/otp-failure-race.test.ts` (PGlite) and
 * `bash scripts/with-postgres.sh npx vitest run tests/server/otp-failure-race.test.ts`.
 */

const CAP = OTP_POLICY.phoneFailures[0].max;

describe('the per-phone wrong-code cap under concurrency', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  it('checks exactly the cap of 25 simultaneous wrong guesses and turns the rest away with 429', async () => {
    const phoneNumber = uniquePhone();
    const codes: { otpSessionId: string; code: string }[] = [];
    for (let i = 0; i < OTP_POLICY.phoneSends.max; i++) {
      codes.push(await requestCode(ctx.app, { phoneNumber }));
      ctx.clock.advance(OTP_POLICY.resendIntervalMs);
    }

    const guesses = codes.flatMap(({ otpSessionId, code }) =>
      Array.from({ length: OTP_POLICY.maxAttemptsPerCode }, () =>
        login(ctx.app, { phoneNumber, otpSessionId, otpCode: wrongCode(code) }),
      ),
    );
    const responses = await Promise.all(guesses);
    const codesOf = responses.map((response) => response.json().code as string);
    const result = await ctx.db.execute(
      sql`select coalesce(sum(attempts), 0)::int as tries from otp_sessions where phone_number = ${phoneNumber}`,
    );
    const tries = Number((result as unknown as { rows: { tries: number }[] }).rows[0]?.tries);

    expect(responses).toHaveLength(25);
    expect(tries).toBe(CAP);
    expect(
      codesOf.filter((code) => code === 'otp_mismatch' || code === 'otp_attempts_exceeded'),
    ).toHaveLength(CAP);
    expect(codesOf.filter((code) => code === 'otp_verify_limit')).toHaveLength(25 - CAP);
  });
});
