/**
 * Issue 21's "Done when": a broker lists an industry property with every listing fact through the
 * wizard and publishes it, reads it on its view page, finds it in the list sorted by area and
 * filtered by a price range (the address keeps the choice), and exports that list to CSV and .xlsx,
 * both read back here as a spreadsheet would read them.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createProperty, listPropertyIds, type PropertyInput } from '../support/api';
import { browserForFile } from '../support/browser';
import {
  checkLayout,
  openSignedInBroker,
  type Texts,
  waitForHydratedList,
  waitForPath,
} from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fieldLabels, fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import {
  fillEnvironment,
  fillGeneralInfo,
  listedCompletions,
  next,
  startProperty,
  stepHeading,
} from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

/**
 * The export's columns today, in the language of the screen it was asked from. The deal type and
 * the new facts follow, each under its field's label (with its unit in brackets when it has one).
 */
const EXPORT_HEADERS = {
  he: [
    'כתובת',
    'עיר',
    'סוג הנכס',
    'שטח כולל (מ״ר)',
    'שטח לשיווק (מ״ר)',
    'דמי שכירות מבוקשים (₪ למ״ר לחודש)',
    'מחיר מבוקש (₪)',
    'סטטוס',
    'שלמות הנתונים',
    'עדכון אחרון',
  ],
  en: [
    'Address',
    'City',
    'Property type',
    'Total area (m²)',
    'Marketed area (m²)',
    'Asking rent (₪ per m² per month)',
    'Asking price (₪)',
    'Status',
    'Data completion',
    'Last update',
  ],
} as const;

/** The industry property's new facts as both exports carry them: CSV text, and the .xlsx cell. */
const EXPORTED_FACTS = [
  { field: 'managementFeePerSqm', csv: '4', xlsx: 4 },
  { field: 'arnonaPerSqm', csv: '9.5', xlsx: 9.5 },
  { field: 'minDivisibleArea', csv: '1000', xlsx: 1000 },
  { field: 'parkingSpaces', csv: '24', xlsx: 24 },
  { field: 'clearHeight', csv: '9.5', xlsx: 9.5 },
  { field: 'loadingDocks', csv: '4', xlsx: 4 },
  { field: 'floorLoad', csv: '5', xlsx: 5 },
  { field: 'electricalCapacity', csv: '630', xlsx: 630 },
] as const;

/** What the broker types for the industry property. */
const INDUSTRY = {
  he: { city: 'קיסריה', address: 'הברזל 14' },
  en: { city: 'Caesarea', address: '14 HaBarzel St' },
  totalArea: 4200,
  marketingArea: 4000,
  rent: 48,
  salePrice: 52_000_000,
  tourLink: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
} as const;

/** Three more of the broker's properties: two inside the price range, one below and one above. */
function otherProperties(city: string): (PropertyInput & { address: string; totalArea: number })[] {
  const published = (address: string, totalArea: number, salePrice: number) => ({
    status: 'published' as const,
    wizardStep: 6,
    propertyKind: 'logistics' as const,
    usageCategories: ['dryStorage' as const],
    city,
    address,
    propertyCategory: 'logisticsPark' as const,
    buildingClass: 'classB' as const,
    floorsInBuilding: 1,
    accessibleForDisabled: true,
    hasParking: false,
    truckAccess: ['semiTrailer' as const],
    passengerElevator: false,
    freightElevator: false,
    nearbyParking: ['publicParking' as const],
    publicTransport: ['trainStation' as const],
    totalArea,
    marketingArea: totalArea,
    dealType: 'sale' as const,
    salePrice,
  });
  return [
    published('האורגים 3', 2500, 20_000_000),
    published('המלאכה 9', 6000, 45_000_000),
    published('התעשייה 1', 800, 6_000_000),
    published('הנמל 40', 9000, 95_000_000),
  ];
}

/** The price range the list is filtered to: the industry property and the two logistics inside. */
const PRICE_RANGE = { min: '10,000,000', max: '60,000,000' };

/** A photo a phone camera could have taken: big enough for the gallery to show as a listing does. */
async function samplePhoto(): Promise<Buffer> {
  const stripes = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#9aa9b8"/><rect y="520" width="1200" height="280" fill="#5d6b78"/><rect x="140" y="220" width="920" height="300" fill="#d7dde2"/><rect x="200" y="330" width="160" height="190" fill="#39434d"/><rect x="420" y="330" width="160" height="190" fill="#39434d"/><rect x="640" y="330" width="160" height="190" fill="#39434d"/></svg>',
  );
  return sharp(stripes).jpeg({ quality: 70 }).toBuffer();
}

