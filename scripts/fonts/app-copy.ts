import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const LOCALES = resolve(import.meta.dirname, '../../src/i18n/locales');

/**
 * Every string of the app's Hebrew and English copy, as the font scripts measure and draw it, with each
 * `{{placeholder}}` replaced by a two-digit number.
 */
export async function appCopyStrings(): Promise<string[]> {
  const strings: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') strings.push(value.replace(/\{\{[^}]*\}\}/g, '12'));
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const language of ['he', 'en']) {
    const folder = join(LOCALES, language);
    for (const file of (await readdir(folder)).filter((name) => name.endsWith('.json')).sort())
      collect(JSON.parse(await readFile(join(folder, file), 'utf8')));
  }
  return strings;
}
