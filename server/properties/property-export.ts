import { Readable } from 'node:stream';
import type { FormatLanguage } from '@domain/format';
import type { FieldUnit } from '@domain/property-fields';
import type { ExportColumn, ExportFormat } from '@domain/property-list-query';
import { PROPERTY_EXPORT_COLUMNS } from '@domain/property-list-tables';
import type { Db } from '../db/database';
import { localeLabels, readLocaleTexts } from '../locale-texts';
import {
  exportPropertyRows,
  type PropertyExportRow,
  type PropertyListQuery,
} from '../repositories/property-list.repository';
import { type SheetCell, xlsxSheetStream } from './xlsx-sheet-writer';

export type ExportFileFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<ExportFileFormat, string>;

/**
 * Rows read a query at a time. Small enough that a batch (its JSON text, rows and cells) dies young:
 * a batch of 1,000 outlived the young generation's collections while it was written out, was
 * promoted, and the old generation grew with the row count until V8's first full collection (+92
 * to +128 MiB over 100,000 rows); 250 keeps an export flat (docs/decisions.md, issue 21).
 */
const EXPORT_BATCH_ROWS = 250;

/** Excel shows times in no zone of its own: they are written as a broker in Israel reads them. */
const TIME_ZONE = 'Asia/Jerusalem';

interface ExportCopy {
  fileName: string;
  header(column: ExportColumn): string;
  option(group: string, value: string): string;
  yes: string;
  no: string;
}

const copies = new Map<FormatLanguage, ExportCopy>();

type Labels = Record<string, string>;

/**
 * Headers from the locale files (src/i18n/locales/<lang>, read as data: the server never imports
 * src/, locale-texts.ts): each field's one label with its unit's words, option labels as the
 * wizard shows them.
 */
function exportCopy(language: FormatLanguage): ExportCopy {
  let copy = copies.get(language);
  if (!copy) {
    const list = readLocaleTexts(language, 'list') as {
      export: { fileName: string; units: Record<FieldUnit, string | undefined>; headers: Labels };
    };
    const labels = localeLabels(language);
    const completion = (readLocaleTexts(language, 'properties') as { completion: { label: string } })
      .completion.label;
    const label = (field: string) =>
      field === 'dataCompletion' ? completion : (list.export.headers[field] ?? labels.field(field));
    copy = {
      fileName: list.export.fileName,
      header: ({ field, unit }) => {
        const words = unit === undefined ? undefined : list.export.units[unit];
        return words ? `${label(field)} (${words})` : label(field);
      },
      option: labels.option,
      yes: labels.option('yesNo', 'yes'),
      no: labels.option('yesNo', 'no'),
    };
    copies.set(language, copy);
  }
  return copy;
}

/** A cell's value: numbers and dates as themselves (Excel reads them as such), the rest as text. */
type Cell = string | number | Date | null;

/** A calendar day (`2027-03-01`) as midnight UTC: a date cell with no time and no zone to shift it. */
function calendarDay(value: unknown): Date | null {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  return day && Number.isFinite(day.getTime()) ? day : null;
}

function cellOf(row: PropertyExportRow, column: ExportColumn, copy: ExportCopy): Cell {
  const value = (row as Record<string, unknown>)[column.field];
  if (value === null || value === undefined) return null;
  switch (column.format) {
    case 'option':
      return copy.option(column.field, String(value));
    case 'options': {
      const items = Array.isArray(value) ? (value as unknown[]) : [];
      return items.length === 0
        ? null
        : items.map((item) => copy.option(column.field, String(item))).join(', ');
    }
    case 'status':
      return copy.option('propertyStatus', String(value));
    case 'yesNo':
      return value === true ? copy.yes : value === false ? copy.no : null;
    case 'number':
    case 'percent':
      return Number(value);
    case 'date':
      return calendarDay(value);
    case 'dateTime':
      return value instanceof Date ? value : new Date(String(value));
    case 'text':
      return String(value);
  }
}

