import { type PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * A one-sheet .xlsx written as it is read: the sheet's XML is produced batch by batch and deflated
 * into the zip through streams, so memory holds one batch whatever the row count, and a slow client
 * slows the reading of rows (backpressure) instead of filling memory. Only what a list export needs:
 * inline strings (no shared-string table to hold in memory), numbers, dates with a number format per
 * column, column widths, right-to-left. See docs/decisions.md (issue 21) for why not ExcelJS.
 */

/** A cell: text, a number, a date (written as Excel's serial day, shown through the column's format). */
export type SheetCell = string | number | Date | null;

export interface SheetColumn {
  header: string;
  /** In characters, as Excel measures a column. */
  width: number;
  /** An Excel number format (`yyyy-mm-dd`, `#,##0.##`…); General when not given. */
  numberFormat?: string | undefined;
}

export interface SheetSource {
  /** The sheet's tab name (at most 31 characters; Excel refuses longer ones). */
  name: string;
  rightToLeft: boolean;
  columns: readonly SheetColumn[];
  /** The rows after the header, a batch at a time. */
  rows: AsyncIterable<readonly (readonly SheetCell[])[]>;
}

/** zlib's default level: level 1 saved 8 % of the export's CPU for a third more bytes (docs/decisions.md). */
const COMPRESSION_LEVEL = 6;

/**
 * The sheet's XML is handed to the zip in pieces of about this many characters, not a batch at a
 * time: a batch's text (megabytes) and its bytes were large objects that only a full collection
 * frees, and they piled up as external memory until one ran (docs/decisions.md, issue 21).
 */
const CHUNK_CHARACTERS = 32 * 1024;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_TYPE = 'application/vnd.openxmlformats-officedocument';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${OFFICE_TYPE}.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${OFFICE_TYPE}.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${OFFICE_TYPE}.spreadsheetml.styles+xml"/></Types>`;

const PACKAGE_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

/** Characters XML 1.0 cannot carry at all (a database text may hold them): dropped, not escaped. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls XML cannot carry is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls XML cannot carry is the point.
const NEEDS_CARE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(text: string): string {
  if (!NEEDS_CARE.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (character) => ESCAPES[character] as string);
}

/** Column letters: A…Z, AA…ZZ, AAA… */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** Excel's serial day of a moment: days since 1899-12-30 (the 1900 system), read as UTC. */
const excelSerial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/**
 * Styles: the default (General) and one per distinct number format, in the order the columns name
 * them; returns the XML and each column's style index.
 */
function stylesOf(columns: readonly SheetColumn[]): { xml: string; styleOf: number[] } {
  const formats: string[] = [];
  const styleOf = columns.map((column) => {
    if (!column.numberFormat) return 0;
    let index = formats.indexOf(column.numberFormat);
    if (index < 0) index = formats.push(column.numberFormat) - 1;
    return index + 1;
  });
  // Custom number formats are numbered from 164 (0–163 are Excel's built-in ones).
  const numFmts = formats.map(
    (code, index) => `<numFmt numFmtId="${164 + index}" formatCode="${xmlText(code)}"/>`,
  );
  const xfs = formats.map(
    (_, index) =>
      `<xf numFmtId="${164 + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
  );
  const xml = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts><fonts count="1"><font><sz val="11"/><name val="Arial"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${xfs.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${xfs.join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  return { xml, styleOf };
}

/** The sheet's XML: its head, then its rows in pieces of about CHUNK_CHARACTERS, then its end. */
async function* sheetXml(source: SheetSource, styleOf: readonly number[]): AsyncGenerator<string> {
  const names = source.columns.map((_, index) => columnName(index));
  const styleAttributes = styleOf.map((style) => (style === 0 ? '' : ` s="${style}"`));
  const cols = source.columns
    .map((column, index) => {
      const style = styleOf[index] ? ` style="${styleOf[index]}"` : '';
      return `<col min="${index + 1}" max="${index + 1}" width="${column.width}"${style} customWidth="1"/>`;
    })
    .join('');
  const view = source.rightToLeft ? ' rightToLeft="1"' : '';
  const inline = (reference: string, text: string) =>
    `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
  const header = source.columns.map((column, index) => inline(`${names[index]}1`, column.header)).join('');
  yield `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView${view} workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`;

  let rowNumber = 1;
  for await (const batch of source.rows) {
    let xml = '';
    for (const cells of batch) {
      rowNumber += 1;
      xml += `<row r="${rowNumber}">`;
      for (let index = 0; index < cells.length; index++) {
        const cell = cells[index];
        if (cell === null || cell === undefined) continue;
        const reference = `${names[index]}${rowNumber}`;
        if (typeof cell === 'string') xml += inline(reference, cell);
        else {
          const value = typeof cell === 'number' ? cell : excelSerial(cell);
          // A number Excel cannot hold (NaN, ∞) is left empty rather than corrupting the file.
          if (Number.isFinite(value))
            xml += `<c r="${reference}"${styleAttributes[index]}><v>${value}</v></c>`;
        }
      }
      xml += '</row>';
      if (xml.length >= CHUNK_CHARACTERS) {
        yield xml;
        xml = '';
      }
    }
    if (xml) yield xml;
  }
  yield '</sheetData></worksheet>';
}

/** The .xlsx of `source` as a stream; a failure while reading rows destroys it with that error. */
export function xlsxSheetStream(source: SheetSource): Readable {
  const { xml: styles, styleOf } = stylesOf(source.columns);
  const workbook = `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(source.name.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  const options = { mtime, compressionLevel: COMPRESSION_LEVEL };
  for (const [path, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', PACKAGE_RELS],
    ['xl/workbook.xml', workbook],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ['xl/styles.xml', styles],
  ] as const) {
    zip.addBuffer(Buffer.from(text, 'utf8'), path, options);
  }
  // Bytes, not objects: the zip's checksum and deflate take buffers.
  const sheet = Readable.from(sheetXml(source, styleOf), { objectMode: false });
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', options);
  zip.end();
  // yazl's output is a PassThrough (its typings say only ReadableStream).
  const out = zip.outputStream as unknown as PassThrough;
  // A failed read ends the download with the error (the zip would only stop and wait).
  sheet.once('error', (error) => out.destroy(error));
  zip.once('error', (error: Error) => out.destroy(error));
  // A client that goes away stops the reading of rows too (the generator returns).
  out.once('close', () => sheet.destroy());
  return out;
}
