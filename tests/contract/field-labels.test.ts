import { PROPERTY_FIELD_KEYS } from '@domain/property-values';
import { describe, expect, it } from 'vitest';
import { enResources, heResources } from '@/i18n/resources';

/**
 * docs/glossary.md: one label per property field, `fields:<field>`, shown by the wizard, the
 * review, the view page and the list alike. A second label for a field anywhere in the texts would let
 * two screens call one field by two names, so none may exist.
 */
const FIELDS = new Set<string>(PROPERTY_FIELD_KEYS);
/** Objects whose keys name fields by label; hints, placeholders and errors say other things. */
const LABEL_GROUPS = new Set(['fields', 'columns', 'labels']);

type Texts = { [key: string]: string | Texts };

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
] as const)('field labels in %s', (_, resources) => {
  it('labels every property field once, in the fields texts', () => {
    const labels = resources.fields as Record<string, string>;
    expect(Object.keys(labels).sort()).toEqual([...FIELDS].sort());
    for (const label of Object.values(labels)) expect(label.trim()).not.toBe('');
  });

  it('has no second label for a field in any namespace', () => {
    const elsewhere = Object.entries(resources).flatMap(([namespace, texts]) =>
      // facts.fields is where the listing facts' labels are stored; the app joins them into fields.
      fieldLabelPaths(texts as Texts, [namespace]).filter(
        (path) => !path.startsWith('fields.') && !path.startsWith('facts.fields.'),
      ),
    );
    expect(elsewhere).toEqual([]);
  });

  it('calls data completion by one name in the list, the view page and the review', () => {
    expect(resources.wizard.review.completion).toBe(resources.properties.completion.label);
  });
});
