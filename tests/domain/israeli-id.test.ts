import { isValidIsraeliId, normalizeIsraeliId } from '@domain/israeli-id';
import { describe, expect, it } from 'vitest';

describe('Israeli identity number', () => {
  it('accepts numbers whose check digit is right', () => {
    for (const id of ['000000018', '123456782', '12345678-2', '12345678 2', '00018']) {
      expect(isValidIsraeliId(id), id).toBe(true);
    }
  });

  it('rejects a wrong check digit, letters, all zeros, too few or too many digits', () => {
    expect(isValidIsraeliId('123456789')).toBe(false);
    expect(isValidIsraeliId('12345678a')).toBe(false);
    expect(isValidIsraeliId('000000000')).toBe(false);
    expect(isValidIsraeliId('1234567820')).toBe(false);
    expect(isValidIsraeliId('')).toBe(false);
    expect(isValidIsraeliId('18')).toBe(false);
  });

  it('pads short numbers with the zeros people leave out', () => {
    expect(normalizeIsraeliId('5555')).toBeNull();
    expect(normalizeIsraeliId('12345')).toBe('000012345');
  });
});
