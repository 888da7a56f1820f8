import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../server/app';
import { appForTests } from './helpers/app-for-tests';

const validLead = {
  firstName: 'דנה',
  lastName: 'Levi',
  email: 'dana@example.com',
  phoneNumber: '+972501234567',
  acceptedTerms: true,
};

describe('request validation', () => {
  const ctx = appForTests();

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as string, headers });

  it('lets a valid body through to the operation', async () => {
    const response = await post('/api/login/leads/save', validLead);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { phoneNumber: validLead.phoneNumber } });
  });

  it('rejects a number where the contract wants a string instead of coercing it', async () => {
    const response = await post('/api/login/Otp/send', { phoneNumber: 5, process: 'auth' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'validation_failed',
      Message: 'חלק מהנתונים שנשלחו אינם תקינים.',
      details: [{ path: 'body/phoneNumber', message: 'must be string' }],
    });
  });

  it('rejects the string "true" for a boolean (Fastify’s default Ajv would accept it)', async () => {
    const response = await post('/api/login/leads/save', { ...validLead, acceptedTerms: 'true' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'body/acceptedTerms', message: 'must be boolean' }],
    });
  });

  it('rejects an unknown field instead of dropping it', async () => {
    const response = await post('/api/login/leads/save', { ...validLead, isAdmin: true });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'body/isAdmin', message: 'is not an allowed property' }],
    });
  });

  it('names a missing required field', async () => {
    const response = await post('/api/login/Otp/send', { phoneNumber: '+972501234567' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ path: 'body/process' }] });
  });

  it('checks formats (uuid, email) strictly', async () => {
    const badUuid = await post('/api/login/auth/register/lead', { leadId: '1234' });
    const badEmail = await post('/api/login/leads/save', { ...validLead, email: 'dana@' });

    expect(badUuid.statusCode).toBe(400);
    expect(badUuid.json()).toMatchObject({ details: [{ path: 'body/leadId' }] });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ details: [{ path: 'body/email' }] });
  });

  it.each([
    ['__proto__', '{"__proto__":{"isAdmin":true},"phoneNumber":"+972501234567","process":"auth"}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}},"process":"auth"}'],
  ])('rejects a %s key with 400', async (_name, raw) => {
    const response = await post('/api/login/Otp/send', raw, { 'content-type': 'application/json' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_json' });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('rejects malformed JSON with 400', async () => {
    const response = await post('/api/login/Otp/send', '{"phoneNumber":', {
      'content-type': 'application/json',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_json' });
  });

  it.each([
    ['text/plain', 'phoneNumber=+972501234567'],
    ['application/x-www-form-urlencoded', 'phoneNumber=%2B972501234567&process=auth'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
    ],
  ])('answers 415 for a %s body on a JSON operation', async (contentType, payload) => {
    const response = await post('/api/login/Otp/send', payload, { 'content-type': contentType });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });
  });

  it('answers 400 when a required body is missing altogether', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login/Otp/send' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: [{ path: 'body' }] });
  });

  it('answers 413 with the envelope for a body over the limit', async () => {
    const huge = JSON.stringify({
      phoneNumber: '+972501234567',
      process: 'auth',
      pad: 'x'.repeat(JSON_BODY_LIMIT),
    });
    const response = await post('/api/login/Otp/send', huge, { 'content-type': 'application/json' });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'payload_too_large' });
  });

  it('coerces query strings to the declared types', async () => {
    const fileUrl = '/api/property/files/7b0f0a52-3c4e-4d8e-9c41-6c1f6f3a2b10';
    const numeric = await ctx.app.inject({
      method: 'GET',
      url: `${fileUrl}?expires=1700000000&sig=abcdefghijklmnop`,
    });
    const notNumeric = await ctx.app.inject({
      method: 'GET',
      url: `${fileUrl}?expires=soon&sig=abcdefghijklmnop`,
    });

    expect(numeric.statusCode).not.toBe(400);
    expect(notNumeric.statusCode).toBe(400);
    expect(notNumeric.json()).toMatchObject({ details: [{ path: 'querystring/expires' }] });
  });

  it('validates query strings against the contract (listSmsOutbox phone)', async () => {
    const good = await ctx.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=%2B972501234567' });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=0501234567' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' });

    expect(good.statusCode).toBe(200);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', details: [{ path: 'querystring/phone' }] });
    expect(missing.statusCode).toBe(400);
  });

  it('validates path parameters', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login/leads/42' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ path: 'params/leadId' }] });
  });

  it('answers in English when Accept-Language starts with en, Hebrew otherwise', async () => {
    const english = await post('/api/login/Otp/send', {}, { 'accept-language': 'en-GB,en;q=0.8' });
    const french = await post('/api/login/Otp/send', {}, { 'accept-language': 'fr-FR' });

    expect(english.json().Message).toBe('Some of the data sent is not valid.');
    expect(french.json().Message).toBe('חלק מהנתונים שנשלחו אינם תקינים.');
  });
});
