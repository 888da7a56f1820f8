import { fieldSpec, PROPERTY_FIELD_KEYS } from '@domain/property-fields';
import { describe, expect, it } from 'vitest';
import { enResources, heResources } from '@/i18n/resources';

/**
 * docs/glossary.md: one label per property field, `fields:<field>.label`, shown by the wizard, the
 * review, the view page and the list alike; issue 21: every other word of one field (its hint, its
 * placeholder, its option labels) under the same key. A second label for a field anywhere in the
 * texts would let two screens call one field by two names, so none may exist.
 */
const FIELDS = new Set<string>(PROPERTY_FIELD_KEYS);
/** Objects whose keys name fields by label; hints, placeholders and errors say other things. */
const LABEL_GROUPS = new Set(['fields', 'columns', 'labels']);
/** What one field's entry may hold (src/i18n/field-words.ts reads these). */
const WORDS = ['label', 'hint', 'placeholder', 'options'];

type Texts = { [key: string]: string | Texts };
interface Words {
  label?: string;
  hint?: string;
  placeholder?: string;
  options?: Record<string, string>;
}

function fieldLabelPaths(texts: Texts, path: string[] = []): string[] {
  return Object.entries(texts).flatMap(([key, value]) => {
    const here = [...path, key];
    if (typeof value !== 'string') return fieldLabelPaths(value, here);
    const parent = path.at(-1) ?? '';
    return LABEL_GROUPS.has(parent) && FIELDS.has(key) ? [here.join('.')] : [];
  });
}

describe.each([
  ['he', heResources],
  ['en', enResources],
] as const)('a field’s words in %s', (_, resources) => {
  const entries = resources.fields as unknown as Record<string, Words>;

  it('has an entry for every field of the registry and for nothing else', () => {
    expect(Object.keys(entries).sort()).toEqual([...FIELDS].sort());
  });

  it.each(PROPERTY_FIELD_KEYS)('labels %s, and holds nothing but its words', (field) => {
    const words = entries[field] ?? {};
    expect(words.label?.trim()).toBeTruthy();
    expect(Object.keys(words).filter((part) => !WORDS.includes(part))).toEqual([]);
    for (const part of [words.hint, words.placeholder])
      if (part !== undefined) expect(part.trim()).not.toBe('');
  });

  it.each(PROPERTY_FIELD_KEYS)('labels every option of %s and no other', (field) => {
    const options = fieldSpec(field).options;
    const labels = entries[field]?.options;
    if (options === undefined) {
      expect(labels).toBeUndefined();
      return;
    }
    expect(Object.keys(labels ?? {}).sort()).toEqual([...options].sort());
    for (const label of Object.values(labels ?? {})) expect(label.trim()).not.toBe('');
  });

  it('has no second label for a field in any namespace', () => {
    const elsewhere = Object.entries(resources).flatMap(([namespace, texts]) =>
      fieldLabelPaths(texts as unknown as Texts, [namespace]).filter((path) => !path.startsWith('fields.')),
    );
    expect(elsewhere).toEqual([]);
  });

  it('calls data completion by one name in the list, the view page and the review', () => {
    expect(resources.wizard.review.completion).toBe(resources.properties.completion.label);
  });
});
