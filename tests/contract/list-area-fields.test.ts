import { PROPERTY_FIELDS } from '@domain/property-fields';
import { LIST_AREA_FIELDS } from '@domain/property-list-query';
import { LISTED_FIELDS } from '@domain/property-list-tables';
import { describe, expect, it } from 'vitest';

describe('the list row’s areas', () => {
  it('are the registry’s listed fields in m², in its order', () => {
    const unit = (field: string) => (PROPERTY_FIELDS as Record<string, { unit?: string }>)[field]?.unit;
    expect(LIST_AREA_FIELDS).toEqual(LISTED_FIELDS.filter((field) => unit(field) === 'sqm'));
  });
});
