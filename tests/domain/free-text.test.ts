import { validateCompanyDetails } from '@domain/auth-validation';
import { hasHiddenOrControlCharacters } from '@domain/free-text';
import { inputToValues } from '@domain/property-values';
import { valueErrors } from '@domain/wizard-rules';
import { describe, expect, it } from 'vitest';

/** One rule for free text, and the form rules (client and server) that use it. */

const HIDDEN = {
  'right-to-left override': 'רוטשילד \u202E22',
  'left-to-right embedding': '\u202Aרוטשילד 22',
  'pop directional formatting': 'רוטשילד 22\u202C',
  'first-strong isolate': '\u2068רוטשילד\u2069 22',
  'zero-width space': 'תל\u200Bאביב',
  'zero-width joiner': 'תל\u200Dאביב',
  'word joiner': 'תל\u2060אביב',
  'byte order mark': '\uFEFFחיפה',
  'soft hyphen': 'חי\u00ADפה',
  'escape (C0)': 'חיפה\u001B[31m',
  'next line (C1)': 'חיפה\u0085',
  delete: 'חיפה\u007F',
};

describe('hasHiddenOrControlCharacters', () => {
  it.each(Object.entries(HIDDEN))('finds a %s', (_name, text) => {
    expect(hasHiddenOrControlCharacters(text)).toBe(true);
  });

  it.each([
    ['Hebrew with geresh and maqaf', 'תל אביב־יפו, ז׳בוטינסקי 1'],
    ['a right-to-left mark from a pasted price', '1,250,000\u200F ₪'],
    ['lines and tabs of a longer text', 'קומה 3\nכניסה ב׳\tחניה'],
    ['English and digits', "Rothschild Blvd 22, 'A'"],
  ])('lets %s through', (_name, text) => {
    expect(hasHiddenOrControlCharacters(text)).toBe(false);
  });
});

describe('the forms that use it', () => {
  it('refuses hidden characters in the company name and position', () => {
    const errors = validateCompanyDetails({
      companyName: HIDDEN['right-to-left override'],
      companyType: 'brokerage',
      position: HIDDEN['zero-width space'],
    });

    expect(errors).toEqual({
      companyName: 'validation.unsafeCharacters',
      position: 'validation.unsafeCharacters',
    });
  });

  it('refuses hidden characters in the city, the address and the "other" usage', () => {
    const values = inputToValues({
      propertyKind: 'retail',
      usageCategories: ['other'],
      usageCategoriesOther: HIDDEN['byte order mark'],
      city: HIDDEN['zero-width joiner'],
      address: HIDDEN['right-to-left override'],
    });

    const unsafe = valueErrors(values).filter((error) => error.key === 'unsafeCharacters');

    expect(unsafe.map((error) => error.field).sort()).toEqual(['address', 'city', 'usageCategoriesOther']);
  });
});
