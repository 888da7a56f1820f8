import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatLanguage } from '@domain/format';
import { REPO_ROOT } from './repo-root';

/** One text file of the app (src/i18n/locales/<language>/<name>.json), read as data: the server never imports src/. */
export function readLocaleTexts(language: FormatLanguage, name: string): unknown {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'src/i18n/locales', language, `${name}.json`), 'utf8'));
}

type Labels = Record<string, string>;
type FieldWordsFile = Record<string, { label: string; options?: Labels }>;

/**
 * Labels as the app shows them: a field's own under its key in fields.json (issue 21), the other
 * option groups (a property's status, yes and no) in options.json.
 */
export interface LocaleLabels {
  field(name: string): string;
  option(group: string, value: string): string;
}

export function localeLabels(language: FormatLanguage): LocaleLabels {
  const fields = readLocaleTexts(language, 'fields') as FieldWordsFile;
  const options = readLocaleTexts(language, 'options') as Record<string, Labels>;
  return {
    field: (name) => fields[name]?.label ?? name,
    option: (group, value) => (fields[group]?.options ?? options[group])?.[value] ?? value,
  };
}