async function pick(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function answer(page: Page, t: Texts, field: string, yes: boolean): Promise<void> {
  await page
    .getByRole('radiogroup', { name: field })
    .getByRole('radio', { name: yes ? t.options.yesNo.yes : t.options.yesNo.no, exact: true })
    .check();
}

/** The 15th of next month, picked on the calendar: the date as YYYY-MM-DD. */
async function pickEntryDate(page: Page, t: Texts): Promise<string> {
  await page.getByRole('button', { name: t.fields.entryDate.label }).click();
  const calendar = page.locator('[data-dates-dropdown], .mantine-Popover-dropdown').last();
  await calendar.locator('button[data-direction="next"]').click();
  await calendar.locator('button:not([data-outside])').filter({ hasText: /^15$/ }).first().click();
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
  return month.toISOString().slice(0, 10);
}

/** The view page's facts: each label with the value beside it, direction marks left out. */
async function shownFacts(page: Page): Promise<Record<string, string>> {
  const facts = await page.evaluate(() => {
    const pairs: [string, string][] = [];
    for (const label of document.querySelectorAll('dt')) {
      const value = label.nextElementSibling;
      if (value?.tagName === 'DD') pairs.push([label.textContent ?? '', value.textContent ?? '']);
    }
    return pairs;
  });
  const plain = (text: string) =>
    text
      .replace(/[\u200e\u200f]/g, '')
      .replace(/\u00a0/g, ' ')
      .trim();
  return Object.fromEntries(facts.map(([label, value]) => [plain(label), plain(value)]));
}

/** Each new fact as a broker reads it on the view page, in the screen's language. */
function expectedFacts(t: Texts, variant: Variant, entryDate: string): Record<string, string> {
  const f = fieldLabels(t);
  const o = t.fields;
  const u = { ...t.properties.view.units, groundFloor: t.properties.view.groundFloor };
  const he = variant.lang === 'he';
  const money = (amount: string) => (he ? `${amount} ₪` : `₪${amount}`);
  const date = new Intl.DateTimeFormat(he ? 'he-IL' : 'en-IL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${entryDate}T00:00:00Z`));
  return {
    [f.dealType]: o.dealType.options.rentOrSale,
    [f.askingRentPerSqm]: `${money('48')} ${u.shekelPerSqmMonth}`,
    [f.salePrice]: money('52,000,000'),
    [f.managementFeePerSqm]: `${money('4')} ${u.shekelPerSqmMonth}`,
    [f.arnonaPerSqm]: `${money('9.50')} ${u.shekelPerSqmMonth}`,
    [f.entryDate]: date,
    [f.divisible]: t.options.yesNo.yes,
    [f.minDivisibleArea]: he ? '1,000 מ״ר' : '1,000 m²',
    [f.floor]: u.groundFloor,
    [f.parkingSpaces]: '24',
    [f.condition]: o.condition.options.finished,
    [f.airConditioning]: o.airConditioning.options.split,
    [f.clearHeight]: `9.5 ${u.meter}`,
    [f.loadingDocks]: '4',
    [f.floorLoad]: `5 ${u.tonPerSqm}`,
    [f.electricalCapacity]: `630 ${u.ampere}`,
  };
}

/** A CSV file as Excel reads it: the BOM, then quoted or bare fields separated by commas. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), 'the CSV starts with a UTF-8 BOM').toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 1; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function download(page: Page, label: string): Promise<{ name: string; path: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label, exact: true }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), path };
}

describe.each(fullMatrix)('a listing as a tool ($name)', (variant: Variant) => {
  const t = tr(variant.lang);
  const f = fieldLabels(t);
  const place = INDUSTRY[variant.lang];

  it('lists an industry property with every fact, finds it sorted and filtered, exports it', async () => {
    const { page, errors, api, tokens } = await openSignedInBroker(browser, variant);

    // The wizard: step 2's place, areas, unit and deal terms; step 3's building and specs.
    await startProperty(page, t, baseUrl, 'industry');
    await fillGeneralInfo(page, t, {
      kind: 'industry',
      city: place.city,
      address: place.address,
      category: 'industrialPark',
      usage: ['lightIndustry'],
      totalArea: String(INDUSTRY.totalArea),
      marketingArea: String(INDUSTRY.marketingArea),
    });
    await answer(page, t, f.divisible, true);
    await page.getByRole('textbox', { name: f.minDivisibleArea, exact: true }).fill('1000');
    await pick(page, f.dealType, t.fields.dealType.options.rentOrSale);
    await page.getByRole('textbox', { name: f.askingRentPerSqm, exact: true }).fill(String(INDUSTRY.rent));
    await page.getByRole('textbox', { name: f.salePrice, exact: true }).fill(String(INDUSTRY.salePrice));
    await page.getByRole('textbox', { name: f.managementFeePerSqm, exact: true }).fill('4');
    await page.getByRole('textbox', { name: f.arnonaPerSqm, exact: true }).fill('9.5');
    const entryDate = await pickEntryDate(page, t);
    await page
      .getByRole('textbox', { name: f.description, exact: true })
      .fill('אולם ייצור גבוה עם חצר פריקה פרטית.\nמשרדים בגלריה, עגורן גשר 10 טון.');
    await page.getByRole('textbox', { name: f.tourLink, exact: true }).fill(INDUSTRY.tourLink);
    await page.getByRole('heading', { name: t.wizard.listingFacts.dealTerms }).scrollIntoViewIfNeeded();
    await checkLayout(page, variant, 'deal terms filled');
    await screenshot(page, variant, 'listing-tool', 'wizard-deal-terms');
    await next(page, t);

    await stepHeading(page, t.wizard.steps.buildingDetails.title).waitFor();
    await page.getByRole('textbox', { name: f.floorsInBuilding, exact: true }).fill('2');
    await page.getByRole('textbox', { name: f.floor, exact: true }).fill('0');
    await answer(page, t, f.accessibleForDisabled, true);
    await answer(page, t, f.passengerElevator, false);
    await answer(page, t, f.freightElevator, true);
    await answer(page, t, f.hasParking, true);
    await page.getByRole('textbox', { name: f.parkingMonthlyCost, exact: true }).fill('350');
    await page.getByRole('textbox', { name: f.parkingSpaces, exact: true }).fill('24');
    const trucks = page.getByRole('group', { name: f.truckAccess });
    await trucks.getByText(t.fields.truckAccess.options.semiTrailer, { exact: true }).click();
    await page
      .getByRole('group', { name: f.nearbyParking })
      .getByText(t.fields.nearbyParking.options.publicParking, { exact: true })
      .click();
    await pick(page, f.condition, t.fields.condition.options.finished);
    await pick(page, f.airConditioning, t.fields.airConditioning.options.split);
    await page.getByRole('textbox', { name: f.clearHeight, exact: true }).fill('9.5');
    await page.getByRole('textbox', { name: f.loadingDocks, exact: true }).fill('4');
    await page.getByRole('textbox', { name: f.floorLoad, exact: true }).fill('5');
    await page.getByRole('textbox', { name: f.electricalCapacity, exact: true }).fill('630');
    await page.getByRole('heading', { name: t.wizard.listingFacts.warehouse }).scrollIntoViewIfNeeded();
    await checkLayout(page, variant, 'industry specs filled');
    await screenshot(page, variant, 'listing-tool', 'wizard-industry-specs');
    await next(page, t);

    await stepHeading(page, t.wizard.steps.environmentTransport.title).waitFor();
    await fillEnvironment(page, t);
    await next(page, t);
    await stepHeading(page, t.wizard.steps.mediaDocuments.title).waitFor();
    const photos = page.getByRole('region', { name: t.options.mediaGroup.propertyImages });
    await photos
      .locator('input[type=file]')
      .setInputFiles({ name: 'hall.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto() });
    await photos.getByText('hall.jpg').waitFor();
    await next(page, t);
    await stepHeading(page, t.wizard.steps.review.title).waitFor();
    await page.getByRole('button', { name: t.wizard.actions.publish, exact: true }).click();
    await waitForPath(page, '/properties', 60_000);

    // The view page: every fact as the broker entered it, the photo first, the tour on request.
    const [industryId] = await listPropertyIds(api, tokens);
    await page.goto(`${baseUrl}/properties/${industryId}`);
    await page.getByRole('heading', { level: 3, name: t.properties.view.sections.dealTerms }).waitFor();
    await page.locator('img[src]').first().waitFor();
    const facts = await shownFacts(page);
    const expected = expectedFacts(t, variant, entryDate);
    expect(Object.fromEntries(Object.keys(expected).map((label) => [label, facts[label]]))).toEqual(expected);
    // The tour waits for a click (listing-facts.e2e.ts plays it): a poster naming its host.
    await page
      .getByRole('button', { name: fill(t.properties.view.tourPreview.play, { host: 'Matterport' }) })
      .waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByText('עגורן גשר 10 טון', { exact: false }).waitFor();
    await checkLayout(page, variant, 'view page of the industry property');
    await screenshot(page, variant, 'listing-tool', 'view-page', { fullPage: true });

    // Enter on a photo opens the full-screen viewer, which loads with that first opening and brings
    // its styles with it; Escape closes it and focus is back on the photo.
    const firstPhoto = page
      .getByRole('button')
      .filter({ has: page.locator('img') })
      .first();
    await firstPhoto.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await viewer
      .getByRole('status')
      .filter({ hasText: fill(t.listing.gallery.position, { index: 1, count: 1 }) })
      .waitFor();
    const close = viewer.getByRole('button', { name: t.listing.gallery.close });
    await expect.poll(() => close.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(
      await viewer
        .getByRole('status')
        .evaluate((status) => getComputedStyle(status.parentElement as HTMLElement).justifyContent),
    ).toBe('space-between');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await firstPhoto.evaluate((button) => button === document.activeElement)).toBe(true);

    // The list: four more properties through the API, then sorted by area and filtered by price.
    const others = otherProperties(place.city);
    for (const property of others) await createProperty(api, tokens, property);
    const row = (address: string) => `${address}, ${place.city}`;
    await page.goto(`${baseUrl}/properties`);
    await page.getByRole('heading', { level: 1, name: t.common.screens.properties }).waitFor();
    await waitForHydratedList(page);
    await page.getByRole('combobox', { name: t.list.sort.label }).selectOption('totalArea');
    await waitForSearch(page, { sort: 'totalArea' });
    await page.getByRole('button', { name: t.list.sort.order.desc }).click();
    await waitForSearch(page, { sort: 'totalArea', order: 'asc' });
    await expect
      .poll(() => listedAddresses(page, t))
      .toEqual([row('התעשייה 1'), row('האורגים 3'), row(place.address), row('המלאכה 9'), row('הנמל 40')]);

    await page.getByRole('button', { name: t.list.filters.open }).click();
    const panel = page.getByRole('region', { name: t.list.filters.title });
    // The third range is the price (area, rent, price): each range's ends are named "from" and "to".
    await panel.getByRole('textbox', { name: t.list.filters.min }).nth(2).fill(PRICE_RANGE.min);
    await panel.getByRole('textbox', { name: t.list.filters.max }).nth(2).fill(PRICE_RANGE.max);
    await checkLayout(page, variant, 'list with the filters open');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, variant, 'listing-tool', 'list-filters');
    await panel.getByRole('button', { name: t.list.filters.apply }).click();
    await waitForSearch(page, {
      sort: 'totalArea',
      order: 'asc',
      priceMin: '10000000',
      priceMax: '60000000',
    });
    const inRange = [row('האורגים 3'), row(place.address), row('המלאכה 9')];
    await expect.poll(() => listedAddresses(page, t)).toEqual(inRange);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: t.common.screens.properties }).waitFor();
    await expect.poll(() => listedAddresses(page, t)).toEqual(inRange);
    await expect(page.getByRole('combobox', { name: t.list.sort.label }).inputValue()).resolves.toBe(
      'totalArea',
    );
    await page.getByRole('button', { name: t.list.sort.order.asc }).click();
    await waitForSearch(page, { sort: 'totalArea', priceMin: '10000000', priceMax: '60000000' });
    const descending = [...inRange].reverse();
    await expect.poll(() => listedAddresses(page, t)).toEqual(descending);
    await checkLayout(page, variant, 'list sorted and filtered');
    await screenshot(page, variant, 'listing-tool', 'list-sorted-filtered');

    // The exports: the same three rows in the same order, under the screen language's headers.
    const headers: readonly string[] = EXPORT_HEADERS[variant.lang];
    const [address, city, kind, total, marketed, rent, price, status, completion, updated] = headers as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const addresses = descending.map((line) => line.split(', ')[0]);
    const csv = await download(page, t.list.export.csv);
    expect(csv.name).toMatch(/\.csv$/);
    const [csvHeaders = [], ...csvRows] = parseCsv(await readFile(csv.path, 'utf8'));
    expectKnownColumns(csvHeaders, headers, t);
    const csvCells = csvRows.map((cells) => byHeader(csvHeaders, cells));
    expect(csvCells.map((cells) => cells[address])).toEqual(addresses);
    const industryCsv = csvCells.find((cells) => cells[address] === place.address) ?? {};
    expect(industryCsv).toMatchObject({
      [address]: place.address,
      [city]: place.city,
      [kind]: t.fields.propertyKind.options.industry,
      [total]: '4200',
      [marketed]: '4000',
      [rent]: '48',
      [price]: '52000000',
      [status]: t.options.propertyStatus.published,
    });
    expect(industryCsv[completion]).toMatch(/^\d{1,3}%$/);
    expect(industryCsv[factHeader(csvHeaders, 'dealType', t)]).toBe(t.fields.dealType.options.rentOrSale);
    for (const fact of EXPORTED_FACTS) {
      expect(industryCsv[factHeader(csvHeaders, fact.field, t)], fact.field).toBe(fact.csv);
    }
    expect(industryCsv[updated]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    const xlsx = await download(page, t.list.export.xlsx);
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    const xlsxHeaders = values(1).map(String);
    expectKnownColumns(xlsxHeaders, headers, t);
    expect(sheet.actualRowCount).toBe(1 + addresses.length);
    const xlsxCells = [2, 3, 4].map((index) => byHeader(xlsxHeaders, values(index)));
    expect(xlsxCells.map((cells) => cells[address])).toEqual(addresses);
    const industryXlsx = xlsxCells.find((cells) => cells[address] === place.address) ?? {};
    expect(industryXlsx).toMatchObject({
      [address]: place.address,
      [city]: place.city,
      [kind]: t.fields.propertyKind.options.industry,
      [total]: 4200,
      [marketed]: 4000,
      [rent]: 48,
      [price]: 52_000_000,
      [status]: t.options.propertyStatus.published,
    });
    expect(industryXlsx[updated]).toBeInstanceOf(Date);
    expect(industryXlsx[factHeader(xlsxHeaders, 'entryDate', t)]).toBeInstanceOf(Date);
    for (const fact of EXPORTED_FACTS) {
      expect(industryXlsx[factHeader(xlsxHeaders, fact.field, t)], fact.field).toBe(fact.xlsx);
    }
    expect(errors).toEqual([]);
  });
});

/** A row's cells by the header above each. */
function byHeader<T>(headers: readonly string[], cells: readonly T[]): Record<string, T> {
  return Object.fromEntries(headers.map((header, index) => [header, cells[index] as T]));
}

/**
 * Today's columns all there, in their order; every other column is a property field's own label (with
 * its unit in brackets when it has one): the export takes its headers from the field registry.
 */
function expectKnownColumns(found: readonly string[], today: readonly string[], t: Texts): void {
  expect(found.filter((header) => today.includes(header))).toEqual(today);
  const labels = Object.values(fieldLabels(t));
  const unknown = found.filter(
    (header) =>
      !today.includes(header) && !labels.some((label) => header === label || header.startsWith(`${label} (`)),
  );
  expect(unknown, 'export columns that are not a field of the property').toEqual([]);
}

/** The header of a field's column: its label, alone or with its unit in brackets. */
function factHeader(headers: readonly string[], field: string, t: Texts): string {
  const label = (fieldLabels(t) as Record<string, string>)[field] ?? field;
  const header = headers.find((candidate) => candidate === label || candidate.startsWith(`${label} (`));
  if (!header) throw new Error(`no export column for ${field} (${label})`);
  return header;
}

async function listedAddresses(page: Page, t: Texts): Promise<string[]> {
  return (await listedCompletions(page, t)).map(([address]) => address);
}

/** The address holds the list's choice: exactly these parameters (besides the page size). */
async function waitForSearch(page: Page, expected: Record<string, string>): Promise<void> {
  await expect
    .poll(() => {
      const params = Object.fromEntries(new URL(page.url()).searchParams);
      delete params.pageSize;
      delete params.filter;
      return params;
    })
    .toEqual(expected);
}
