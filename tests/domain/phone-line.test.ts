import { checkMobileLine } from '@domain/phone-line';
import { describe, expect, it } from 'vitest';

describe('checkMobileLine', () => {
  it.each([
    ['an Israeli landline, 03-1234567', '+97231234567'],
    ['an Israeli landline, 02-5412345', '+97225412345'],
    ['an Israeli VoIP number, 072-2123456', '+972722123456'],
    ['a London landline', '+442071234567'],
    ['a Paris landline', '+33123456789'],
  ])('asks for a mobile for %s', async (_, e164) => {
    expect(await checkMobileLine(e164)).toBe('mobileRequired');
  });

  it.each([
    ['an Israeli mobile, 053-1234567', '+972531234567'],
    // A range the metadata does not list (050-1…): valid by the plan's pattern, type unknown, so it passes.
    ['an Israeli mobile whose range the metadata lacks, 050-1234567', '+972501234567'],
    ['a UK mobile', '+447911123456'],
    ['a French mobile', '+33612345678'],
    // The US plan cannot tell mobile from fixed: nobody is refused there.
    ['a US number', '+12025550123'],
  ])('takes %s', async (_, e164) => {
    expect(await checkMobileLine(e164)).toBeNull();
  });
});