/**
 * A text cell a spreadsheet would run as a formula (= + - @, and the tab and carriage return that
 * some read the same way) starts with an apostrophe instead: the cell shows the text, runs nothing.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One formatter for every cell: building an Intl.DateTimeFormat per cell was a fifth of an export. */
const israelClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-26 05:42` in Israel time: Excel reads it as a date and time in every locale. */
function excelDateTime(date: Date): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of israelClock.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

function csvField(cell: Cell, format: ExportFormat): string {
  if (cell === null) return '';
  if (cell instanceof Date) return format === 'date' ? cell.toISOString().slice(0, 10) : excelDateTime(cell);
  if (typeof cell === 'number') return format === 'percent' ? `${cell}%` : String(cell);
  const text = neutraliseFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: string[]) => `${fields.join(',')}\r\n`;

/**
 * The CSV: a byte-order mark (without it Excel reads UTF-8 as the local code page and Hebrew turns
 * to gibberish), a header line and one line per row, CRLF as Excel writes them, produced batch by
 * batch as the rows are read.
 */
async function* csvChunks(db: Db, query: PropertyListQuery, copy: ExportCopy): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(PROPERTY_EXPORT_COLUMNS.map((column) => csvField(copy.header(column), 'text')))}`;
  for await (const rows of exportPropertyRows(db, query, EXPORT_BATCH_ROWS)) {
    yield rows
      .map((row) =>
        csvLine(PROPERTY_EXPORT_COLUMNS.map((column) => csvField(cellOf(row, column, copy), column.format))),
      )
      .join('');
  }
}

const XLSX_NUMBER_FORMATS: Partial<Record<ExportFormat, string>> = {
  number: '#,##0.##',
  percent: '0"%"',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
};

/**
 * The .xlsx: one sheet streamed as the rows are read (xlsx-sheet-writer.ts), right-to-left in
 * Hebrew. Dates are written as Israel wall-clock times (Excel has no zones).
 */
function xlsxStream(db: Db, query: PropertyListQuery, copy: ExportCopy, language: FormatLanguage): Readable {
  async function* rows() {
    for await (const batch of exportPropertyRows(db, query, EXPORT_BATCH_ROWS)) {
      yield batch.map((row) =>
        PROPERTY_EXPORT_COLUMNS.map((column): SheetCell => {
          const cell = cellOf(row, column, copy);
          // A calendar day is already midnight UTC; a moment is shown as Israel's wall clock.
          if (cell instanceof Date) return column.format === 'date' ? cell : israelWallClock(cell);
          return typeof cell === 'string' ? neutraliseFormula(cell) : cell;
        }),
      );
    }
  }
  return xlsxSheetStream({
    name: copy.fileName,
    rightToLeft: language === 'he',
    columns: PROPERTY_EXPORT_COLUMNS.map((column) => ({
      header: copy.header(column),
      width: column.format === 'text' || column.format === 'options' ? 28 : 16,
      numberFormat: XLSX_NUMBER_FORMATS[column.format],
    })),
    rows: rows(),
  });
}

/** The same instant as a UTC date whose fields are Israel's wall clock (what Excel will show). */
function israelWallClock(date: Date): Date {
  const [day, time] = excelDateTime(date).split(' ');
  return new Date(`${day}T${time}:00Z`);
}

/** The export file of the list under `query`, streamed; its name (ASCII and UTF-8) for the header. */
export function exportProperties(
  db: Db,
  query: PropertyListQuery,
  format: ExportFileFormat,
  language: FormatLanguage,
): { stream: Readable; contentDisposition: string } {
  const copy = exportCopy(language);
  const stream =
    format === 'csv' ? Readable.from(csvChunks(db, query, copy)) : xlsxStream(db, query, copy, language);
  const name = `${copy.fileName}.${format}`;
  return {
    stream,
    contentDisposition: `attachment; filename="properties.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  };
}
