import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LogLevel, loadConfig } from '../../../server/config';
import type { SmsProvider } from '../../../server/sms/sms-provider';
import { COMPANY_DETAILS, PERSONAL_DETAILS, post, saveLead, sendCode, wrongCode } from '../helpers/auth-flow';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/build-test-app';
import { draftRetail, fileParts, multipart, publishableOffice, SAMPLE_FILES } from '../helpers/properties';
import { createUser } from '../helpers/sign-in';

/**
 * What the logs of a whole journey may not contain (issue 8, part 7): the app runs with the
 * production configuration (NODE_ENV=production, the HTTP SMS gateway, no response checks), at
 * its default level and at the chattiest one, with every line captured.
 */

/** The production environment, as an operator would set it. */
function productionConfig(dataDir: string, logLevel: LogLevel) {
  return {
    ...loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: TEST_JWT_SECRET,
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: 'https://sms.example.com/send',
      SMS_GATEWAY_TOKEN: 'gateway-token-never-logged-0123456789',
      SMS_SENDER: 'Nechasim',
      LOG_LEVEL: logLevel,
      DATA_DIR: dataDir,
      CLIENT_DIR: join(dataDir, 'no-client'),
    }),
    jwtSecret: TEST_JWT_SECRET,
  };
}

/** Every way a phone number can be written: E.164, its digits, and the national form. */
function phoneForms(e164: string): string[] {
  const digits = e164.slice(1);
  return [e164, digits, `0${digits.slice(3)}`];
}

describe.each<LogLevel>(['info', 'trace'])('logs of a production journey at level %s', (level) => {
  let ctx: TestApp;
  let dataDir: string;
  const lines: string[] = [];
  const codes: string[] = [];
  const sms: SmsProvider = {
    name: 'gateway',
    async send({ code }) {
      codes.push(code);
    },
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nechasim-logs-'));
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ctx = await buildTestApp({ config: productionConfig(dataDir, level), sms, logStream });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs in production mode: no dev outbox, no generated secret', async () => {
    expect(ctx.config.isProduction).toBe(true);
    const outbox = await ctx.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=%2B972541234567' });
    expect(outbox.statusCode).toBe(404);
  });

  it('logs no code, token, Authorization header or full phone number through a whole journey', async () => {
    const secrets: string[] = [];
    const signInPhone = '+972547654321';
    const registerPhone = '+972528765432';
    const lastCode = () => codes.at(-1) ?? '';

    // Registration: lead, code, a wrong try, the right one, the account.
    const lead = (
      await saveLead(ctx.app, { ...PERSONAL_DETAILS, ...COMPANY_DETAILS, phoneNumber: registerPhone })
    ).json().data;
    const sent = await sendCode(ctx.app, {
      phoneNumber: registerPhone,
      process: 'registration',
      leadId: lead.id,
    });
    const registrationCode = lastCode();
    const verifyBody = {
      process: 'registration',
      otpSessionId: sent.json().data.otpSessionId,
      leadId: lead.id,
    };
    await post(ctx.app, '/api/login/Otp/verify', { ...verifyBody, otpCode: wrongCode(registrationCode) });
    const verified = await post(ctx.app, '/api/login/Otp/verify', {
      ...verifyBody,
      otpCode: registrationCode,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    secrets.push(lead.leadSecret);
    const registered = await post(
      ctx.app,
      '/api/login/auth/register/lead',
      { leadId: lead.id },
      { headers: { 'x-lead-secret': lead.leadSecret } },
    );
    expect(registered.statusCode, registered.body).toBe(200);
    secrets.push(registered.json().data.jwtToken, registered.json().data.refreshToken);

    // Sign-in: code, a wrong try, the right one.
    await createUser(ctx.db, { phoneNumber: signInPhone });
    const signInSent = await sendCode(ctx.app, { phoneNumber: signInPhone });
    const signInCode = lastCode();
    const loginBody = { phoneNumber: signInPhone, otpSessionId: signInSent.json().data.otpSessionId };
    await post(ctx.app, '/api/login/auth/login', { ...loginBody, otpCode: wrongCode(signInCode) });
    const signedIn = await post(ctx.app, '/api/login/auth/login', { ...loginBody, otpCode: signInCode });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const tokens = signedIn.json().data;
    secrets.push(tokens.jwtToken, tokens.refreshToken);
    const auth = { authorization: `Bearer ${tokens.jwtToken}` };

    // Work: create a property with and without files, read the list, a bad request, a 404.
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create',
      headers: auth,
      payload: publishableOffice(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = multipart([
      { name: 'property', value: JSON.stringify(draftRetail()) },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
    ]);
    const withFiles = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(withFiles.statusCode, withFiles.body).toBe(201);
    await ctx.app.inject({ method: 'GET', url: '/api/property/list?page=1&pageSize=5', headers: auth });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create',
      headers: auth,
      payload: { totalArea: 'x' },
    });
    await ctx.app.inject({ method: 'GET', url: `/api/property/${crypto.randomUUID()}`, headers: auth });

    // Refresh on all three routes, a reuse, then sign out.
    let refreshToken = tokens.refreshToken as string;
    for (const url of ['/api/auth/refresh-token', '/api/login/auth/refresh-token', '/api/auth/refresh']) {
      const refreshed = await post(ctx.app, url, { refreshToken });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const data = refreshed.json().data;
      secrets.push(data.jwtToken ?? data.accessToken, data.refreshToken);
      refreshToken = data.refreshToken;
    }
    const loggedOut = await post(ctx.app, '/api/login/auth/logout', { refreshToken });
    expect(loggedOut.statusCode).toBe(200);
    await post(ctx.app, '/api/auth/refresh', { refreshToken: tokens.refreshToken });

    const logs = lines.join('');
    // The control: the journey was logged, request by request.
    expect(logs).toContain('/api/login/auth/login');
    expect(logs).toContain('/api/property/create-with-files');
    expect(logs).toContain('[redacted]');
    for (const code of [registrationCode, signInCode, wrongCode(registrationCode), wrongCode(signInCode)]) {
      expect(logs).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
    }
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      // A JWT's signature alone is enough to matter.
      expect(logs).not.toContain(secret.split('.').at(-1));
    }
    expect(logs).not.toMatch(/Bearer\s+[\w-]+\./);
    expect(logs).not.toContain('gateway-token-never-logged');
    for (const phone of [signInPhone, registerPhone]) {
      for (const form of phoneForms(phone)) expect(logs).not.toContain(form);
    }
  });

  it('logs a failing query by its text and SQLSTATE, without the values bound to it', async () => {
    const phone = '+972541239876';
    const broken = await buildTestApp({
      database: ctx.database,
      config: productionConfig(dataDir, level),
      sms,
      logStream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
      handlers: ({ db }) => ({
        getHealth: async () => {
          // A fault of ours (no such table); a bad value itself (SQLSTATE class 22) would be a 400.
          await db.execute(sql`select ${phone}::text from no_such_table`);
          return { success: true, data: { status: 'ok' } };
        },
      }),
    });
    const before = lines.length;
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(500);
    } finally {
      await broken.close();
    }

    const logs = lines.slice(before).join('');
    expect(logs).toContain('request failed');
    expect(logs).toContain('42P01');
    for (const form of phoneForms(phone)) expect(logs).not.toContain(form);
  });
});
