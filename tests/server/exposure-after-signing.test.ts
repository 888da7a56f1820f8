/**
 * Issue 23, what a client's signature changes for the broker. The overview card's counts: requests, and
 * orders signed since the broker last opened /exposure-requests. "Active engagements": a property with a signed brokerage order that has not ended is
 * engaged. The list's flag, its "engagements" filter and its count, and the property itself follow the
 * orders clients really signed (the whole way through the client's page), not a column nothing sets.
 */
import { filterItemsFor } from '@domain/property-filters';
import { describe, expect, it } from 'vitest';
import {
  brokerWithProfile,
  clientBrowser,
  exposureAppForTests,
  sendExposureRequest,
} from './helpers/exposure';
import { createProperty, publishableOffice } from './helpers/properties';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('after a client signs', () => {
  const { sms, testApp, nextPhone } = exposureAppForTests('+9725411133');

  const isoDay = (offsetDays: number) =>
    new Date(testApp.clock.now().getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

  const request = (headers: Record<string, string>, propertyId: string, exclusivity: unknown = null) =>
    sendExposureRequest(testApp, sms, headers, {
      clientPhone: nextPhone(),
      properties: [{ propertyId, approximatePrice: 20_000 }],
      fee: { basis: 'percent', percent: 8 },
      exclusivity,
    });

  /** The client's side, as a phone (helpers/exposure.ts): code, verification, signature. */
  const sign = (link: { token: string; clientPhone: string }) => clientBrowser(testApp, sms).sign(link);

  const broker = async () => (await brokerWithProfile(testApp)).headers;

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
