import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectOneOrTwoA4Pages, readPrintedPdf } from '../../support/printed-pdf';
import { publishedOffice } from '../../support/sample-properties';
import { expectAccessible } from '../support/a11y';
import { type ApiClient, createProperty, registerBroker, type Tokens } from '../support/api';
import { browserForFile } from '../support/browser';
import { expectNoHorizontalOverflow, openSignedInBroker, restoreSession } from '../support/flows';
import { uniqueAddress, uniqueIsraeliPhone } from '../support/identities';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot, screenshotsEnabled } from '../support/screenshots';
import { tr } from '../support/text';
import { enDesktop, enMobile, heDesktop, heMobile, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();
const he = tr('he').share;
const heList = tr('he').properties.share;

/** A photo with something to see: sky, a building block and a street (flat colours). */
async function photo(width: number, height: number, building: string): Promise<Buffer> {
  const block = await sharp({
    create: {
      width: Math.round(width / 3),
      height: Math.round(height * 0.6),
      channels: 3,
      background: building,
    },
  })
    .png()
    .toBuffer();
  const street = await sharp({
    create: { width, height: Math.round(height / 6), channels: 3, background: '#5b5f66' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#9cc3e6' } })
    .composite([
      { input: block, top: Math.round(height * 0.24), left: Math.round(width / 3) },
      { input: street, top: height - Math.round(height / 6), left: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What the broker wrote under the photos (the second has no caption: its alt text falls back). */
// The first names the street: a link that hides the address leaves it out (and the dialog says so).
const CAPTIONS = ['חזית המגדל והכניסה מרוטשילד 22', null, 'Open space, 12th floor'];

/** A published office with three 2400 px photos and a floor plan, uploaded as the wizard does. */
async function sharedOffice(api: ApiClient, tokens: Tokens) {
  const { id } = await createProperty(
    api,
    tokens,
    publishedOffice({
      address: 'רוטשילד 22',
      askingRentPerSqm: 95,
      publicTransport: ['lightRail', 'trainStation'],
      onsiteAmenities: ['cafeteria', 'gym'],
      // The listing facts and the broker's words (issue 21): the brochure still fits two pages.
      dealType: 'rent',
      managementFeePerSqm: 18,
      arnonaPerSqm: 14,
      entryDate: '2027-03-01',
      floor: 12,
      parkingSpaces: 6,
      condition: 'finished',
      airConditioning: 'vrf',
      description:
        'קומה 12 שלמה במגדל משרדים מהשורה הראשונה, במרחק הליכה מהרכבת הקלה ומהשדרה. ' +
        'חלל פתוח עם תקרה גבוהה ונוף פתוח לים, חדרי ישיבות וחדר הנהלה, מטבחון מאובזר ושני גרעיני שירותים.\n' +
        'הקומה מסופקת גמורה וממוזגת, עם חיווט תקשורת מלא; אפשר להיכנס בתוך שלושה חודשים מחתימת החוזה.\n' +
        'לובי מאויש 24/7, חניון תת-קרקעי וחניות צמודות, חדר כושר וקפיטריה בבניין.',
    }),
  );
  const form = new FormData();
  const colours = ['#c9a66b', '#8a9bb0', '#b07b6a'];
  for (const [index, colour] of colours.entries()) {
    const bytes = await photo(2400, 1600, colour);
    form.append(
      `files.PropertyImages[${index}].File`,
      new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
      `photo-${index}.jpg`,
    );
    const caption = CAPTIONS[index];
    if (caption) form.append(`files.PropertyImages[${index}].Caption`, caption);
  }
  const pdf =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  form.append('files.Floorplans[0].File', new Blob([pdf], { type: 'application/pdf' }), 'תוכנית קומה 12.pdf');
  form.append('files.Floorplans[0].FileType', 'document');
  const response = await fetch(`${baseUrl}/api/property/${id}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.jwtToken}`, 'x-forwarded-for': api.clientAddress },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return id;
}

/** The broker's side: the property page, "שיתוף", a link for a client; answers its address. */
async function shareFromPropertyPage(page: Page, propertyId: string, label: string): Promise<string> {
  await page.goto(`${baseUrl}/properties/${propertyId}`);
  await page.getByRole('button', { name: heList.button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: he.newLink }).waitFor();
  await dialog.getByLabel(he.label).fill(label);
  await dialog.getByRole('checkbox', { name: 'תוכנית קומה 12.pdf' }).check();
  // The link hides the address (the default): the dialog names what the page leaves out for it.
  const notice = dialog.getByRole('status', { name: he.streetNotice.title });
  await expect(notice.textContent()).resolves.toContain(he.streetNotice.captions_one);
  await dialog.getByRole('button', { name: he.create }).click();
  const card = dialog.getByTestId('share-link').filter({ hasText: label });
  await card.waitFor();
  return card.getByLabel(he.url).inputValue();
}

async function scriptBytes(page: Page): Promise<number> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
}

/** The cover is a resized copy that actually arrived, and the page fits a phone. */
async function expectPageShown(page: Page, variant: Variant) {
  const cover = page.locator('.hero img');
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const source = await cover.evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(source).toMatch(/\/photos\/[\w-]{12}-(640|1024|1600)\.(webp|jpg)$/);
  await expectNoHorizontalOverflow(page, `share page ${variant.name}`);
}

describe('sharing a listing with a client', () => {
  it('shares (he, 1280) → opens on a 390 px phone without and with JavaScript → preview tags → one device seen → revoke → 410', async () => {
    const broker = await openSignedInBroker(browser, heDesktop);
    const propertyId = await sharedOffice(broker.api, broker.tokens);
    const url = await shareFromPropertyPage(broker.page, propertyId, 'משה לוי');
    expect(url).toMatch(new RegExp(`^${baseUrl}/p/[A-Za-z0-9_-]{43}$`));
    await expectAccessible(broker.page, 'share dialog');
    await screenshot(broker.page, heDesktop, 'share', 'dialog');

    // The client's phone, first with JavaScript off: everything is in the HTML.
    const phone = uniqueAddress();
    const noScript = await browser.browser.newContext({
      viewport: heMobile.viewport,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': phone },
    });
    const bare = await noScript.newPage();
    const response = await bare.goto(url);
    expect(response?.status()).toBe(200);
    await bare.getByRole('heading', { level: 1, name: 'משרדים בתל אביב-יפו' }).waitFor();
    await expectPageShown(bare, heMobile);
    await expect(bare.getByText('רוטשילד').count()).resolves.toBe(0);
    await expect(bare.getByRole('link', { name: 'תוכנית קומה 12.pdf' }).count()).resolves.toBe(1);
    const meta = (selector: string) => bare.locator(selector).getAttribute('content');
    const ogImage = (await meta('meta[property="og:image"]')) ?? '';
    expect(ogImage).toMatch(new RegExp(`^${baseUrl}/p/[\\w-]{43}/photos/[\\w-]{12}-1024\\.jpg$`));
    await expect(meta('meta[property="og:title"]')).resolves.toBe('משרדים בתל אביב-יפו');
    await expect(meta('meta[name="twitter:card"]')).resolves.toBe('summary_large_image');
    await expect(meta('meta[name="robots"]')).resolves.toBe('noindex, nofollow');
    const preview = await fetch(ogImage, { headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' } });
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    await noScript.close();

    // Then with JavaScript on: the same page, and not a byte of script.
    const withScript = await browser.browser.newContext({
      viewport: heMobile.viewport,
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { 'x-forwarded-for': phone },
    });
    const full = await withScript.newPage();
    await full.goto(url);
    await full.getByRole('heading', { level: 1, name: 'משרדים בתל אביב-יפו' }).waitFor();
    await expectPageShown(full, heMobile);
    await expect(scriptBytes(full)).resolves.toBe(0);
    await expectAccessible(full, 'share page');
    await withScript.close();

    // The broker sees the opens: twice, from one device.
    await broker.page.getByRole('button', { name: he.close }).click();
    await broker.page.getByRole('button', { name: heList.button, exact: true }).click();
    const card = broker.page.getByRole('dialog').getByTestId('share-link').filter({ hasText: 'משה לוי' });
    await expect.poll(() => card.getByTestId('share-opens').textContent()).toMatch(/^נפתח פעמיים במכשיר אחד/);

    await card.getByRole('button', { name: `ביטול הקישור משה לוי` }).click();
    await card.getByText(he.status.revoked).waitFor();
    const gone = await fetch(url);
    expect(gone.status).toBe(410);
    const goneText = await gone.text();
    expect(goneText).toContain('הקישור אינו פעיל עוד');
    expect(goneText).not.toContain('תל אביב');
    expect(broker.errors).toEqual([]);
  });

  it('looks right in Hebrew and English at 390 and 1280, and prints as an A4 brochure', async () => {
    const api: ApiClient = { baseUrl, clientAddress: uniqueAddress() };
    const tokens = await registerBroker(api, uniqueIsraeliPhone());
    const propertyId = await sharedOffice(api, tokens);
    const response = await fetch(`${baseUrl}/api/property/${propertyId}/share-links`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.jwtToken}`,
        'content-type': 'application/json',
        'x-forwarded-for': api.clientAddress,
      },
      body: JSON.stringify({ showExactAddress: true }),
    });
    const { url } = (await response.json()).data as { url: string };

    for (const variant of [heMobile, heDesktop, enMobile, enDesktop]) {
      const context = await browser.browser.newContext({
        viewport: variant.viewport,
        isMobile: variant.mobile,
        extraHTTPHeaders: { 'x-forwarded-for': uniqueAddress() },
      });
      const page = await context.newPage();
      await page.goto(`${url}?lang=${variant.lang}`);
      await expectPageShown(page, variant);
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe(
        variant.lang === 'he' ? 'rtl' : 'ltr',
      );
      await screenshot(page, variant, 'share', 'page');
      if (variant === heDesktop) await printBrochure(page);
      await context.close();
    }

    // The broker's own page of the same property, where sharing starts: the same four looks.
    for (const variant of [heMobile, heDesktop, enMobile, enDesktop]) {
      const broker = await browser.open(variant, { clientAddress: api.clientAddress });
      await restoreSession(broker.context, tokens);
      await broker.page.goto(`${baseUrl}/properties/${propertyId}`);
      await broker.page.getByRole('heading', { level: 2, name: 'רוטשילד 22' }).waitFor();
      await broker.page.getByRole('button', { name: tr(variant.lang).properties.share.button }).waitFor();
      await expectNoHorizontalOverflow(broker.page, `property page ${variant.name}`);
      await expectAccessible(broker.page, `property page ${variant.name}`);
      await screenshot(broker.page, variant, 'property', 'view');

      // The gallery's viewer: the cover full screen, then the next photo by the keyboard.
      const view = tr(variant.lang).listing.gallery;
      await broker.page
        .getByRole('button', { name: new RegExp(`^${view.open.split('{{')[0]}`) })
        .first()
        .click();
      const viewer = broker.page.getByRole('dialog');
      await viewer.getByRole('img', { name: 'חזית המגדל והכניסה מרוטשילד 22' }).waitFor();
      await broker.page.keyboard.press(variant.lang === 'he' ? 'ArrowLeft' : 'ArrowRight');
      await broker.page.keyboard.press(variant.lang === 'he' ? 'ArrowLeft' : 'ArrowRight');
      await viewer.getByRole('img', { name: 'Open space, 12th floor' }).waitFor();
      await expectAccessible(broker.page, `photo viewer ${variant.name}`);
      await screenshot(broker.page, variant, 'property', 'viewer');
      await broker.page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      expect(broker.errors).toEqual([]);
    }
  });
});

/**
 * Chromium's print to PDF: one or two A4 pages, the cover photo among its images, and the Hebrew
 * title read back in logical order (pdftotext reorders right-to-left runs).
 */
async function printBrochure(page: Page) {
  await page.emulateMedia({ media: 'print' });
  try {
    await page.evaluate(() => document.fonts.ready);
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    const printed = await readPrintedPdf(pdf, {
      layout: true,
      ...(screenshotsEnabled ? { firstPagePng: join('docs/screenshots/e2e', 'share-brochure-he-a4') } : {}),
    });
    expectOneOrTwoA4Pages(printed);
    // The cover: a resized copy (never the 2400 px original), large on the first page.
    expect(Math.max(...printed.imageWidths)).toBeGreaterThanOrEqual(640);
    expect(Math.max(...printed.imageWidths)).toBeLessThan(2400);
    expect(printed.text).toContain('משרדים בתל אביב-יפו');
    expect(printed.text).toContain('מגדל משרדים');
    expect(printed.text).toContain('פרטים עיקריים');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}
