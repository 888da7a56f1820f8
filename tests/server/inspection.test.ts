import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { signInWithCode } from './helpers/auth-flow';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('GET /api/inspection: the machine inspector switched at run time', () => {
  let on: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    on = await buildTestApp({ config: { machineInspection: true } });
    off = await buildTestApp({ config: { machineInspection: false }, database: on.database });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  it('says yes to a signed-in user when the switch is on', async () => {
    const { tokens } = await signInWithCode(on);
    const response = await on.app.inject({
      method: 'GET',
      url: '/api/inspection',
      headers: { authorization: `Bearer ${tokens.jwtToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { enabled: true } });
  });

  it('answers 404 with the envelope when the switch is off, signed in or not', async () => {
    const { tokens } = await signInWithCode(off);
    const response = await off.app.inject({
      method: 'GET',
      url: '/api/inspection',
      headers: { authorization: `Bearer ${tokens.jwtToken}`, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('answers 401 to anyone not signed in, switch on', async () => {
    const response = await on.app.inject({ method: 'GET', url: '/api/inspection' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('is off unless MACHINE_INSPECTION=on, and refuses a value it cannot read', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).machineInspection).toBe(false);
    expect(loadConfig({ ...base, MACHINE_INSPECTION: 'on' }).machineInspection).toBe(true);
    expect(loadConfig({ ...base, MACHINE_INSPECTION: 'off' }).machineInspection).toBe(false);
    expect(() => loadConfig({ ...base, MACHINE_INSPECTION: 'yes' })).toThrow(ConfigError);
  });
});
