import { refinementCount } from '@domain/list-refinement-count';
import { isRefined, parsePropertyListView } from '@domain/property-list-query';
import { describe, expect, it } from 'vitest';

describe('the list view in the address', () => {
  it('keeps a valid sort, kinds, city and ranges, leaving the defaults out', () => {
    const view = parsePropertyListView({
      sort: 'totalArea',
      order: 'asc',
      kind: 'retail,offices,retail',
      dealType: 'rent',
      city: '  חיפה ',
      areaMin: '100',
      areaMax: 500,
      priceMax: '2500000',
    });

    expect(view).toEqual({
      sort: 'totalArea',
      order: 'asc',
      kind: 'offices,retail',
      dealType: 'rent',
      city: 'חיפה',
      areaMin: 100,
      areaMax: 500,
      priceMax: 2_500_000,
    });
    expect(refinementCount(view)).toBe(5);
    expect(parsePropertyListView({ sort: 'updatedAt', order: 'desc' })).toEqual({});
  });

  it('drops what it cannot use instead of failing: unknown sorts and kinds, bad numbers, inverted ranges', () => {
    expect(
      parsePropertyListView({
        sort: 'toString',
        order: 'sideways',
        kind: 'castle',
        dealType: 'rentOrSale',
        city: '   ',
        areaMin: '-5',
        areaMax: 'lots',
        rentMin: '90',
        rentMax: '40',
        priceMin: '1e20',
        divisible: 'maybe',
        condition: 'ruined',
      }),
    ).toEqual({});
  });

  it('keeps divisible (yes and no) and the conditions, in the catalogue order', () => {
    const view = parsePropertyListView({
      sort: 'entryDate',
      divisible: true,
      condition: 'furnished,shell,x',
    });

    expect(view).toEqual({ sort: 'entryDate', divisible: true, condition: 'shell,furnished' });
    expect(refinementCount(view)).toBe(2);
    expect(parsePropertyListView({ divisible: 'false' })).toEqual({ divisible: false });
    expect(refinementCount({ divisible: false })).toBe(1);
    expect(isRefined({ divisible: false })).toBe(true);
    expect(isRefined({ sort: 'entryDate', order: 'asc' })).toBe(false);
  });
});
