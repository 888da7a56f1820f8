import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { reviewRows } from '@/features/property-wizard/review/review-values';
import { completeForm } from '../../domain/property-fixtures';

/** The key itself for a text: what the review asks of its namespaces is what this shows. */
const keys = ((key: string) => key) as unknown as TFunction<'wizard'> &
  TFunction<'options'> &
  TFunction<'fields'>;

function floorText(floor: number): string | null | undefined {
  const form = completeForm('industry');
  form.buildingDetails.floor = floor;
  return reviewRows(form, 3, keys, keys, keys, 'he').find((row) => row.field === 'floor')?.text;
}

describe('the review of the floor', () => {
  it('names floor 0 the ground floor, as the view page does', () => {
    expect(floorText(0)).toBe('units.groundFloor');
  });

  it('writes other floors as numbers', () => {
    expect(floorText(3)).toBe('3');
  });
});
