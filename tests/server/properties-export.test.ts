import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPropertyRows } from '../../server/repositories/property-list.repository';
import { appForTests } from './helpers/app-for-tests';
import { createProperty, draftRetail, publishableOffice } from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

/** The list's own columns lead, in the registry's order; the list's status, completion and update close. */
// A row is read from where the property is: address and city lead, then the list's other columns.
const HE_LIST_HEADERS = [
  'כתובת',
  'עיר',
  'סוג הנכס',
  'סוג המבנה',
  'דירוג הבניין',
  'שטח כולל (מ״ר)',
  'שטח לשיווק (מ״ר)',
  'סוג העסקה',
  'דמי שכירות מבוקשים (₪ למ״ר לחודש)',
  'מחיר מבוקש (₪)',
];
const HE_CLOSING_HEADERS = ['סטטוס', 'שלמות הנתונים', 'עדכון אחרון'];

/** A row as { header: cell }, so a test reads a fact by the header a broker sees. */
function byHeader<T>(headers: readonly string[], row: readonly T[]): Record<string, T> {
  return Object.fromEntries(headers.map((header, index) => [header, row[index] as T]));
}

/** Every header is a label (no raw field key), each once. */
function expectLabelledHeaders(headers: readonly string[]) {
  expect(headers.slice(0, HE_LIST_HEADERS.length)).toEqual(HE_LIST_HEADERS);
  expect(headers.slice(-3)).toEqual(HE_CLOSING_HEADERS);
  expect(new Set(headers).size).toBe(headers.length);
  for (const header of headers) expect(header, header).not.toMatch(/^[A-Za-z]+$/);
}

const RENT_FACTS = {
  dealType: 'rent',
  managementFeePerSqm: 18,
  arnonaPerSqm: 12.5,
  entryDate: '2027-03-01',
  floor: 3,
  parkingSpaces: 4,
  condition: 'finished',
} as const;

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
  const testApp = appForTests();
  let owner: Record<string, string>;
  let ownerId: string;

  beforeAll(async () => {
    const signedIn = await signedInUser(testApp);
    owner = signedIn.headers;
    ownerId = signedIn.user.id;
    // The test clock starts at 2025-03-01 09:00 UTC: 11:00 in Israel (winter time).
    await createProperty(
      testApp,
      owner,
      publishableOffice({
        address: 'רוטשילד 22, קומה 3',
        totalArea: 1250.5,
        askingRentPerSqm: 95,
        ...RENT_FACTS,
      }),
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
    const [headers = [], ...rows] = parseCsv(body.slice(1));
    expectLabelledHeaders(headers);
    const [office, evil, herzl] = rows.map((row) => byHeader(headers, row));
    expect(rows.every((row) => row.length === headers.length)).toBe(true);
    expect(office).toMatchObject({
      'סוג הנכס': 'משרדים',
      עיר: 'תל אביב-יפו',
      כתובת: 'רוטשילד 22, קומה 3',
      'שטח כולל (מ״ר)': '1250.5',
      'שטח לשיווק (מ״ר)': '1000',
      'סוג העסקה': 'להשכרה',
      'דמי שכירות מבוקשים (₪ למ״ר לחודש)': '95',
      'מחיר מבוקש (₪)': '',
      'דמי ניהול (₪ למ״ר לחודש)': '18',
      'ארנונה (₪ למ״ר לחודש)': '12.5',
      'מועד כניסה': '2027-03-01',
      קומה: '3',
      'חניות צמודות': '4',
      'מצב הנכס': 'גמור',
      'מעלית נוסעים': 'כן',
      'אמצעי אבטחה': 'בקרת כניסה, מצלמות אבטחה',
      סטטוס: 'מפורסם',
      'שלמות הנתונים': '100%',
      'עדכון אחרון': '2025-03-01 11:00',
    });
    expect(evil).toMatchObject({
      כתובת: '\'=HYPERLINK("http://evil")',
      עיר: 'חיפה',
      'סוג הנכס': 'מסחר',
      'שטח כולל (מ״ר)': '',
      'סוג העסקה': '',
      'מועד כניסה': '',
      סטטוס: 'טיוטה',
      'עדכון אחרון': '2025-03-01 11:01',
    });
    expect(evil?.['שלמות הנתונים']).toMatch(/^\d+%$/);
    expect(herzl).toMatchObject({ כתובת: 'הרצל "הגדול" 5', 'מחיר מבוקש (₪)': '3500000' });
  });

  it('applies the list’s filters and writes English headers when asked', async () => {
    const response = await exportFile('format=csv&lang=en&filter=drafts&priceMin=1');

    const [headers = [], ...rows] = parseCsv(response.rawPayload.toString('utf8').slice(1));
    expect(headers).toEqual(expect.arrayContaining(['Address', 'Property type', 'Deal type', 'Entry date']));
    expect(headers).toContain('Management fee (₪ per m² per month)');
    expect(
      rows.map((row) => byHeader(headers, row)).map((row) => [row.Address, row['Property type']]),
    ).toEqual([['הרצל "הגדול" 5', 'Retail']]);
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
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expectLabelledHeaders(headers);
    expect(sheet.rowCount).toBe(4);
    const first = byHeader(headers, (sheet.getRow(2).values as unknown[]).slice(1));
    expect(first).toMatchObject({
      כתובת: 'רוטשילד 22, קומה 3',
      'סוג הנכס': 'משרדים',
      'שטח כולל (מ״ר)': 1250.5,
      'סוג העסקה': 'להשכרה',
      'דמי ניהול (₪ למ״ר לחודש)': 18,
      'ארנונה (₪ למ״ר לחודש)': 12.5,
      'מועד כניסה': new Date('2027-03-01T00:00:00Z'),
      קומה: 3,
      'מצב הנכס': 'גמור',
      'עדכון אחרון': new Date('2025-03-01T11:00:00Z'),
    });
    expect(sheet.getColumn(headers.indexOf('מועד כניסה') + 1).numFmt).toBe('yyyy-mm-dd');
    const addresses = [2, 3, 4].map((row) => sheet.getRow(row).getCell(headers.indexOf('כתובת') + 1).value);
    expect(addresses).toContain('\'=HYPERLINK("http://evil")');
  });

  it('reads every row once in the list’s order across batches, rows without the sort value last', async () => {
    const read = async (batch: number) => {
      const ids: string[] = [];
      const areas: unknown[] = [];
      const query = { ownerId, sort: 'totalArea', order: 'desc' } as const;
      for await (const rows of exportPropertyRows(testApp.db, query, batch)) {
        expect(rows.length).toBeLessThanOrEqual(batch);
        for (const row of rows) {
          ids.push(row.id);
          areas.push(row.totalArea);
        }
      }
      return { ids, areas };
    };

    const whole = await read(1000);
    expect(whole.ids).toHaveLength(3);
    expect(whole.areas).toEqual([1250.5, null, null]);
    for (const batch of [1, 2]) expect(await read(batch)).toEqual(whole);
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
