import { type FieldWords, fieldText } from '@domain/field-text';
import { describe, expect, it } from 'vitest';

/** Marks and no-break spaces Intl adds for direction and layout, out of the way of the digits. */
const plain = (text: string | null) =>
  text
    ?.replace(/[\u200e\u200f\u00a0]/g, ' ')
    .replace(/ +/g, ' ')
    .trim();

function words(language: 'he' | 'en'): FieldWords {
  return {
    language,
    option: (_field, value) => value,
    yes: 'yes',
    no: 'no',
    unitSuffix: (unit) => (unit === 'shekelPerSqmMonth' ? 'per m² per month' : unit),
  };
}

describe('fieldText', () => {
  it('keeps the agorot of a rate per m², as listings quote arnona and management fees', () => {
    expect(plain(fieldText('arnonaPerSqm', 9.5, words('en')))).toBe('₪9.50 per m² per month');
    expect(plain(fieldText('managementFeePerSqm', 12.75, words('he')))).toBe('12.75 ₪ per m² per month');
  });

  it('writes a whole rate without decimals', () => {
    expect(plain(fieldText('askingRentPerSqm', 48, words('en')))).toBe('₪48 per m² per month');
  });

  it('writes a sale price in whole shekels', () => {
    expect(plain(fieldText('salePrice', 52_000_000, words('he')))).toBe('52,000,000 ₪');
  });
});

describe('fieldText of the floor', () => {
  it('names floor 0 the ground floor, as listings write it', () => {
    expect(fieldText('floor', 0, { ...words('he'), groundFloor: 'קרקע' })).toBe('קרקע');
  });

  it('writes other floors, basements included, as numbers', () => {
    expect(plain(fieldText('floor', 3, { ...words('en'), groundFloor: 'Ground' }))).toBe('3');
    expect(plain(fieldText('floor', -1, { ...words('en'), groundFloor: 'Ground' }))).toBe('-1');
  });

  it('writes 0 of any other count as a number, with the ground floor in its words', () => {
    expect(plain(fieldText('loadingDocks', 0, { ...words('en'), groundFloor: 'Ground' }))).toBe('0');
  });
});
