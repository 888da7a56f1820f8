import { PROPERTY_FIELD_KEYS } from '@domain/property-fields';
import { describe, expect, it } from 'vitest';
import { filesNaming, handWrittenFiles, namesIn } from './field-key-files';
import { FIELD_HOMES, HOMONYMS } from './field-key-homonyms';

/**
 * Issue 21's goal: a field named in at most the registry and the two locale files of its words. Every
 * other file that names a field's key uses the word for something else, and says what in
 * field-key-homonyms.ts; a reviewer checks each reason there.
 */
const MOST_FILES = FIELD_HOMES.length;

describe('the hand-written files that name a field of the registry', () => {
  const files = handWrittenFiles();
  const naming = filesNaming(PROPERTY_FIELD_KEYS, files);
  const homonymsOf = (key: string): Readonly<Record<string, string>> =>
    (HOMONYMS as Record<string, Readonly<Record<string, string>>>)[key] ?? {};

  it('finds the registry itself among the files it scans', () => {
    expect(files).toContain('domain/property-fields.ts');
    for (const key of PROPERTY_FIELD_KEYS) expect(naming.get(key)).toContain('domain/property-fields.ts');
  });

  it('names no field in the seed: it draws every field from the registry’s samples', () => {
    const inSeed = [...naming].filter(([, where]) => where.some((file) => /^scripts\/seed/.test(file)));

    expect(inSeed).toEqual([]);
  });

  it(`names a field only in its ${MOST_FILES} homes, and elsewhere only as a listed homonym`, () => {
    const unexplained = [...naming].flatMap(([key, where]) =>
      where
        .filter((file) => !(FIELD_HOMES as readonly string[]).includes(file) && !(file in homonymsOf(key)))
        .map((file) => `${key} in ${file}`),
    );
    const listed = Object.values(HOMONYMS).reduce((sum, byFile) => sum + Object.keys(byFile ?? {}).length, 0);
    console.info(
      `field keys in hand-written files: totalArea ${naming.get('totalArea')?.length}, ` +
        `${[...naming].filter(([, where]) => where.length <= MOST_FILES).length} of ${PROPERTY_FIELD_KEYS.length} ` +
        `fields in at most ${MOST_FILES} files; beyond their homes, ${listed} listed homonyms`,
    );

    expect(unexplained).toEqual([]);
  });

  it('lists as a homonym only a file that still names the word, with a reason', () => {
    const stale = Object.entries(HOMONYMS).flatMap(([key, byFile]) =>
      Object.entries(byFile ?? {})
        .filter(([file, reason]) => !files.includes(file) || !namesIn(file).has(key) || reason.trim() === '')
        .map(([file]) => `${key} in ${file}`),
    );

    expect(stale).toEqual([]);
  });

  it('counts a field named in code, a key or a path, not in prose or as a built-in', () => {
    const names = filesNaming(
      ['floor', 'address', 'clearHeight'],
      ['scripts/seed.ts', 'src/i18n/locales/en/fields.json'],
    );

    // The seed rounds with Math.floor and says in a comment that a draft keeps its address; the
    // English words are keyed by the fields.
    expect(names.get('floor')).toEqual(['src/i18n/locales/en/fields.json']);
    expect(names.get('address')).toEqual(['src/i18n/locales/en/fields.json']);
    expect(names.get('clearHeight')).toEqual(['src/i18n/locales/en/fields.json']);
    expect(filesNaming(['propertyKind'], ['domain/property-fields.ts']).get('propertyKind')).toHaveLength(1);
  });
});
