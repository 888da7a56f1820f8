import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type SheetCell, type SheetColumn, xlsxSheetStream } from '../../server/properties/xlsx-sheet-writer';

const COLUMNS: SheetColumn[] = [
  { header: 'כתובת', width: 28 },
  { header: 'שטח (מ״ר)', width: 16, numberFormat: '#,##0.##' },
  { header: 'מועד כניסה', width: 16, numberFormat: 'yyyy-mm-dd' },
];

async function* batches(...list: SheetCell[][][]) {
  for (const batch of list) yield batch;
}

async function readBack(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * How many batches were read once the pipes are full: the download's own buffer holds what the client
 * has not taken, and the count then stays the same for a while; or as soon as it passes `above` (it is
 * not going to stop). How long the pipes take to fill depends on the machine's load, not on the code:
 * fixed pauses compared counts that had not settled yet.
 */
async function batchesReadOnceFull(download: Readable, read: () => number, { above }: { above: number }) {
  while (download.readableLength < download.readableHighWaterMark && read() <= above) await tick();
  const STILL_FOR_MS = 200;
  let last = read();
  let stillSince = performance.now();
  while (last <= above && performance.now() - stillSince < STILL_FOR_MS) {
    await tick();
    if (read() !== last) {
      last = read();
      stillSince = performance.now();
    }
  }
  return last;
}

describe('the streamed .xlsx sheet', () => {
  it('carries text XML would break, numbers and dates, and drops characters XML cannot hold', async () => {
    const stream = xlsxSheetStream({
      name: 'נכסים',
      rightToLeft: true,
      columns: COLUMNS,
      rows: batches(
        [['<b>"רוטשילד" & בניו</b>', 1250.5, new Date('2027-03-01T00:00:00Z')]],
        [
          [' רווח בקצוות \u0007', Number.NaN, null],
          ['😀 אמוג׳י', 0, null],
        ],
      ),
    });

    const sheet = await readBack(await buffer(stream));

    expect(sheet.name).toBe('נכסים');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([undefined, 'כתובת', 'שטח (מ״ר)', 'מועד כניסה']);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      '<b>"רוטשילד" & בניו</b>',
      1250.5,
      new Date('2027-03-01T00:00:00Z'),
    ]);
    // The bell is dropped, the spaces kept; a NaN is left empty rather than corrupting the file.
    expect(sheet.getRow(3).getCell(1).value).toBe(' רווח בקצוות ');
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(4).values).toEqual([undefined, '😀 אמוג׳י', 0]);
    expect(sheet.getColumn(2).numFmt).toBe('#,##0.##');
    expect(sheet.getColumn(3).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getColumn(1).width).toBe(28);
  });

  it('reads no further batches than a client that stops reading takes', async () => {
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced += 1;
        yield Array.from({ length: 1000 }, (_, index) => [`שורה ${produced}-${index}`, index, null]);
      }
    }
    const stream = xlsxSheetStream({ name: 'x', rightToLeft: false, columns: COLUMNS, rows: endless() });
    stream.once('data', () => stream.pause());

    // A client that stops reading stops the reading of rows: a few batches in the pipes, no more.
    expect(await batchesReadOnceFull(stream, () => produced, { above: 10 })).toBeLessThan(10);
    stream.destroy();
  });

  it('ends the download with the error when reading the rows fails', async () => {
    async function* failing() {
      yield [['שורה', 1, null]] as SheetCell[][];
      throw new Error('the database went away');
    }
    const stream = xlsxSheetStream({ name: 'x', rightToLeft: false, columns: COLUMNS, rows: failing() });

    await expect(buffer(stream)).rejects.toThrow('the database went away');
  });
});
