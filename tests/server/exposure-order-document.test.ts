/**
 * Issue 23: the signed order as a document both sides keep. The broker's copy opens at a short-lived
 * address the API signs for the request's owner; the client's at /e/{token}/order in the browser
 * that verified. Both render the stored signed text, never today's property or profile, and the
 * address is attacked: another broker, an unsigned or withdrawn request, every part tampered with,
 * and time.
 */
import { describe, expect, it } from 'vitest';
import {
  brokerWithProfile,
  clientBrowser,
  exposureAppForTests,
  sentExposureRequest,
} from './helpers/exposure';
import { publishableOffice } from './helpers/properties';

describe('the signed order as a document', () => {
  const { sms, testApp, nextPhone } = exposureAppForTests('+9725411144');

  async function signedRequest(client?: { fullName: string; idNumber: string; address: string }) {
    const broker = await brokerWithProfile(testApp);
    const request = await sentExposureRequest(testApp, sms, broker.headers, nextPhone());
    const phone = clientBrowser(testApp, sms);
    await phone.sign(request, client);
    return { ...broker, ...request, phone };
  }

  async function linkOf(headers: Record<string, string>, id: string, lang = 'he') {
    return testApp.app.inject({
      method: 'POST',
      url: `/api/exposure-requests/${id}/order-document?lang=${lang}`,
      headers,
    });
  }

  /** The page's path and query, from the absolute address the API answers. */
  async function documentPath(headers: Record<string, string>, id: string, lang = 'he') {
    const response = await linkOf(headers, id, lang);
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().data.url);
    return `${url.pathname}${url.search}`;
  }

  const open = (path: string) => testApp.app.inject({ method: 'GET', url: path });

  it('shows the broker every detail of the order and the record of its signature', async () => {
    const signed = await signedRequest();
    const response = await linkOf(signed.headers, signed.id);
    expect(response.statusCode).toBe(200);
    const { url, expiresAt, version } = response.json().data;
    expect(version).toBe(1);
    expect(new Date(expiresAt).getTime() - testApp.clock.now().getTime()).toBe(10 * 60 * 1000);
    expect(url).toMatch(
      /^http:\/\/[^/]+\/signed-orders\/[0-9a-f-]{36}\?v=1&until=\d+&sig=[\w-]{43}&lang=he$/,
    );

    const page = await open(await documentPath(signed.headers, signed.id));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    const html = page.body;
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('@page{size:A4');
    const stored = (
      await testApp.app.inject({
        method: 'GET',
        url: `/api/exposure-requests/${signed.id}`,
        headers: signed.headers,
      })
    ).json().data.signedOrder;
    for (const text of [
      'דנה לוי', // the broker's name, ID, licence and address
      '123456782',
      '31234',
      'הברזל 3, תל אביב',
      'יוסי כהן', // the client's name, ID, address and verified phone
      '000000018',
      'הרצל 1, חיפה',
      `0${signed.clientPhone.slice(4, 6)}-${signed.clientPhone.slice(6)}`,
      'שכירות', // the kind of deal
      // the property's description as signed (its quote escaped in HTML)
      JSON.parse(stored.content).properties[0].description.replaceAll('"', '&quot;'),
      '31,500', // its approximate price
      '8.33%', // the fee, and VAT
      'הסכום אינו כולל מס ערך מוסף',
      'ההזמנה אינה בלעדית.',
      'רישום החתימה', // the record: typed name, consent, time, IP, browser, fingerprint
      'קראתי את ההזמנה, פרטיה נכונים',
      'TestPhone/1.0',
      stored.sha256,
      'טביעת האצבע חושבה מחדש מהנוסח השמור ותואמת.',
    ]) {
      expect(html, text).toContain(text);
    }
    // No street of the property: the order describes it as signed, by kind, area and city.
    expect(html).not.toContain('הברזל 30');
  });

  it('is the stored signed text: a property or profile changed afterwards changes nothing in it', async () => {
    const signed = await signedRequest();
    const before = (await open(await documentPath(signed.headers, signed.id))).body;

    const changed = await testApp.app.inject({
      method: 'PUT',
      url: `/api/property/update/${signed.property.id}`,
      headers: signed.headers,
      payload: publishableOffice({ address: 'אבן גבירול 1', city: 'חיפה', totalArea: 2999 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const profile = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: signed.headers,
      payload: { licenceNumber: '99999', businessAddress: 'רחוב אחר 9, חיפה' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    testApp.clock.advance(60_000);

    const after = (await open(await documentPath(signed.headers, signed.id))).body;
    expect(after).toBe(before);
    expect(after).not.toContain('2,999');
    expect(after).toContain('1,250');
    expect(after).not.toContain('רחוב אחר 9');
  });

  it('escapes what the client typed', async () => {
    const signed = await signedRequest({
      fullName: 'יוסי <b>כהן</b>',
      idNumber: '000000018',
      address: '<img src=x onerror=alert(1)>',
    });
    const html = (await open(await documentPath(signed.headers, signed.id))).body;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });

  it('reads in English', async () => {
    const signed = await signedRequest();
    const page = await open(await documentPath(signed.headers, signed.id, 'en'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    for (const text of [
      'Signed brokerage order',
      'The broker',
      'The client',
      'Kind of deal',
      'Rent',
      'Record of the signature',
    ]) {
      expect(page.body, text).toContain(text);
    }
  });

  it('is refused to another broker, before signing, after withdrawal, and without a session', async () => {
    const signed = await signedRequest();
    const stranger = await brokerWithProfile(testApp);
    const theirs = await linkOf(stranger.headers, signed.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ success: false, code: 'not_found' });

    const unsigned = await sentExposureRequest(testApp, sms, signed.headers, nextPhone());
    const early = await linkOf(signed.headers, unsigned.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ success: false, code: 'exposure_request_not_signed' });
    expect(early.json().Message).toContain('עוד לא נחתמה');

    const withdrawn = await sentExposureRequest(testApp, sms, signed.headers, nextPhone());
    const revoke = await testApp.app.inject({
      method: 'POST',
      url: `/api/exposure-requests/${withdrawn.id}/revoke`,
      headers: signed.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await linkOf(signed.headers, withdrawn.id)).statusCode).toBe(409);

    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: `/api/exposure-requests/${signed.id}/order-document`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('opens only at the address as signed, and only for ten minutes', async () => {
    const signed = await signedRequest();
    const path = await documentPath(signed.headers, signed.id);
    const url = new URL(path, 'http://x');
    const withParam = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    const sig = url.searchParams.get('sig') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const until = Number(url.searchParams.get('until'));

    // Another broker's own signed request: its address with this request's id swapped in.
    const other = await signedRequest();
    const otherUrl = new URL(await documentPath(other.headers, other.id), 'http://x');
    const swapped = `/signed-orders/${signed.id}${otherUrl.search}`;

    for (const tampered of [
      withParam('sig', flipped),
      withParam('until', String(until + 3600)),
      withParam('v', '2'),
      swapped,
      `/signed-orders/${signed.id}`,
      `/signed-orders/not-a-uuid${url.search}`,
      `/signed-orders/00000000-0000-4000-8000-000000000000${url.search}`,
    ]) {
      const page = await open(tampered);
      expect(page.statusCode, tampered).toBe(404);
      expect(page.body, tampered).toContain('המסמך לא נמצא');
      expect(page.body, tampered).not.toContain('יוסי כהן');
    }
    expect((await open(path)).statusCode).toBe(200);

    testApp.clock.advance(10 * 60 * 1000);
    const late = await open(path);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('הקישור למסמך פג');
    expect(late.body).not.toContain('יוסי כהן');
  });

  it('gives the client their copy in the browser that signed, and nobody else', async () => {
    const signed = await signedRequest();
    const revealed = await signed.phone.get(`/e/${signed.token}`);
    expect(revealed.body).toContain(`href="/e/${signed.token}/order?lang=he"`);

    const mine = await signed.phone.get(`/e/${signed.token}/order`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const brokers = (await open(await documentPath(signed.headers, signed.id))).body;
    // The same document on both sides.
    expect(mine.body).toBe(brokers);

    const forwarded = await testApp.app.inject({ method: 'GET', url: `/e/${signed.token}/order` });
    expect(forwarded.statusCode).toBe(404);
    expect(forwarded.body).not.toContain('יוסי כהן');

    const unsigned = await sentExposureRequest(testApp, sms, signed.headers, nextPhone());
    const before = clientBrowser(testApp, sms);
    await before.get(`/e/${unsigned.token}`);
    expect((await before.get(`/e/${unsigned.token}/order`)).statusCode).toBe(404);
  });
});
