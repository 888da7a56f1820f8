import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatArea, HEBREW_SQUARE_METRE } from '@domain/format';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
/** מ"ר with an ASCII or a typographic double quote: anything but the gershayim. */
const OTHER_SPELLING = /מ["\u201c\u201d\u05f3']ר/;

function filesUnder(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [path] : [];
  });
}

describe('the square metre is spelled one way', () => {
  it('is מ״ר with the gershayim, a right-to-left letter that never drifts beside numbers', () => {
    expect(HEBREW_SQUARE_METRE).toBe('מ\u05f4ר');
    expect(formatArea(1250, 'he')).toContain(HEBREW_SQUARE_METRE);
  });

  it('is never written with a quote mark in the Hebrew texts or the code', () => {
    const files = [
      ...filesUnder(join(ROOT, 'src/i18n/locales/he'), ['.json']),
      ...['domain', 'src', 'server', 'scripts', 'page-contract'].flatMap((folder) =>
        filesUnder(join(ROOT, folder), ['.ts', '.tsx', '.html']),
      ),
    ];
    const offenders = files
      .filter((file) => OTHER_SPELLING.test(readFileSync(file, 'utf8').replaceAll('\\"', '"')))
      .map((file) => relative(ROOT, file));

    expect(offenders).toEqual([]);
  });
});
