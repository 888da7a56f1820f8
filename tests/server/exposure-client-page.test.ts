/**
 * The client's page /e/{token} (issue 23), attacked as the issue asks: nothing shown before the code,
 * only the verified browser signs, a forwarded link shows nothing, everything escaped; and the whole
 * way from the SMS to the properties in full.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signedOrders } from '../../server/db/schema';
import {
  brokerWithProfile,
  clientBrowser,
  exposureAppForTests,
  sentExposureRequest,
} from './helpers/exposure';

describe('the client page /e/{token}', () => {
  const { sms, testApp, nextPhone } = exposureAppForTests('+9725411122');

  /** One broker's request for a rent office at 95 ₪/m² on the 4th floor, with a fixed fee. */
  async function sentRequest(overrides: Record<string, unknown> = {}) {
    const { headers } = await brokerWithProfile(testApp);
    const request = await sentExposureRequest(
      testApp,
      sms,
      headers,
      nextPhone(),
      { fee: { basis: 'amount', amount: 31_500 }, ...overrides },
      { dealType: 'rent', askingRentPerSqm: 95, floor: 4 },
    );
    return { headers, ...request };
  }

  /** A browser: keeps the cookies the page sets, as a phone would. */
  const browser = () => clientBrowser(testApp, sms);
  const lastCode = (phone: string) => browser().lastCode(phone);

  async function verifiedBrowser(token: string, clientPhone: string) {
    const phone = browser();
    await phone.verify({ token, clientPhone });
    return phone;
  }

  it('shows nothing of the request before the phone is verified', async () => {
    const { token, clientPhone } = await sentRequest();
    const page = await browser().get(`/e/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('אימות מספר הטלפון');
    expect(page.body).toContain(`בספרות ${clientPhone.slice(-2)}`);
    for (const secret of ['יוסי', 'דנה', '31234', '123456782', 'הברזל', '31,500', 'משרדים']) {
      expect(page.body, secret).not.toContain(secret);
    }
    expect(page.body).not.toContain('<script');
  });

  it('takes the client from the code through the order to the properties in full', async () => {
    const { token, id, headers, clientPhone } = await sentRequest();
    const phone = browser();
    await phone.get(`/e/${token}`);
    const sent = await phone.post(`/e/${token}/code`);
    expect(sent.statusCode).toBe(303);
    const codePage = await phone.get(`/e/${token}`);
    expect(codePage.body).toContain('autocomplete="one-time-code"');

    const wrong = await phone.post(`/e/${token}/verify`, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('הקוד שגוי');

    const code = lastCode(clientPhone);
    const right = await phone.post(`/e/${token}/verify`, { code });
    expect(right.statusCode, `${code} ${right.body.slice(-600)}`).toBe(303);
    const order = await phone.get(`/e/${token}`);
    expect(order.statusCode).toBe(200);
    for (const field of [
      'דנה לוי',
      '123456782',
      '31234',
      'הברזל 3, תל אביב',
      'שכירות',
      'משרדים',
      'אינו כולל מס ערך מוסף',
    ]) {
      expect(order.body, field).toContain(field);
    }
    expect(order.body).not.toContain('הברזל 30');

    const badId = await phone.post(`/e/${token}/sign`, {
      fullName: 'יוסי כהן',
      idNumber: '123456789',
      address: 'הרצל 1, חיפה',
      consent: 'yes',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('ספרת הביקורת');
    const noConsent = await phone.post(`/e/${token}/sign`, {
      fullName: 'יוסי כהן',
      idNumber: '000000018',
      address: 'הרצל 1, חיפה',
    });
    expect(noConsent.statusCode).toBe(400);

    const signed = await phone.post(`/e/${token}/sign`, {
      fullName: 'יוסי כהן',
      idNumber: '00018',
      address: 'הרצל 1, חיפה',
      consent: 'yes',
    });
    expect(signed.statusCode).toBe(303);
    const revealed = await phone.get(`/e/${token}`);
    expect(revealed.body).toContain('ההזמנה נחתמה');
    expect(revealed.body).toContain('הברזל 30');
    // The key facts, as the view page names, orders and formats them (the registry's keyFact).
    const factList = /<dl class="facts">([\s\S]*?)<\/dl>/.exec(revealed.body)?.[1] ?? '';
    const facts = [...factList.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map(
      ([, label, value]) => `${label}: ${value?.replace(/[\u200e\u200f]/g, '').replace(/\s/g, ' ')}`,
    );
    expect(facts).toEqual([
      'כתובת: הברזל 30, תל אביב-יפו',
      'סוג העסקה: להשכרה',
      'שטח כולל: 1,250 מ״ר',
      'דמי שכירות מבוקשים: 95 ₪ למ״ר לחודש',
      'קומה: 4',
    ]);

    const record = (
      await testApp.app.inject({ method: 'GET', url: `/api/exposure-requests/${id}`, headers })
    ).json().data;
    expect(record.status).toBe('signed');
    const content = JSON.parse(record.signedOrder.content);
    expect(content.client).toEqual({
      fullName: 'יוסי כהן',
      idNumber: '000000018',
      address: 'הרצל 1, חיפה',
      phone: clientPhone,
    });
    expect(record.signedOrder.sha256).toBe(
      createHash('sha256').update(record.signedOrder.content).digest('hex'),
    );
    expect(record.signedOrder.verifiedPhone).toBe(clientPhone);
    expect(revealed.body).toContain(record.signedOrder.sha256);
  });

  it('shows a forwarded link nothing and lets it neither sign nor decline', async () => {
    const { token, id, headers, clientPhone } = await sentRequest();
    await verifiedBrowser(token, clientPhone);
    const stranger = browser();
    const page = await stranger.get(`/e/${token}`);
    expect(page.body).not.toContain('דנה לוי');
    expect(page.body).not.toContain('123456782');
    await stranger.post(`/e/${token}/sign`, {
      fullName: 'מישהו אחר',
      idNumber: '000000018',
      address: 'אי שם',
      consent: 'yes',
    });
    await stranger.post(`/e/${token}/decline`);
    const record = (
      await testApp.app.inject({ method: 'GET', url: `/api/exposure-requests/${id}`, headers })
    ).json().data;
    expect(record.status).toBe('verified');
    expect(record.signedOrder).toBeNull();
  });

  it('escapes what the broker and the client typed', async () => {
    const { token, clientPhone } = await sentRequest({
      clientName: '<script>alert(1)</script>',
      exclusivity: {
        startsOn: '2026-12-01',
        endsOn: '2027-02-28',
        marketingActions: '<img src=x onerror=alert(2)>',
      },
    });
    const phone = await verifiedBrowser(token, clientPhone);
    const page = await phone.get(`/e/${token}`);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(page.body).toContain('01.12.2026');
    const again = await phone.post(`/e/${token}/sign`, {
      fullName: '"><svg onload=alert(3)>',
      idNumber: '1',
      address: '',
    });
    expect(again.body).not.toContain('<svg onload');
  });

  it('answers 404 for an unknown link and 410 for a revoked one, showing nothing', async () => {
    const unknown = await browser().get(`/e/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    const { token, id, headers } = await sentRequest();
    await testApp.app.inject({ method: 'POST', url: `/api/exposure-requests/${id}/revoke`, headers });
    const revoked = await browser().get(`/e/${token}`);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.body).toContain('הבקשה בוטלה');
    expect(revoked.body).not.toContain('יוסי');
  });

  it('keeps the sign-in code limits: a second code within 30 seconds is refused', async () => {
    const { token } = await sentRequest({ clientPhone: '+972547778899' });
    const phone = browser();
    await phone.get(`/e/${token}`);
    expect((await phone.post(`/e/${token}/code`)).statusCode).toBe(303);
    const tooSoon = await phone.post(`/e/${token}/code`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.body).toContain('בעוד כמה שניות');
  });

  /** A real PNG of a stroke, as the pad's canvas would send it. */
  const drawnPng = () =>
    sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 60" stroke="#1a1b1e" stroke-width="4" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer();
  const client = { fullName: 'יוסי כהן', idNumber: '000000018', address: 'הרצל 1, חיפה', consent: 'yes' };
  const statusOf = async (id: string, headers: Record<string, string>) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/exposure-requests/${id}`, headers })).json().data;

  it('offers an optional drawn signature whose one script the page allows by its hash', async () => {
    const { token, clientPhone } = await sentRequest();
    const phone = await verifiedBrowser(token, clientPhone);
    const page = await phone.get(`/e/${token}`);
    expect(page.body).toContain(
      '<fieldset class="pad" id="pad-box" hidden><legend>חתימה ביד (רשות)</legend>',
    );
    expect(page.body).toContain('השם המלא וסימון ההסכמה מספיקים');
    expect(page.body).toContain('aria-label="משטח לחתימה ביד"');
    expect(page.body).toContain('<input type="hidden" name="drawing"');
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(script).toContain("toDataURL('image/png')");
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src ')) ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("script-src-attr 'none'");
  });

  it('keeps a drawn signature beside the signed text and shows it on the signed order', async () => {
    const { token, id, headers, clientPhone } = await sentRequest();
    const phone = await verifiedBrowser(token, clientPhone);
    const png = await drawnPng();
    // Another field wrong: the accepted drawing comes back with the typed values, to be painted again.
    const badId = await phone.post(`/e/${token}/sign`, {
      ...client,
      idNumber: '123456789',
      drawing: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain(
      `name="drawing" id="drawing" value="data:image/png;base64,${png.toString('base64')}"`,
    );
    const signed = await phone.post(`/e/${token}/sign`, {
      ...client,
      drawing: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(signed.statusCode, signed.body.slice(0, 400)).toBe(303);
    const record = await statusOf(id, headers);
    expect(record.status).toBe('signed');
    // The order's fingerprint is still that of the order's text alone.
    expect(record.signedOrder.sha256).toBe(
      createHash('sha256').update(record.signedOrder.content).digest('hex'),
    );
    expect(record.signedOrder.content).not.toContain('image/png');
    const document = await phone.get(`/e/${token}/order`);
    expect(document.statusCode).toBe(200);
    expect(document.body).toContain(
      `<img class="drawing" src="data:image/png;base64,${png.toString('base64')}" alt="החתימה שצייר יוסי כהן">`,
    );
    expect(document.body).toContain(createHash('sha256').update(png).digest('hex'));
    expect(String(document.headers['content-security-policy'])).toMatch(/img-src [^;]*data:/);
    expect(document.body).not.toContain('role="alert"');

    // A drawing changed in storage after signing no longer matches its recorded fingerprint.
    const other = await sharp(png).negate({ alpha: false }).png().toBuffer();
    await testApp.db
      .update(signedOrders)
      .set({ drawingPng: other.toString('base64') })
      .where(eq(signedOrders.requestId, id));
    const tampered = await phone.get(`/e/${token}/order`);
    expect(tampered.body).toContain('טביעת האצבע של החתימה ביד, שחושבה מחדש מהקובץ השמור, אינה תואמת');
  });

  it('refuses a drawing too large or not a PNG on the page, keeping the typed values, signing nothing', async () => {
    const { token, id, headers, clientPhone } = await sentRequest();
    const phone = await verifiedBrowser(token, clientPhone);
    const png = await drawnPng();
    const oversized = Buffer.concat([png, Buffer.alloc(65 * 1024)]);
    const tooLarge = await phone.post(`/e/${token}/sign`, {
      ...client,
      drawing: `data:image/png;base64,${oversized.toString('base64')}`,
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.body).toContain('החתימה שצוירה גדולה מדי');
    expect(tooLarge.body).toContain('value="הרצל 1, חיפה"');
    expect(tooLarge.body).toContain('value="000000018"');
    expect(tooLarge.body).toContain('name="drawing" id="drawing" value=""');

    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');
    for (const drawing of [`data:image/png;base64,${gif}`, 'data:image/svg+xml,<svg/>', 'not a picture']) {
      const refused = await phone.post(`/e/${token}/sign?lang=en`, { ...client, drawing });
      expect(refused.statusCode, drawing).toBe(400);
      expect(refused.body).toContain('We could not read the drawn signature');
      expect(refused.body).toContain('value="יוסי כהן"');
    }
    const record = await statusOf(id, headers);
    expect(record.status).toBe('verified');
    expect(record.signedOrder).toBeNull();

    // Without a drawing the typed name and the consent sign, and the record shows no picture.
    const plain = await phone.post(`/e/${token}/sign`, { ...client, drawing: '' });
    expect(plain.statusCode).toBe(303);
    expect((await statusOf(id, headers)).status).toBe('signed');
    const document = await phone.get(`/e/${token}/order`);
    expect(document.body).toContain('רישום החתימה');
    expect(document.body).not.toContain('<img');
  });

  it('opens the page in English a click away', async () => {
    const { token } = await sentRequest();
    const page = await browser().get(`/e/${token}?lang=en`);
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('Confirm your phone number');
  });
});
