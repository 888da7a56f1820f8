import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtdXNlciJ9.c2lnbmF0dXJlLXRoYXQtbXVzdC1ub3QtbGVhaw';
const OTP = '482913';

describe('logging', () => {
  let ctx: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    ctx = await buildTestApp({ logStream: stream, config: { logLevel: 'info' } });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('writes JSON lines with the Authorization header and cookies redacted', async () => {
    await ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${TOKEN}`, cookie: `session=${TOKEN}` },
    });

    const logs = lines.map((line) => JSON.parse(line));
    const incoming = logs.find(
      (log) => log.msg === 'incoming request' && log.req?.url === '/api/property/summary',
    );
    expect(incoming?.req.headers).toMatchObject({ authorization: '[redacted]', cookie: '[redacted]' });
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).not.toContain('signature-that-must-not-leak');
  });

  it('logs page and API addresses, and the Referer, without their query: no phone number gets in', async () => {
    const phone = '+972501234567';
    const before = lines.length;
    await ctx.app.inject({ method: 'GET', url: `/login?phone=${encodeURIComponent(phone)}&l=abc` });
    await ctx.app.inject({
      method: 'GET',
      url: `/api/property/list?search=${encodeURIComponent('050-1234567')}`,
      headers: { referer: `http://localhost:3000/login?phone=${encodeURIComponent(phone)}#x` },
    });

    const logged = lines.slice(before).join('\n');
    const urls = lines
      .slice(before)
      .map((line) => JSON.parse(line))
      .filter((log) => log.msg === 'incoming request')
      .map((log) => [log.req.url, log.req.headers.referer]);
    expect(urls).toEqual([
      ['/login', undefined],
      ['/api/property/list', 'http://localhost:3000/login'],
    ]);
    for (const form of [phone, encodeURIComponent(phone), '972501234567', '0501234567', '1234567']) {
      expect(logged).not.toContain(form);
    }
  });

  it('never logs request bodies, so codes and tokens in them stay out of the logs', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/login/auth/login',
      payload: {
        phoneNumber: '+972501234567',
        otpSessionId: '7b0f0a52-3c4e-4d8e-9c41-6c1f6f3a2b10',
        otpCode: OTP,
      },
    });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: TOKEN } });

    expect(lines.join('\n')).not.toContain(OTP);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('redacts code and token fields wherever a body-like object is logged', () => {
    const before = lines.length;
    ctx.app.log.info(
      {
        body: { otpCode: OTP, refreshToken: TOKEN },
        data: { jwtToken: TOKEN, accessToken: TOKEN, code: OTP },
      },
      'explicitly logged',
    );

    const logged = JSON.parse(lines.slice(before).find((line) => line.includes('explicitly logged')) ?? '{}');
    expect(logged.body).toEqual({ otpCode: '[redacted]', refreshToken: '[redacted]' });
    expect(logged.data).toEqual({ jwtToken: '[redacted]', accessToken: '[redacted]', code: '[redacted]' });
  });
});
