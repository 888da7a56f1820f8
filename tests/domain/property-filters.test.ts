import { readFileSync } from 'node:fs';
import { FILTER_FIELDS, validateFilterItems } from '@domain/filter-item-check';
import {
  type FilterItem,
  filterItemsFor,
  isPropertyListFilter,
  PROPERTY_LIST_FILTERS,
} from '@domain/property-filters';
import { PROPERTY_CATEGORIES } from '@domain/property-options';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

describe('filterItemsFor', () => {
  it('offers the five buttons of the list in order', () => {
    expect(PROPERTY_LIST_FILTERS).toEqual(['all', 'marketing', 'drafts', 'engagements', 'publications']);
    expect(isPropertyListFilter('drafts')).toBe(true);
    expect(isPropertyListFilter('archived')).toBe(false);
  });

  it('maps each button to the filter body of spec 9', () => {
    expect(filterItemsFor('all')).toEqual([]);
    expect(filterItemsFor('drafts')).toEqual([{ field: 'status', operator: 'equals', value: 'draft' }]);
    expect(filterItemsFor('engagements')).toEqual([
      { field: 'hasEngagements', operator: 'equals', value: true },
    ]);
    expect(filterItemsFor('publications')).toEqual([
      { field: 'activePublications', operator: 'greaterThan', value: 0 },
    ]);
  });

  it('reads "in marketing" as published, since no category is called Commercial', () => {
    expect(PROPERTY_CATEGORIES).not.toContain('Commercial');
    expect(filterItemsFor('marketing')).toEqual([
      { field: 'status', operator: 'equals', value: 'published' },
    ]);
  });

  it('gives bodies the server accepts', () => {
    for (const filter of PROPERTY_LIST_FILTERS)
      expect(validateFilterItems(filterItemsFor(filter))).toEqual([]);
  });

  it('returns a new body each time', () => {
    const body = filterItemsFor('drafts');
    body[0] = { field: 'status', operator: 'equals', value: 'published' };
    expect(filterItemsFor('drafts')[0]?.value).toBe('draft');
  });
});

describe('validateFilterItems', () => {
  it('describes every field the contract allows', () => {
    const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'));
    const contractFields: string[] = document.components.schemas.FilterItem.properties.field.enum;
    expect(Object.keys(FILTER_FIELDS).sort()).toEqual([...contractFields].sort());
  });

  it('accepts well-typed items', () => {
    const items: FilterItem[] = [
      { field: 'propertyKind', operator: 'equals', value: 'logistics' },
      { field: 'buildingClass', operator: 'equals', value: 'classA' },
      { field: 'city', operator: 'equals', value: 'נתניה' },
      { field: 'activePublications', operator: 'equals', value: 3 },
      { field: 'propertyCategory', operator: 'equals', value: 'mall' },
    ];
    expect(validateFilterItems(items)).toEqual([]);
  });

  it('allows greaterThan only on the publication count', () => {
    expect(validateFilterItems([{ field: 'status', operator: 'greaterThan', value: 'draft' }])).toEqual([
      { path: '/0/operator', key: 'operatorNotAllowed' },
    ]);
    expect(validateFilterItems([{ field: 'city', operator: 'greaterThan', value: 'אילת' }])).toEqual([
      { path: '/0/operator', key: 'operatorNotAllowed' },
    ]);
  });

  it('refuses a value of the wrong type or outside the options', () => {
    const items: FilterItem[] = [
      { field: 'hasEngagements', operator: 'equals', value: 'true' },
      { field: 'activePublications', operator: 'greaterThan', value: -1 },
      { field: 'activePublications', operator: 'equals', value: 1.5 },
      { field: 'propertyCategory', operator: 'equals', value: 'Commercial' },
      { field: 'status', operator: 'equals', value: 1 },
      { field: 'city', operator: 'equals', value: '  ' },
      { field: 'city', operator: 'equals', value: 'א'.repeat(81) },
    ];
    expect(validateFilterItems(items)).toEqual(
      items.map((_, index) => ({ path: `/${index}/value`, key: 'invalidValue' })),
    );
  });

  it('refuses a field the contract does not know, including inherited names', () => {
    const items = [
      { field: 'salePrice', operator: 'equals', value: 1 },
      { field: 'toString', operator: 'equals', value: 'x' },
    ] as unknown as FilterItem[];
    expect(validateFilterItems(items)).toEqual([
      { path: '/0/field', key: 'unknownField' },
      { path: '/1/field', key: 'unknownField' },
    ]);
  });
});
