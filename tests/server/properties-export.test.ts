import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createProperty, draftRetail, publishableOffice } from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

const HE_HEADERS = [
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
];

/** RFC 4180 as Excel writes it: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += character;
  }
  return rows;
}

describe('exporting the list', () => {
  let testApp: TestApp;
  let owner: Record<string, string>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = (await signedInUser(testApp)).headers;
    // The test clock starts at 2025-03-01 09:00 UTC: 11:00 in Israel (winter time).
    await createProperty(
      testApp,
      owner,
      publishableOffice({ address: 'רוטשילד 22, קומה 3', totalArea: 1250.5, askingRentPerSqm: 95 }),
    );
    testApp.clock.advance(60_000);
    await createProperty(testApp, owner, draftRetail({ address: '=HYPERLINK("http://evil")', city: 'חיפה' }));
    testApp.clock.advance(60_000);
    await createProperty(
      testApp,
      owner,
      draftRetail({ address: 'הרצל "הגדול" 5', city: 'חיפה', salePrice: 3_500_000 }),
    );
    const colleague = await signedInUser(testApp);
    await createProperty(testApp, colleague.headers, publishableOffice({ address: 'של עמית' }));
  });
  afterAll(() => testApp.close());

  const exportFile = (query: string, headers = owner) =>
    testApp.app.inject({ method: 'GET', url: `/api/property/export?${query}`, headers });

  it('writes CSV with a BOM, Hebrew headers, the owner’s rows in the list’s order and formulas neutralised', async () => {
    const response = await exportFile('format=csv&sort=updatedAt&order=asc');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''%D7%A0%D7%9B%D7%A1%D7%99%D7%9D.csv",
    );
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const [headers, ...rows] = parseCsv(body.slice(1));
    expect(headers).toEqual(HE_HEADERS);
    expect(rows).toEqual([
      [
        'רוטשילד 22, קומה 3',
        'תל אביב-יפו',
        'משרדים',
        '1250.5',
        '1000',
        '95',
        '',
        'מפורסם',
        '100%',
        '2025-03-01 11:00',
      ],
      [
        '\'=HYPERLINK("http://evil")',
        'חיפה',
        'מסחר',
        '',
        '',
        '',
        '',
        'טיוטה',
        expect.stringMatching(/^\d+%$/),
        '2025-03-01 11:01',
      ],
      [
        'הרצל "הגדול" 5',
        'חיפה',
        'מסחר',
        '',
        '',
        '',
        '3500000',
        'טיוטה',
        expect.stringMatching(/^\d+%$/),
        '2025-03-01 11:02',
      ],
    ]);
  });

  it('applies the list’s filters and writes English headers when asked', async () => {
    const response = await exportFile('format=csv&lang=en&filter=drafts&priceMin=1');

    const [headers, ...rows] = parseCsv(response.rawPayload.toString('utf8').slice(1));
    expect(headers?.[0]).toBe('Address');
    expect(rows.map((row) => [row[0], row[2]])).toEqual([['הרצל "הגדול" 5', 'Retail']]);
  });

  it('writes an .xlsx that ExcelJS reads back with the same Hebrew headers and typed values', async () => {
    const response = await exportFile('format=xlsx&sort=totalArea&order=desc');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HE_HEADERS);
    expect(sheet.rowCount).toBe(4);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('רוטשילד 22, קומה 3');
    expect(first.getCell(3).value).toBe('משרדים');
    expect(first.getCell(4).value).toBe(1250.5);
    expect(first.getCell(10).value).toEqual(new Date('2025-03-01T11:00:00Z'));
    const addresses = [2, 3, 4].map((row) => sheet.getRow(row).getCell(1).value);
    expect(addresses).toContain('\'=HYPERLINK("http://evil")');
  });

  it('asks for a sign-in and refuses a bad format or an inverted range with the error envelope', async () => {
    expect((await exportFile('format=csv', {})).statusCode).toBe(401);
    for (const query of ['format=pdf', 'format=csv&areaMin=10&areaMax=5', 'format=csv&sort=rating']) {
      const response = await exportFile(query);

      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, code: 'validation_failed' });
    }
  });
});
