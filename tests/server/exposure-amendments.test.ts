/**
 * Issue 23, "a change makes a new version; nothing overwrites a signature": the broker amends an order
 * (POST /api/exposure-requests/{id}/versions). The real app and database; the SMS goes to a recording
 * provider behind the real SmsProvider port, and the client signs through the real page /e/{token}.
 */
import { filterItemsFor } from '@domain/property-filters';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedOrders, smsDailySends } from '../../server/db/schema';
import type { SmsMessage } from '../../server/sms/sms-provider';
import {
  brokerWithProfile,
  clientBrowser,
  exposureAppForTests,
  sendExposureRequest,
} from './helpers/exposure';
import { createProperty, publishableOffice } from './helpers/properties';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

describe('amending an exposure request into a new version', () => {
  const { sms, testApp, nextPhone } = exposureAppForTests('+9725422244');

  const tokenIn = (message: SmsMessage | undefined) =>
    /\/e\/([A-Za-z0-9_-]{43})/.exec(message?.message ?? '')?.[1] ?? '';

  const broker = async () => (await brokerWithProfile(testApp)).headers;

  function terms(propertyIds: string[], overrides: Record<string, unknown> = {}) {
    return {
      dealType: 'rent',
      properties: propertyIds.map((propertyId) => ({ propertyId, approximatePrice: 20_000 })),
      fee: { basis: 'percent', percent: 8 },
      feeIncludesVat: false,
      exclusivity: null,
      ...overrides,
    };
  }

  const request = (headers: Record<string, string>, propertyIds: string[]) =>
    sendExposureRequest(testApp, sms, headers, { clientPhone: nextPhone(), ...terms(propertyIds) });

  const amend = (headers: Record<string, string>, id: string, payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/exposure-requests/${id}/versions`,
      headers,
      payload: payload as object,
    });

  /** The client's side, as a phone (helpers/exposure.ts): code, verification, signature. */
  const sign = (token: string, clientPhone: string) =>
    clientBrowser(testApp, sms).sign({ token, clientPhone });

  const signedRowsOf = (requestId: string) =>
    testApp.db
      .select()
      .from(signedOrders)
      .where(eq(signedOrders.requestId, requestId))
      .orderBy(asc(signedOrders.version));

  it('makes a signed order’s next version with a new link, and v1 stays byte-identical after v2 is signed', async () => {
    const headers = await broker();
    const property = await createProperty(testApp, headers, publishableOffice({ address: 'הברזל 30' }));
    const first = await request(headers, [property.id]);
    await sign(first.token, first.clientPhone);
    const [v1] = await signedRowsOf(first.id);
    expect(v1?.version).toBe(1);

    testApp.clock.advance(2 * MINUTE_MS);
    const before = sms.sent.length;
    const amended = await amend(
      headers,
      first.id,
      terms([property.id], { fee: { basis: 'amount', amount: 30_000 }, feeIncludesVat: true, linkDays: 3 }),
    );
    expect(amended.statusCode, amended.body).toBe(201);
    expect(amended.json().data).toMatchObject({
      id: first.id,
      status: 'sent',
      orderVersion: 2,
      fee: { basis: 'amount', amount: 30_000 },
      feeIncludesVat: true,
      sends: 1,
      clientName: 'יוסי כהן',
      clientPhone: first.clientPhone,
      // The latest signed version is still there to read while v2 waits for the client.
      signedOrder: { version: 1, sha256: v1?.contentSha256 },
    });
    expect(new Date(amended.json().data.expiresAt).getTime() - testApp.clock.now().getTime()).toBe(
      3 * DAY_MS,
    );
    expect(sms.sent.length).toBe(before + 1);
    expect(sms.sent.at(-1)?.phoneNumber).toBe(first.clientPhone);
    const second = tokenIn(sms.sent.at(-1));
    expect(second).not.toBe('');
    expect(second).not.toBe(first.token);
    // The old link no longer leads anywhere.
    expect((await testApp.app.inject({ method: 'GET', url: `/e/${first.token}` })).statusCode).toBe(404);

    await sign(second, first.clientPhone);
    const rows = await signedRowsOf(first.id);
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
    expect(rows[0]).toEqual(v1);
    expect(rows[1]?.contentSha256).not.toBe(v1?.contentSha256);
    expect(JSON.parse(rows[1]?.content ?? '{}')).toMatchObject({
      version: 2,
      fee: { basis: 'amount', amount: 30_000 },
      feeIncludesVat: true,
    });
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${first.id}`,
      headers,
    });
    expect(read.json().data).toMatchObject({
      status: 'signed',
      orderVersion: 2,
      signedOrder: { version: 2 },
    });
  });

  it("keeps the client's signed version within reach on the new version's link", async () => {
    const headers = await broker();
    const property = await createProperty(testApp, headers, publishableOffice({ address: 'הברזל 30' }));
    const first = await request(headers, [property.id]);
    await sign(first.token, first.clientPhone);
    const [v1] = await signedRowsOf(first.id);
    testApp.clock.advance(MINUTE_MS + 1000);
    const amended = await amend(headers, first.id, terms([property.id], { feeIncludesVat: true }));
    expect(amended.statusCode, amended.body).toBe(201);
    const second = tokenIn(sms.sent.at(-1));

    // The client verifies on the new link; before signing version 2 they can still open version 1.
    const phone = clientBrowser(testApp, sms);
    await phone.verify({ token: second, clientPhone: first.clientPhone });
    const orderStep = await phone.get(`/e/${second}`);
    expect(orderStep.body).toContain(`href="/e/${second}/order?lang=he"`);
    const copy = await phone.get(`/e/${second}/order`);
    expect(copy.statusCode).toBe(200);
    expect(copy.body).toContain(v1?.contentSha256);
    // Another browser, not verified on this link, still gets nothing.
    const stranger = await testApp.app.inject({ method: 'GET', url: `/e/${second}/order` });
    expect(stranger.statusCode).toBe(404);
  });

  it('keeps the signed version’s engagement until the next version is signed, then follows it', async () => {
    const headers = await broker();
    const kept = await createProperty(testApp, headers, publishableOffice({ address: 'ויצמן 4' }));
    const added = await createProperty(testApp, headers, publishableOffice({ address: 'יפו 12' }));
    const first = await request(headers, [kept.id]);
    await sign(first.token, first.clientPhone);

    const engaged = async () => {
      const list = await testApp.app.inject({
        method: 'GET',
        url: '/api/property/list?pageSize=10',
        headers,
      });
      const filtered = await testApp.app.inject({
        method: 'POST',
        url: '/api/property/filter?pageSize=10',
        headers,
        payload: filterItemsFor('engagements'),
      });
      const summary = await testApp.app.inject({ method: 'GET', url: '/api/property/summary', headers });
      const flagged = (list.json().data.items as Array<{ address: string; hasEngagements: boolean }>)
        .filter((item) => item.hasEngagements)
        .map((item) => item.address);
      const found = (filtered.json().data.items as Array<{ address: string }>).map((item) => item.address);
      expect(found.sort()).toEqual([...flagged].sort());
      expect(summary.json().data.engagements).toBe(flagged.length);
      return flagged.sort();
    };
    expect(await engaged()).toEqual(['ויצמן 4']);

    testApp.clock.advance(2 * MINUTE_MS);
    const exclusivity = {
      startsOn: new Date(testApp.clock.now().getTime() - 10 * DAY_MS).toISOString().slice(0, 10),
      endsOn: new Date(testApp.clock.now().getTime() - DAY_MS).toISOString().slice(0, 10),
      marketingActions: 'שלט על הבניין',
    };
    const amended = await amend(headers, first.id, terms([added.id], { exclusivity }));
    expect(amended.statusCode, amended.body).toBe(201);
    // v2 is only the broker's proposal: the client's signature on v1 still stands.
    expect(await engaged()).toEqual(['ויצמן 4']);

    // v2 moves the order to the other property, with an exclusivity already over: nothing is engaged.
    await sign(tokenIn(sms.sent.at(-1)), first.clientPhone);
    expect(await engaged()).toEqual([]);
  });

  it('answers 404 for another broker’s request, and sends nothing', async () => {
    const owner = await broker();
    const property = await createProperty(testApp, owner, publishableOffice());
    const created = await request(owner, [property.id]);
    const stranger = await broker();
    const theirs = await createProperty(testApp, stranger, publishableOffice());
    testApp.clock.advance(2 * MINUTE_MS);
    const before = sms.sent.length;
    const response = await amend(stranger, created.id, terms([theirs.id]));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
    // Nor can the owner put another broker's property into the order.
    const foreign = await amend(owner, created.id, terms([theirs.id]));
    expect(foreign.statusCode).toBe(404);
    expect(sms.sent.length).toBe(before);
    const mine = await testApp.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${created.id}`,
      headers: owner,
    });
    expect(mine.json().data).toMatchObject({ orderVersion: 1, status: 'sent' });
  });

  it('refuses to amend a revoked request (409) or a draft never sent', async () => {
    const headers = await broker();
    const property = await createProperty(testApp, headers, publishableOffice());
    const created = await request(headers, [property.id]);
    await testApp.app.inject({ method: 'POST', url: `/api/exposure-requests/${created.id}/revoke`, headers });
    testApp.clock.advance(2 * MINUTE_MS);
    const revoked = await amend(headers, created.id, terms([property.id]));
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json()).toMatchObject({ success: false, code: 'exposure_request_not_amendable' });
    expect(revoked.json().Message).toMatch(/בוטלה/);

    sms.failNext = true;
    const draft = await testApp.app.inject({
      method: 'POST',
      url: '/api/exposure-requests',
      headers,
      payload: { clientName: 'יוסי כהן', clientPhone: nextPhone(), ...terms([property.id]) },
    });
    expect(draft.json().data.status).toBe('draft');
    const amendedDraft = await amend(headers, draft.json().data.id, terms([property.id]));
    expect(amendedDraft.statusCode).toBe(409);
  });

  it('answers bad input with the error envelope and changes nothing', async () => {
    const headers = await broker();
    const property = await createProperty(testApp, headers, publishableOffice());
    const created = await request(headers, [property.id]);
    testApp.clock.advance(2 * MINUTE_MS);
    const cases: Array<[unknown, string]> = [
      [terms([]), 'properties'],
      [terms([property.id], { fee: { basis: 'percent', percent: 120 } }), 'fee'],
      [
        terms([property.id], {
          exclusivity: { startsOn: '2026-12-01', endsOn: '2026-11-01', marketingActions: 'שלט' },
        }),
        'exclusivity',
      ],
      [terms([property.id, property.id]), 'properties'],
      [{ ...terms([property.id]), clientPhone: '+972501111111' }, 'clientPhone'],
      [terms([property.id], { linkDays: 90 }), 'linkDays'],
    ];
    for (const [payload, field] of cases) {
      const response = await amend(headers, created.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const envelope = response.json();
      expect(envelope).toMatchObject({ success: false });
      expect(typeof envelope.Message).toBe('string');
      expect(typeof envelope.code).toBe('string');
      expect(JSON.stringify(envelope), field).toContain(field);
    }
    const notUuid = await amend(headers, 'not-a-uuid', terms([property.id]));
    expect(notUuid.statusCode).toBe(400);
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${created.id}`,
      headers,
    });
    expect(read.json().data).toMatchObject({ orderVersion: 1, fee: { basis: 'percent', percent: 8 } });
  });

  it('sends one version a minute (429 with Retry-After), and when the SMS fails answers 503 and keeps the old version', async () => {
    const headers = await broker();
    const property = await createProperty(testApp, headers, publishableOffice());
    const created = await request(headers, [property.id]);
    const tooSoon = await amend(headers, created.id, terms([property.id]));
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ success: false, code: 'exposure_resend_limit' });
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    testApp.clock.advance(2 * MINUTE_MS);
    sms.failNext = true;
    const failed = await amend(headers, created.id, terms([property.id], { dealType: 'sale' }));
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ success: false, code: 'sms_delivery_failed' });
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${created.id}`,
      headers,
    });
    expect(read.json().data).toMatchObject({ orderVersion: 1, dealType: 'rent', status: 'sent', sends: 1 });
    // The link the client already has still works.
    expect((await testApp.app.inject({ method: 'GET', url: `/e/${created.token}` })).statusCode).toBe(200);
  });

  it('holds a new link, resent or amended, to the day’s SMS limit it shares with the sign-in codes', async () => {
    const headers = await broker();
    const property = await createProperty(testApp, headers, publishableOffice());
    const created = await request(headers, [property.id]);
    testApp.clock.advance(2 * MINUTE_MS);
    const day = testApp.clock.now().toISOString().slice(0, 10);
    const sentToday = (sent: number) =>
      testApp.db
        .insert(smsDailySends)
        .values({ day, sent })
        .onConflictDoUpdate({ target: smsDailySends.day, set: { sent } });
    const before = sms.sent.length;
    await sentToday(testApp.config.smsDailyLimit);
    try {
      const resent = await testApp.app.inject({
        method: 'POST',
        url: `/api/exposure-requests/${created.id}/resend`,
        headers,
      });
      const amended = await amend(headers, created.id, terms([property.id]));
      for (const response of [resent, amended]) {
        expect(response.statusCode, response.body).toBe(429);
        expect(response.json()).toMatchObject({ success: false, code: 'otp_daily_limit' });
        expect(response.headers['retry-after']).toBe('3600');
      }
      expect(sms.sent.length).toBe(before);
    } finally {
      await sentToday(0);
    }
    const mine = await testApp.app.inject({
      method: 'GET',
      url: `/api/exposure-requests/${created.id}`,
      headers,
    });
    expect(mine.json().data).toMatchObject({ orderVersion: 1, sends: 1, status: 'sent' });
  });

  it('refuses to amend without a token', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/exposure-requests/00000000-0000-4000-8000-000000000000/versions',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});
