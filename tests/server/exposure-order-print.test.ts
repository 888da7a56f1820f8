/**
 * Issue 23: the signed order prints. Debian's Chromium prints the page the broker and the client open
 * to PDF, as a browser's "Save as PDF" does; pdftotext reads it back: one or two A4 pages holding
 * every detail the regulations require, in the order's Hebrew reading order.
 */
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { expectOneOrTwoA4Pages, readPrintedPdf } from '../support/printed-pdf';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { brokerWithProfile, clientBrowser, RecordingSms, sentExposureRequest } from './helpers/exposure';

async function pdfText(browser: Browser, html: string) {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    return await readPrintedPdf(
      await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }),
    );
  } finally {
    await page.close();
  }
}

function expectInOrder(text: string, parts: string[]) {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

describe('the signed order printed to PDF', () => {
  let testApp: TestApp;
  let browser: Browser;
  const sms = new RecordingSms();
  beforeAll(async () => {
    testApp = await buildTestApp({ sms });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_FLAGS],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('is one or two A4 pages with every required detail, in order', async () => {
    const { headers } = await brokerWithProfile(testApp);
    const request = await sentExposureRequest(testApp, sms, headers, '+972541115510', {
      exclusivity: {
        startsOn: '2025-03-01',
        endsOn: '2025-08-31',
        marketingActions: 'שלט על הבניין, פרסום באתרי נדל"ן ופנייה למשרדי תיווך',
      },
    });
    await clientBrowser(testApp, sms).sign(request);
    const link = await testApp.app.inject({
      method: 'POST',
      url: `/api/exposure-requests/${request.id}/order-document`,
      headers,
    });
    const url = new URL(link.json().data.url);
    const html = (await testApp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).body;

    const printed = await pdfText(browser, html);
    expectOneOrTwoA4Pages(printed);
    const stored = (
      await testApp.app.inject({ method: 'GET', url: `/api/exposure-requests/${request.id}`, headers })
    ).json().data.signedOrder;
    // The regulations' list (domain/brokerage-order.ts), in the order the page reads, each found
    // after the one before it. Digits inside Hebrew lines come back reordered, so an address is
    // looked for by its words.
    expectInOrder(printed.text, [
      'הזמנת שירותי תיווך במקרקעין',
      'הצדדים',
      'המתווך', // (1) the broker: name, ID, licence, address
      'דנה לוי',
      '123456782',
      '31234',
      'הברזל',
      'תל אביב',
      '000000018', // (1) the client: ID, address, verified phone (the name is checked below)
      'הרצל',
      'חיפה',
      '054-1115510',
      'סוג העסקה', // (2) the kind of deal
      'שכירות',
      'הנכסים נושא ההזמנה', // (3) the property's description and (4) its approximate price
      'משרדים',
      'תל אביב-יפו',
      'מחיר משוער',
      '31,500',
      'דמי התיווך', // (5) the fee and whether it includes VAT
      '8.33%',
      'הסכום אינו כולל מס ערך מוסף',
      'בלעדיות', // an exclusive order: its period and the marketing actions
      '01.03.2025',
      '31.08.2025',
      'פעולות השיווק',
      'שלט על הבניין',
      'תנאים',
      'רישום החתימה', // the record of the signature
      'שם מלא כפי שהוקלד כחתימה',
      'יוסי כהן',
      'מועד החתימה',
      'הסכמה',
      'הטלפון שאומת בקוד חד-פעמי',
      '054-1115510',
      stored.sha256,
      'טביעת האצבע חושבה מחדש מהנוסח השמור ותואמת.',
    ]);
    // The client's name is in the parties too, not only in the record.
    const parties = printed.text.slice(printed.text.indexOf('הצדדים'), printed.text.indexOf('סוג העסקה'));
    expect(parties).toContain('הלקוח');
    expect(parties).toContain('יוסי כהן');
  });
});
