import { leadCompanyOf, leadPersonalDetails } from '@domain/lead-details';
import { describe, expect, it } from 'vitest';

/** One rule for a lead's details: the client's save-lead body and the server's lead both use it. */

describe('leadPersonalDetails', () => {
  it('keeps the names and email trimmed, the phone and the terms as given', () => {
    expect(
      leadPersonalDetails({
        firstName: '  דנה ',
        lastName: 'לוי  ',
        email: ' dana@example.co.il ',
        phoneNumber: '+972501234567',
        acceptedTerms: true,
      }),
    ).toEqual({
      firstName: 'דנה',
      lastName: 'לוי',
      email: 'dana@example.co.il',
      phoneNumber: '+972501234567',
      acceptedTerms: true,
    });
  });

  it('keeps nothing else a stored lead or a request carries', () => {
    const stored = {
      id: 'lead-1',
      firstName: 'דנה',
      lastName: 'לוי',
      email: 'dana@example.co.il',
      phoneNumber: '+972501234567',
      acceptedTerms: false,
      companyName: 'נכסי הצפון',
    };
    expect(Object.keys(leadPersonalDetails(stored)).sort()).toEqual([
      'acceptedTerms',
      'email',
      'firstName',
      'lastName',
      'phoneNumber',
    ]);
  });
});

describe('leadCompanyOf', () => {
  it('nests the company when it has both a name and a type', () => {
    expect(leadCompanyOf('נכסי הצפון', 'brokerage')).toEqual({
      name: 'נכסי הצפון',
      companyType: 'brokerage',
    });
  });

  it.each([
    ['a name alone', 'נכסי הצפון', null],
    ['a type alone', null, 'brokerage'],
    ['an empty name', '', 'brokerage'],
    ['neither', undefined, undefined],
  ] as const)('has no company for %s', (_case, name, type) => {
    expect(leadCompanyOf(name, type)).toBeNull();
  });
});
