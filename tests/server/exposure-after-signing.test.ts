/**
 * Issue 23, what a client's signature changes for the broker. The overview card's counts: requests, and
 * orders signed since the broker last opened /exposure-requests. "Active engagements": a property with a signed brokerage order that has not ended is
 * engaged. The list's flag, its "engagements" filter and its count, and the property itself follow the
 * orders clients really signed (the whole way through the client's page), not a column nothing sets.
 */
import { filterItemsFor } from '@domain/property-filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsProvider } from '../../server/sms/sms-provider';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createProperty, publishableOffice } from './helpers/properties';
import { bearer, createUser } from './helpers/sign-in';

class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  sent: SmsMessage[] = [];
  async send(message: SmsMessage) {
    this.sent.push(message);
  }
}

let phoneCounter = 0;
const nextPhone = () => `+9725411133${String(10 + (phoneCounter++ % 90))}`;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('after a client signs', () => {
  let testApp: TestApp;
  const sms = new RecordingSms();
  beforeAll(async () => {
    testApp = await buildTestApp({ sms });
  });
  afterAll(() => testApp.close());

  const isoDay = (offsetDays: number) =>
    new Date(testApp.clock.now().getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

  async function request(headers: Record<string, string>, propertyId: string, exclusivity: unknown = null) {
    const clientPhone = nextPhone();
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/exposure-requests',
      headers,
      payload: {
        clientName: 'יוסי כהן',
        clientPhone,
        dealType: 'rent',
        properties: [{ propertyId, approximatePrice: 20_000 }],
        fee: { basis: 'percent', percent: 8 },
        feeIncludesVat: false,
        exclusivity,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = /\/e\/([A-Za-z0-9_-]{43})/.exec(sms.sent.at(-1)?.message ?? '')?.[1] ?? '';
    return { token, clientPhone };
  }

  /** The client's side, as a phone: code, verification, signature (cookies kept between steps). */
  async function sign({ token, clientPhone }: { token: string; clientPhone: string }) {
    let cookie = '';
    const post = async (url: string, form: Record<string, string> = {}) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
      for (const line of [response.headers['set-cookie'] ?? []].flat()) cookie = line.split(';')[0] ?? '';
      return response;
    };
    await testApp.app.inject({ method: 'GET', url: `/e/${token}` });
    await post(`/e/${token}/code`);
    const code = sms.sent.filter((message) => message.phoneNumber === clientPhone).at(-1)?.code ?? '';
    expect((await post(`/e/${token}/verify`, { code })).statusCode).toBe(303);
    const signed = await post(`/e/${token}/sign`, {
      fullName: 'יוסי כהן',
      idNumber: '000000018',
      address: 'הרצל 1, חיפה',
      consent: 'yes',
    });
    expect(signed.statusCode, signed.body.slice(-400)).toBe(303);
  }

  async function broker() {
    const user = await createUser(testApp.db, { firstName: 'דנה', lastName: 'לוי' });
    const headers = await bearer(testApp, user.id);
    await testApp.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers,
      payload: { licenceNumber: '31234', idNumber: '123456782', businessAddress: 'הברזל 3, תל אביב' },
    });
    return headers;
  }

  it('the overview counts requests, and orders signed since the broker last looked', async () => {
    const headers = await broker();
    const overview = async () =>
      (await testApp.app.inject({ method: 'GET', url: '/api/exposure-requests/overview', headers })).json()
        .data;
    expect(await overview()).toEqual({ total: 0, signedSinceSeen: 0 });

    const first = await createProperty(testApp, headers, publishableOffice({ address: 'הברזל 30' }));
    await sign(await request(headers, first.id));
    await request(headers, first.id);
    expect(await overview()).toEqual({ total: 2, signedSinceSeen: 1 });

    testApp.clock.advance(1000);
    const seen = await testApp.app.inject({ method: 'POST', url: '/api/exposure-requests/seen', headers });
    expect(seen.statusCode).toBe(204);
    expect(await overview()).toEqual({ total: 2, signedSinceSeen: 0 });

    testApp.clock.advance(1000);
    await sign(await request(headers, first.id));
    expect(await overview()).toEqual({ total: 3, signedSinceSeen: 1 });

    const stranger = await broker();
    const theirs = await testApp.app.inject({
      method: 'GET',
      url: '/api/exposure-requests/overview',
      headers: stranger,
    });
    expect(theirs.json().data).toEqual({ total: 0, signedSinceSeen: 0 });
  });

  it('counts a signed, unexpired order, and neither an unsigned request nor an ended exclusivity', async () => {
    const headers = await broker();
    const signedOpen = await createProperty(testApp, headers, publishableOffice({ address: 'הברזל 30' }));
    const exclusiveOn = await createProperty(testApp, headers, publishableOffice({ address: 'ויצמן 4' }));
    const exclusiveEnded = await createProperty(testApp, headers, publishableOffice({ address: 'יפו 12' }));
    const unsigned = await createProperty(testApp, headers, publishableOffice({ address: 'הרצל 7' }));

    await sign(await request(headers, signedOpen.id));
    await sign(
      await request(headers, exclusiveOn.id, {
        startsOn: isoDay(-10),
        endsOn: isoDay(30),
        marketingActions: 'שלט על הבניין ופרסום באתרים',
      }),
    );
    await sign(
      await request(headers, exclusiveEnded.id, {
        startsOn: isoDay(-60),
        endsOn: isoDay(-1),
        marketingActions: 'שלט על הבניין',
      }),
    );
    await request(headers, unsigned.id);

    const list = await testApp.app.inject({ method: 'GET', url: '/api/property/list?pageSize=10', headers });
    const flags = Object.fromEntries(
      (list.json().data.items as Array<{ address: string; hasEngagements: boolean }>).map((item) => [
        item.address,
        item.hasEngagements,
      ]),
    );
    expect(flags).toEqual({ 'הברזל 30': true, 'ויצמן 4': true, 'יפו 12': false, 'הרצל 7': false });

    const filtered = await testApp.app.inject({
      method: 'POST',
      url: '/api/property/filter?pageSize=10',
      headers,
      payload: filterItemsFor('engagements'),
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(
      (filtered.json().data.items as Array<{ address: string }>).map((item) => item.address).sort(),
    ).toEqual(['הברזל 30', 'ויצמן 4'].sort());

    const summary = await testApp.app.inject({ method: 'GET', url: '/api/property/summary', headers });
    expect(summary.json().data.engagements).toBe(2);

    const one = await testApp.app.inject({ method: 'GET', url: `/api/property/${signedOpen.id}`, headers });
    expect(one.json().data.hasEngagements).toBe(true);
  });
});
