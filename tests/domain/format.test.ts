import { formatArea, formatCount, formatFileSize, formatPercent, formatShekel } from '@domain/format';
import { describe, expect, it } from 'vitest';

/** Intl adds bidi marks (U+200F, U+200E) and no-break spaces; compare the text a reader sees. */
function plain(text: string | null): string | null {
  return text === null ? null : text.replace(/[\u200e\u200f]/g, '').replace(/[\u00a0\u202f]/g, ' ');
}

describe('formatArea', () => {
  it('writes square metres in Hebrew and English', () => {
    expect(plain(formatArea(1250, 'he'))).toBe('1,250 מ״ר');
    expect(plain(formatArea(1250, 'en'))).toBe('1,250 m²');
  });

  it('keeps the number and the unit together with a no-break space', () => {
    expect(formatArea(80, 'en')).toBe('80\u00a0m²');
  });

  it('shows up to two decimals', () => {
    expect(plain(formatArea(1250.5, 'en'))).toBe('1,250.5 m²');
    expect(plain(formatArea(99.999, 'en'))).toBe('100 m²');
  });

  it('gives null when there is no area, so the caller shows "not available"', () => {
    expect(formatArea(null, 'he')).toBeNull();
    expect(formatArea(undefined, 'en')).toBeNull();
    expect(formatArea(Number.NaN, 'en')).toBeNull();
  });
});

describe('formatShekel', () => {
  it('writes whole shekels', () => {
    expect(plain(formatShekel(1_250_000, 'he'))).toBe('1,250,000 ₪');
    expect(plain(formatShekel(1_250_000, 'en'))).toBe('₪1,250,000');
    expect(plain(formatShekel(349.6, 'en'))).toBe('₪350');
  });

  it('gives null when there is no amount', () => {
    expect(formatShekel(null, 'he')).toBeNull();
  });
});

describe('formatPercent', () => {
  it('writes points as a percentage', () => {
    expect(plain(formatPercent(83, 'he'))).toBe('83%');
    expect(plain(formatPercent(100, 'en'))).toBe('100%');
    expect(plain(formatPercent(0, 'en'))).toBe('0%');
  });

  it('gives null when there is no value', () => {
    expect(formatPercent(null, 'en')).toBeNull();
  });
});

describe('formatCount', () => {
  it('writes whole numbers with thousands separators in both languages', () => {
    expect(plain(formatCount(12500, 'he'))).toBe('12,500');
    expect(plain(formatCount(12500, 'en'))).toBe('12,500');
    expect(plain(formatCount(0, 'he'))).toBe('0');
  });

  it('rounds a fraction to a whole count', () => {
    expect(plain(formatCount(2.6, 'en'))).toBe('3');
  });
});

describe('formatFileSize', () => {
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');
  it.each([
    [600, '0.6 kB'],
    [1024, '1 kB'],
    [45 * 1024, '45 kB'],
    [2.6 * 1024 * 1024, '2.6 MB'],
    [15 * 1024 * 1024, '15 MB'],
    [10, '0.1 kB'],
  ])('gives %i bytes as %s, one way everywhere', (bytes, expected) => {
    expect(plain(formatFileSize(bytes, 'en'))).toBe(expected);
  });

  it('keeps the Hebrew size one left-to-right island, so the unit never jumps to the other side', () => {
    expect(plain(formatFileSize(45 * 1024, 'he'))).toBe('\u206645 kB\u2069');
    expect(plain(formatFileSize(15 * 1024 * 1024, 'he'))).toBe('\u206615 MB\u2069');
    // Intl's Hebrew pattern for a size under 1 puts the unit first ("kB\u200F0.6"): not here.
    expect(plain(formatFileSize(600, 'he'))).toBe('\u20660.6 kB\u2069');
  });
});
