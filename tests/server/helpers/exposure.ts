import { expect } from 'vitest';
import type { SmsMessage, SmsProvider } from '../../../server/sms/sms-provider';
import { appForTests } from './app-for-tests';
import type { TestApp } from './build-test-app';
import type { PropertyInput } from './properties';
import { createProperty, publishableOffice } from './properties';
import { bearer, createUser } from './sign-in';

/** The SMS port, recording what it is given; `failNext` makes the next send fail like a gateway down. */
export class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  sent: SmsMessage[] = [];
  failNext = false;
  async send(message: SmsMessage) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('gateway down');
    }
    this.sent.push(message);
  }
}

/** A broker with the profile an order needs, signed in. */
export async function brokerWithProfile(testApp: TestApp) {
  const user = await createUser(testApp.db, { firstName: 'דנה', lastName: 'לוי' });
  const headers = await bearer(testApp, user.id);
  const profile = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers,
    payload: { licenceNumber: '31234', idNumber: '123456782', businessAddress: 'הברזל 3, תל אביב' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  return { user, headers };
}

/** Sends one exposure request (rent, 8.33% fee, no exclusivity unless `overrides` say): its id and link. */
export async function sendExposureRequest(
  testApp: TestApp,
  sms: RecordingSms,
  headers: Record<string, string>,
  payload: { clientPhone: string; properties: { propertyId: string; approximatePrice: number }[] } & Record<
    string,
    unknown
  >,
) {
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/exposure-requests',
    headers,
    payload: {
      clientName: 'יוסי כהן',
      dealType: 'rent',
      fee: { basis: 'percent', percent: 8.33 },
      feeIncludesVat: false,
      exclusivity: null,
      ...payload,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const token = /\/e\/([A-Za-z0-9_-]{43})/.exec(sms.sent.at(-1)?.message ?? '')?.[1] ?? '';
  return { id: created.json().data.id as string, token, clientPhone: payload.clientPhone };
}

/** A request for one new property (`property` overrides its fields), sent: its id, token and phone. */
export async function sentExposureRequest(
  testApp: TestApp,
  sms: RecordingSms,
  headers: Record<string, string>,
  clientPhone: string,
  overrides: Record<string, unknown> = {},
  property: Partial<PropertyInput> = {},
) {
  const created = await createProperty(
    testApp,
    headers,
    publishableOffice({ address: 'הברזל 30', city: 'תל אביב-יפו', ...property }),
  );
  const request = await sendExposureRequest(testApp, sms, headers, {
    clientPhone,
    properties: [{ propertyId: created.id, approximatePrice: 31_500 }],
    ...overrides,
  });
  return { ...request, property: created };
}

/** The client's phone: keeps the cookies /e/{token} sets, and walks code → verify → sign. */
export function clientBrowser(testApp: TestApp, sms: RecordingSms) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const browser = {
    async get(url: string) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie: cookie() } });
      keep(response.headers['set-cookie']);
      return response;
    },
    async post(url: string, form: Record<string, string> = {}) {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: {
          cookie: cookie(),
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'TestPhone/1.0',
        },
        payload: new URLSearchParams(form).toString(),
      });
      keep(response.headers['set-cookie']);
      return response;
    },
    /** The last code the client's phone received. */
    lastCode: (clientPhone: string) =>
      sms.sent.filter((message) => message.phoneNumber === clientPhone).at(-1)?.code ?? '',
    /** Opens the link, asks for a code and enters it: the browser is verified. */
    async verify({ token, clientPhone }: { token: string; clientPhone: string }) {
      await browser.get(`/e/${token}`);
      await browser.post(`/e/${token}/code`);
      const verified = await browser.post(`/e/${token}/verify`, { code: browser.lastCode(clientPhone) });
      expect(verified.statusCode, verified.body.slice(-400)).toBe(303);
    },
    async sign(
      link: { token: string; clientPhone: string },
      client = { fullName: 'יוסי כהן', idNumber: '000000018', address: 'הרצל 1, חיפה' },
    ) {
      await browser.verify(link);
      const signed = await browser.post(`/e/${link.token}/sign`, { ...client, consent: 'yes' });
      expect(signed.statusCode, signed.body.slice(-400)).toBe(303);
    },
  };
  return browser;
}

/**
 * What an exposure test file (or describe block) shares: the recording SMS port, the real app sending
 * through it, and a client phone of its own for each request (the sign-in code limits count per
 * phone): `phonePrefix` and two more digits, a prefix per file keeping files clear of each other.
 */
export function exposureAppForTests(phonePrefix = '+9725410000') {
  const sms = new RecordingSms();
  let counter = 0;
  const nextPhone = () => `${phonePrefix}${String(10 + (counter++ % 90))}`;
  return { sms, testApp: appForTests({ sms }), nextPhone };
}
