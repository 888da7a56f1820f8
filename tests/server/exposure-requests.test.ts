/**
 * Issue 23's broker API: create, list, read, revoke and resend exposure requests. The SMS goes to a
 * recording provider behind the real SmsProvider port; everything else is the real app and database.
 */

import { formatArea } from '@domain/format';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exposureRequests } from '../../server/db/schema';
import { hashShareToken } from '../../server/sharing/share-token';
import { exposureAppForTests } from './helpers/exposure';
import { createProperty, publishableOffice } from './helpers/properties';
import { bearer, createUser } from './helpers/sign-in';

const CLIENT_PHONE = '+972541234567';
const PROFILE = {
  licenceNumber: '31234',
  idNumber: '123456782',
  businessAddress: 'דרך מנחם בגין 132, תל אביב',
};

describe('exposure requests (broker API)', () => {
  const { sms, testApp } = exposureAppForTests();

  async function broker(profile: Partial<typeof PROFILE> | null = PROFILE) {
    const user = await createUser(testApp.db);
    const headers = await bearer(testApp, user.id);
    if (profile) await testApp.app.inject({ method: 'PATCH', url: '/api/me', headers, payload: profile });
    const first = await createProperty(testApp, headers, publishableOffice());
    const second = await createProperty(testApp, headers, publishableOffice({ city: 'חיפה' }));
    return { user, headers, properties: [first, second] };
  }

  function body(propertyIds: string[], overrides: Record<string, unknown> = {}) {
    return {
      clientName: 'יוסי  לוי',
      clientPhone: CLIENT_PHONE,
      dealType: 'rent',
      properties: propertyIds.map((propertyId, index) => ({ propertyId, approximatePrice: 20_000 + index })),
      fee: { basis: 'percent', percent: 8.33 },
      feeIncludesVat: false,
      exclusivity: null,
      ...overrides,
    };
  }

  const create = (headers: Record<string, string>, payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/exposure-requests',
      headers,
      payload: payload as object,
    });

  it('creates a request, sends the client an SMS with a link, and stores only the link’s hash', async () => {
    const { headers, properties } = await broker();
    const before = sms.sent.length;
    const response = await create(headers, body(properties.map((p) => p.id)));
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      status: 'sent',
      clientName: 'יוסי לוי',
      clientPhone: CLIENT_PHONE,
      dealType: 'rent',
      sends: 1,
      orderVersion: 1,
      signedOrder: null,
    });
    expect(created.properties).toHaveLength(2);
    expect(created.properties[1].description).toContain('חיפה');
    // The description tells the property apart without revealing where it is.
    expect(created.properties[0].description).not.toContain(publishableOffice().address);
    // The order states the whole space, not the part marketed.
    expect(created.properties[0].description).toContain(formatArea(properties[0]?.totalArea ?? null, 'he'));
    expect(created.properties[0].description).not.toContain(
      formatArea(properties[0]?.marketingArea ?? null, 'he'),
    );
    expect(new Date(created.expiresAt).getTime() - testApp.clock.now().getTime()).toBe(
      14 * 24 * 60 * 60 * 1000,
    );

    const message = sms.sent.at(-1);
    expect(sms.sent.length).toBe(before + 1);
    expect(message?.phoneNumber).toBe(CLIENT_PHONE);
    const token = /\/e\/([A-Za-z0-9_-]{43})\b/.exec(message?.message ?? '')?.[1];
    expect(token, message?.message).toBeDefined();
    const [row] = await testApp.db.select().from(exposureRequests).where(eq(exposureRequests.id, created.id));
    expect(row?.tokenHash).toBe(hashShareToken(token ?? ''));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('lists the broker’s requests newest first, filters by status, and reads one', async () => {
    const { headers, properties } = await broker();
    const first = (await create(headers, body([properties[0]?.id ?? '']))).json().data;
    testApp.clock.advance(1000);
    const second = (await create(headers, body([properties[1]?.id ?? '']))).json().data;
    await testApp.app.inject({ method: 'POST', url: `/api/exposure-requests/${first.id}/revoke`, headers });

    const list = await testApp.app.inject({ method: 'GET', url: '/api/exposure-requests', headers });
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    const revoked = await testApp.app.inject({
      method: 'GET',
      url: '/api/exposure-requests?status=revoked',
      headers,
    });
    expect(revoked.json().data.map((r: { id: string }) => r.id)).toEqual([first.id]);
    const one = await testApp.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${second.id}`,
      headers,
    });
    expect(one.json().data).toMatchObject({ id: second.id, status: 'sent' });
  });

  it('answers 404 for another broker’s request, to read, revoke or resend, and lists none of it', async () => {
    const owner = await broker();
    const created = (await create(owner.headers, body([owner.properties[0]?.id ?? '']))).json().data;
    const other = await broker();
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/revoke'],
      ['POST', '/resend'],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url: `/api/exposure-requests/${created.id}${suffix}`,
        headers: other.headers,
      });
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
    }
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/exposure-requests',
      headers: other.headers,
    });
    expect(list.json().data).toEqual([]);
    const mine = await testApp.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${created.id}`,
      headers: owner.headers,
    });
    expect(mine.json().data.status).toBe('sent');
  });

  it('refuses to make a request for another broker’s property (404) and sends nothing', async () => {
    const owner = await broker();
    const other = await broker();
    const before = sms.sent.length;
    const response = await create(other.headers, body([owner.properties[0]?.id ?? '']));
    expect(response.statusCode).toBe(404);
    expect(sms.sent.length).toBe(before);
  });

  it('asks for the profile first: 409 broker_profile_incomplete naming what is missing', async () => {
    const { headers, properties } = await broker({ licenceNumber: '31234' });
    const response = await create(headers, body([properties[0]?.id ?? '']));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: 'broker_profile_incomplete' });
    expect(response.json().Message).toContain('תעודת הזהות');
  });

  it('refuses bad terms with 400 and the field: no properties, a fee over 100 %, exclusivity ending before it starts', async () => {
    const { headers, properties } = await broker();
    const id = properties[0]?.id ?? '';
    const cases = [
      body([]),
      body([id], { fee: { basis: 'percent', percent: 120 } }),
      body([id], { exclusivity: { startsOn: '2026-12-01', endsOn: '2026-11-01', marketingActions: 'שלט' } }),
      body([id], { clientPhone: '0541234567' }),
      body([id, id]),
    ];
    for (const payload of cases) {
      const response = await create(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const backwards = await create(
      headers,
      body([id], { exclusivity: { startsOn: '2026-12-01', endsOn: '2026-11-01', marketingActions: 'שלט' } }),
    );
    expect(JSON.stringify(backwards.json())).toContain('exclusivity');
  });

  it('revokes through the machine: once, and a revoked request cannot be revoked or resent', async () => {
    const { headers, properties } = await broker();
    const created = (await create(headers, body([properties[0]?.id ?? '']))).json().data;
    const revoke = () =>
      testApp.app.inject({ method: 'POST', url: `/api/exposure-requests/${created.id}/revoke`, headers });
    const first = await revoke();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'revoked' });
    expect(first.json().data.revokedAt).not.toBeNull();
    expect((await revoke()).json()).toMatchObject({ code: 'exposure_request_closed' });
    const resend = await testApp.app.inject({
      method: 'POST',
      url: `/api/exposure-requests/${created.id}/resend`,
      headers,
    });
    expect(resend.statusCode).toBe(409);
  });

  it('resends within the limits: not within a minute, a new link that replaces the old, at most five SMS', async () => {
    const { headers, properties } = await broker();
    const created = (await create(headers, body([properties[0]?.id ?? '']))).json().data;
    const resend = () =>
      testApp.app.inject({ method: 'POST', url: `/api/exposure-requests/${created.id}/resend`, headers });
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ success: false, code: 'exposure_resend_limit' });
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    const [before] = await testApp.db
      .select()
      .from(exposureRequests)
      .where(eq(exposureRequests.id, created.id));
    for (let send = 2; send <= 5; send += 1) {
      testApp.clock.advance(60_000);
      const response = await resend();
      expect(response.statusCode, `send ${send}`).toBe(200);
      expect(response.json().data.sends).toBe(send);
    }
    const [after] = await testApp.db
      .select()
      .from(exposureRequests)
      .where(eq(exposureRequests.id, created.id));
    expect(after?.tokenHash).not.toBe(before?.tokenHash);
    testApp.clock.advance(60_000);
    const sixth = await resend();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().data).toBeUndefined();
  });

  it('keeps a request whose SMS failed as a draft, and resend then sends it', async () => {
    const { headers, properties } = await broker();
    sms.failNext = true;
    const response = await create(headers, body([properties[0]?.id ?? '']));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ status: 'draft', sends: 0, sentAt: null });
    const resent = await testApp.app.inject({
      method: 'POST',
      url: `/api/exposure-requests/${response.json().data.id}/resend`,
      headers,
    });
    expect(resent.json().data).toMatchObject({ status: 'sent', sends: 1 });
  });

  it('shows a request past its link’s time as expired', async () => {
    const { user, headers, properties } = await broker();
    const created = (await create(headers, body([properties[0]?.id ?? ''], { linkDays: 1 }))).json().data;
    testApp.clock.advance(24 * 60 * 60 * 1000);
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${created.id}`,
      headers: await bearer(testApp, user.id),
    });
    expect(read.json().data?.status, read.body).toBe('expired');
  });

  it('refuses every operation without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/exposure-requests'],
      ['POST', '/api/exposure-requests'],
    ] as const) {
      expect(
        (await testApp.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
      ).toBe(401);
    }
  });
});
