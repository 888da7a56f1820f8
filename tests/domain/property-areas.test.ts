import { MARKETED_AREA_FIELD, shownAreaOf, TOTAL_AREA_FIELD, wholeAreaOf } from '@domain/property-areas';
import { PROPERTY_FIELDS } from '@domain/property-fields';
import { describe, expect, it } from 'vitest';

describe('the areas a client is quoted', () => {
  it('are two m² fields of the registry, the marketed one held within the total', () => {
    expect(PROPERTY_FIELDS[TOTAL_AREA_FIELD].unit).toBe('sqm');
    expect(PROPERTY_FIELDS[MARKETED_AREA_FIELD].unit).toBe('sqm');
    expect(PROPERTY_FIELDS[MARKETED_AREA_FIELD].atMost.field).toBe(TOTAL_AREA_FIELD);
  });

  it('shows the marketed area, else the total, else nothing', () => {
    const areas = (total: number | null, marketed: number | null) =>
      ({ [TOTAL_AREA_FIELD]: total, [MARKETED_AREA_FIELD]: marketed }) as Parameters<typeof shownAreaOf>[0];
    expect(shownAreaOf(areas(1250, 800))).toBe(800);
    expect(shownAreaOf(areas(1250, null))).toBe(1250);
    expect(shownAreaOf(areas(null, null))).toBeNull();
  });

  it('states the whole space in the order, whatever part is marketed', () => {
    const areas = { [TOTAL_AREA_FIELD]: 1250, [MARKETED_AREA_FIELD]: 800 } as Parameters<
      typeof wholeAreaOf
    >[0];
    expect(wholeAreaOf(areas)).toBe(1250);
  });
});
