/**
 * Issue 23 in a real browser: the broker asks for exposure to two properties from one property's page
 * (the request dialog); the request reaches the client's phone as a link; the client confirms the
 * phone with a code, reads the order, signs, and sees both properties' exact addresses and the
 * document the broker shares; both keep the signed order (its printable page, printed to PDF on the
 * broker's side), whose text holds every detail the regulations require; the broker's
 * /exposure-requests then shows it signed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectOneOrTwoA4Pages, readPrintedPdf } from '../../support/printed-pdf';
import { draftOffice } from '../../support/sample-properties';
import { expectAccessible } from '../support/a11y';
import {
  callAsBroker,
  createProperty,
  outbox,
  SAMPLE_BROKER,
  type Tokens,
  waitForCode,
} from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, openSignedInBroker } from '../support/flows';
import { uniqueIsraeliPhone } from '../support/identities';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

/** A floor plan on the property, shared with clients on a share link (the share page's rule). */
async function shareFloorPlan(clientAddress: string, tokens: Tokens, propertyId: string) {
  const form = new FormData();
  const pdf =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  form.append('files.Floorplans[0].File', new Blob([pdf], { type: 'application/pdf' }), 'תוכנית קומה 3.pdf');
  form.append('files.Floorplans[0].FileType', 'document');
  const response = await fetch(new URL(`/api/property/${propertyId}/files`, baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.jwtToken}`, 'x-forwarded-for': clientAddress },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { files: { floorplans: { id: string }[] } } };
  await callAsBroker({ baseUrl, clientAddress }, tokens, 'POST', `/property/${propertyId}/share-links`, {
    documentFileIds: data.files.floorplans.map((file) => file.id),
  });
}

/**
 * Every detail the regulations require (domain/brokerage-order.ts), each found after the one before
 * it in the document's text: broker, client, deal, properties with prices, fee and VAT, then the
 * record of the signature.
 */
function expectOrderDetails(text: string, variant: Variant, clientPhone: string) {
  const he = variant.lang === 'he';
  const local = `0${clientPhone.slice(4, 6)}-${clientPhone.slice(6)}`;
  const parts = [
    `${SAMPLE_BROKER.firstName} ${SAMPLE_BROKER.lastName}`,
    '123456782',
    '31234',
    'מנחם בגין',
    '000000018',
    'הרצל',
    local,
    he ? 'שכירות' : 'Rent',
    'תל אביב-יפו',
    '31,500',
    'תל אביב-יפו',
    '18,000',
    '8.33%',
    he ? 'הסכום אינו כולל מס ערך מוסף' : 'does not include VAT',
    he ? 'רישום החתימה' : 'Record of the signature',
    'יוסי כהן',
    local,
  ];
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
  // The client's name is among the parties too, before the deal.
  expect(text.slice(0, text.indexOf(he ? 'שכירות' : 'Rent'))).toContain('יוסי כהן');
}

/** Chromium's print to PDF of the page: one or two A4 pages, read back by pdftotext. */
async function printedText(page: Page): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.fonts.ready);
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
  const printed = await readPrintedPdf(pdf);
  expectOneOrTwoA4Pages(printed);
  return printed.text;
}

describe.each(fullMatrix)('exposure request ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('the client verifies, signs and sees the property; the broker sees it signed', async () => {
    // The broker, on the variant's screen, asks from the first property's page and adds the second.
    const desk = await openSignedInBroker(browser, variant, { withProfile: true });
    const { api: client, tokens } = desk;
    const { clientAddress } = client;
    const property = await createProperty(client, tokens, draftOffice());
    await createProperty(client, tokens, draftOffice({ address: 'ויצמן 4' }));
    await shareFloorPlan(clientAddress, tokens, property.id);
    const clientPhone = uniqueIsraeliPhone();
    await desk.page.goto(`${baseUrl}/properties/${property.id}`);
    await desk.page.getByRole('button', { name: t.properties.exposureRequest.button }).click();
    const dialog = desk.page.getByRole('dialog');
    const request = t.exposure.request;
    await dialog.getByRole('textbox', { name: request.clientName }).fill('יוסי כהן');
    await dialog.getByRole('textbox', { name: request.clientPhone }).fill(`0${clientPhone.slice(4)}`);
    await dialog.getByRole('combobox', { name: request.properties }).click();
    await desk.page.getByRole('option', { name: 'ויצמן 4, תל אביב-יפו' }).click();
    await desk.page.keyboard.press('Escape');
    await dialog
      .getByRole('textbox', { name: fill(request.priceFor, { name: 'הברזל 30, תל אביב-יפו' }) })
      .fill('31500');
    await dialog
      .getByRole('textbox', { name: fill(request.priceFor, { name: 'ויצמן 4, תל אביב-יפו' }) })
      .fill('18000');
    await dialog.getByRole('textbox', { name: request.feePercentLabel }).fill('8.33');
    await checkLayout(desk.page, variant, 'exposure-dialog');
    await expectAccessible(desk.page, 'exposure-dialog');
    await screenshot(desk.page, variant, 'exposure', 'request-dialog');
    await dialog.getByRole('button', { name: request.send }).click();
    await desk.page.getByText(fill(request.sent, { name: 'יוסי כהן' })).waitFor();

    const [link] = await outbox(client, clientPhone);
    const url = /https?:\/\/\S+\/e\/[A-Za-z0-9_-]{43}/.exec(link?.message ?? '')?.[0] ?? '';
    expect(url).not.toBe('');
    const token = url.slice(url.lastIndexOf('/') + 1);

    // The client, on the variant's screen, with no session of the app at all.
    const phone = await browser.open(variant, { clientAddress });
    await phone.page.goto(`${baseUrl}/e/${token}?lang=${variant.lang}`);
    await phone.page
      .getByRole('button', { name: variant.lang === 'he' ? 'שליחת קוד' : 'Send a code' })
      .waitFor();
    await checkLayout(phone.page, variant, 'exposure-phone');
    await expectAccessible(phone.page, 'exposure-phone');
    await screenshot(phone.page, variant, 'exposure', 'client-phone');
    const sentAfter = new Date(Date.now() - 1000).toISOString();
    await phone.page
      .getByRole('button', { name: variant.lang === 'he' ? 'שליחת קוד' : 'Send a code' })
      .click();
    const code = await waitForCode(client, clientPhone, sentAfter);
    await phone.page
      .getByRole('textbox', { name: variant.lang === 'he' ? 'קוד אימות' : 'Verification code' })
      .fill(code);
    await phone.page
      .getByRole('button', { name: variant.lang === 'he' ? 'אימות' : 'Verify', exact: true })
      .click();

    await phone.page.getByText('31234').waitFor();
    await checkLayout(phone.page, variant, 'exposure-order');
    await expectAccessible(phone.page, 'exposure-order');
    await screenshot(phone.page, variant, 'exposure', 'client-order');
    const he = variant.lang === 'he';
    await phone.page.getByRole('textbox', { name: he ? 'מספר תעודת זהות' : 'ID number' }).fill('000000018');
    await phone.page
      .getByRole('textbox', { name: he ? 'כתובת מגורים' : 'Home address' })
      .fill('הרצל 1, חיפה');
    // The optional drawn signature: a stroke with the mouse, wiped, then drawn again.
    const pad = phone.page.getByRole('img', { name: he ? 'משטח לחתימה ביד' : 'Signature pad' });
    await pad.scrollIntoViewIfNeeded();
    const drawOn = async (points: [number, number][]) => {
      const box = await pad.boundingBox();
      if (!box) throw new Error('the signature pad has no box');
      const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
      await phone.page.mouse.move(...at(points[0] ?? [0, 0]));
      await phone.page.mouse.down();
      for (const point of points.slice(1)) await phone.page.mouse.move(...at(point), { steps: 4 });
      await phone.page.mouse.up();
    };
    const inked = () =>
      pad.evaluate((canvas: HTMLCanvasElement) =>
        canvas
          .getContext('2d')
          ?.getImageData(0, 0, canvas.width, canvas.height)
          .data.some((value, index) => index % 4 === 3 && value > 0),
      );
    await drawOn([
      [0.1, 0.5],
      [0.5, 0.2],
    ]);
    expect(await inked()).toBe(true);
    await phone.page.getByRole('button', { name: he ? 'ניקוי החתימה' : 'Clear the signature' }).click();
    expect(await inked()).toBe(false);
    await drawOn([
      [0.08, 0.7],
      [0.25, 0.25],
      [0.4, 0.75],
      [0.6, 0.3],
      [0.9, 0.55],
    ]);
    expect(await inked()).toBe(true);
    await checkLayout(phone.page, variant, 'exposure-signature-pad');
    await expectAccessible(phone.page, 'exposure-signature-pad');
    await screenshot(phone.page, variant, 'exposure', 'client-signature-pad');
    // A mistyped ID number: the page answers with its error, the drawing painted back on the pad.
    const idNumber = phone.page.getByRole('textbox', { name: he ? 'מספר תעודת זהות' : 'ID number' });
    await idNumber.fill('123456789');
    await phone.page.getByRole('checkbox').check();
    await phone.page.getByRole('button', { name: he ? 'חתימה על ההזמנה' : 'Sign the order' }).click();
    await phone.page.getByText(he ? 'מספר הזהות אינו תקין' : 'This ID number is not valid').waitFor();
    await expect.poll(inked).toBe(true);
    await idNumber.fill('000000018');
    await phone.page.getByRole('checkbox').check();
    await phone.page.getByRole('button', { name: he ? 'חתימה על ההזמנה' : 'Sign the order' }).click();
    await phone.page.getByText('הברזל 30').first().waitFor();
    await phone.page.getByText('ויצמן 4').first().waitFor();
    await checkLayout(phone.page, variant, 'exposure-signed');
    await expectAccessible(phone.page, 'exposure-signed');
    await screenshot(phone.page, variant, 'exposure', 'client-signed');

    // The document the broker shares on the first property, offered now that the order is signed.
    const shared = phone.page.getByRole('link', { name: 'תוכנית קומה 3.pdf' });
    await shared.scrollIntoViewIfNeeded();
    await screenshot(phone.page, variant, 'exposure', 'client-documents');
    const [file] = await Promise.all([phone.page.waitForEvent('download'), shared.click()]);
    expect(file.suggestedFilename()).toBe('תוכנית קומה 3.pdf');

    // The client keeps the signed order: its page, in the language they read.
    await phone.page
      .getByRole('link', { name: he ? 'פתיחת ההזמנה החתומה' : 'Open the signed order' })
      .click();
    await phone.page.waitForURL(`${baseUrl}/e/${token}/order?lang=${variant.lang}`);
    expectOrderDetails(await phone.page.locator('body').innerText(), variant, clientPhone);
    const drawing = phone.page.getByRole('img', {
      name: he ? 'החתימה שצייר יוסי כהן' : 'The signature drawn by יוסי כהן',
    });
    await expect.poll(() => drawing.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(600);
    await checkLayout(phone.page, variant, 'exposure-client-document');
    await expectAccessible(phone.page, 'exposure-client-document');
    await screenshot(phone.page, variant, 'exposure', 'client-document');
    expect(phone.errors).toEqual([]);

    // The broker's overview card counts the request and marks the signature new, until the list is seen.
    await desk.page.goto(`${baseUrl}/properties`);
    const card = desk.page.getByRole('link', {
      name: `${t.properties.overview.cards.exposureRequests}: 1, ${fill(t.properties.overview.newSigned_one, { count: 1 })}`,
    });
    await card.waitFor();
    await screenshot(desk.page, variant, 'exposure', 'overview-card');
    await card.click();

    // The broker's list.
    await desk.page.waitForURL(`${baseUrl}/exposure-requests`);
    await desk.page.getByText('יוסי כהן').waitFor();
    await desk.page
      .getByRole('listitem')
      .filter({ hasText: 'יוסי כהן' })
      .getByText(t.exposure.status.signed, { exact: true })
      .waitFor();
    await checkLayout(desk.page, variant, 'exposure-requests');
    await expectAccessible(desk.page, 'exposure-requests');
    await screenshot(desk.page, variant, 'exposure', 'list');

    // The broker keeps the signed order: a new tab at the address the API signed, printed to PDF.
    const [tab] = await Promise.all([
      desk.context.waitForEvent('page'),
      desk.page
        .getByRole('listitem')
        .filter({ hasText: 'יוסי כהן' })
        .getByRole('button', { name: t.exposure.signedOrder.open })
        .click(),
    ]);
    await tab.waitForURL(/\/signed-orders\/[0-9a-f-]{36}\?v=1&until=\d+&sig=[\w-]{43}&lang=(he|en)$/);
    await tab.getByRole('heading', { level: 1 }).waitFor();
    expectOrderDetails(await tab.locator('body').innerText(), variant, clientPhone);
    await checkLayout(tab, variant, 'exposure-order-document');
    await expectAccessible(tab, 'exposure-order-document');
    await screenshot(tab, variant, 'exposure', 'order-document', { fullPage: true });
    // Printed in Hebrew: pdftotext reads Hebrew inside an English page in visual order, so the
    // English copy is held by its page text above.
    if (he) expectOrderDetails(await printedText(tab), variant, clientPhone);
    await tab.close();

    // The broker's profile, which the user card opens: complete, since the order was sent.
    await desk.page.goto(`${baseUrl}/profile`);
    await desk.page.getByText(t.exposure.profile.complete).waitFor();
    await checkLayout(desk.page, variant, 'profile');
    await expectAccessible(desk.page, 'profile');
    await screenshot(desk.page, variant, 'exposure', 'profile');
    expect(desk.errors).toEqual([]);
  });
});
