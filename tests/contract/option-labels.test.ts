import { MEDIA_GROUPS, PROPERTY_STATUSES } from '@domain/property-options';
import { COMPANY_TYPES } from '@domain/registration';
import { describe, expect, it } from 'vitest';
import { enResources, heResources } from '@/i18n/resources';

// The option groups that are no field's: a field's own option labels are its words in fields.json
// (field-labels.test.ts).
const heOptions = heResources.options;
const enOptions = enResources.options;

/** Every option value the app can show has a label in both languages, and no label is orphaned. */
const valuesByLabelGroup: Record<keyof typeof heOptions, readonly string[]> = {
  propertyStatus: PROPERTY_STATUSES,
  mediaGroup: MEDIA_GROUPS.map((group) => group.key),
  companyType: COMPANY_TYPES,
  yesNo: ['yes', 'no'],
};
describe('option labels', () => {
  it.each(Object.entries(valuesByLabelGroup))(
    'labels every %s value in Hebrew and English',
    (group, values) => {
      const he = heOptions[group as keyof typeof heOptions];
      const en = enOptions[group as keyof typeof enOptions];
      expect(Object.keys(he).sort()).toEqual([...values].sort());
      expect(Object.keys(en).sort()).toEqual([...values].sort());
      for (const label of [...Object.values(he), ...Object.values(en)]) expect(label.trim()).not.toBe('');
    },
  );
});
