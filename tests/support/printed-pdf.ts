/**
 * A PDF that Chromium printed, read back with poppler's tools as a reader would: its pages, their size,
 * its text in logical order and its images' widths. Shared by the server's print test and the
 * journeys that print a brochure or a signed order.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

export interface PrintedPdf {
  pages: number;
  /** The first page's size in points. */
  width: number;
  height: number;
  /** pdftotext's text, its bidi controls removed: the letters between them read in logical order. */
  text: string;
  /** Each embedded image's width in pixels (pdfimages -list). */
  imageWidths: number[];
}

export interface ReadOptions {
  /** pdftotext -layout: keeps each line's columns together. */
  layout?: boolean;
  /** Also writes the first page as a small PNG (pdftoppm at 50 dpi) at this path, without `.png`. */
  firstPagePng?: string;
}

export async function readPrintedPdf(pdf: Uint8Array, options: ReadOptions = {}): Promise<PrintedPdf> {
  const dir = await mkdtemp(join(tmpdir(), 'nechasim-print-'));
  try {
    const file = join(dir, 'printed.pdf');
    await writeFile(file, pdf);
    const run = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });
    const info = run('pdfinfo', [file]);
    const [width = 0, height = 0] = (/Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [])
      .slice(1)
      .map(Number);
    const imageWidths = run('pdfimages', ['-list', file])
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => Number(line.trim().split(/\s+/)[3]));
    const text = run('pdftotext', [...(options.layout ? ['-layout'] : []), file, '-']).replace(
      /\p{Cf}/gu,
      '',
    );
    if (options.firstPagePng) {
      run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', file, options.firstPagePng]);
    }
    return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), width, height, text, imageWidths };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One or two A4 pages (595 × 842 points): what a brochure and a signed order must print on. */
export function expectOneOrTwoA4Pages(printed: PrintedPdf) {
  expect(printed.pages).toBeGreaterThanOrEqual(1);
  expect(printed.pages).toBeLessThanOrEqual(2);
  expect(Math.abs(printed.width - 595)).toBeLessThan(2);
  expect(Math.abs(printed.height - 842)).toBeLessThan(2);
}
