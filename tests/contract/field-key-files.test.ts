import { PROPERTY_FIELD_KEYS, type PropertyFieldKey } from '@domain/property-fields';
import { describe, expect, it } from 'vitest';
import { filesNaming, handWrittenFiles } from './field-key-files';

/** Issue 21's goal: the registry and the two locale files of the field's label. */
const MOST_FILES = 3;

/**
 * The fields that stand in more files today, at most in as many as they do now, so no field spreads
 * further (lower a figure when a file stops naming the field). Locale files beyond fields.json (hints
 * in wizard.json, the listing facts' labels in facts.json, option labels in options.json), the wizard's
 * steps laid out by hand and the copy of a property name most of them; city, description, address,
 * propertyKind and floor are also ordinary words of other records (a broker's city, a machine's
 * description, a server's address).
 */
const STANDS_IN_MORE_TODAY: Partial<Record<PropertyFieldKey, number>> = {
  propertyKind: 36,
  usageCategories: 11,
  usageCategoriesOther: 10,
  city: 38,
  address: 32,
  propertyCategory: 17,
  buildingClass: 9,
  marketingArea: 5,
  divisible: 11,
  minDivisibleArea: 5,
  dealType: 20,
  askingRentPerSqm: 8,
  salePrice: 8,
  managementFeePerSqm: 5,
  arnonaPerSqm: 5,
  entryDate: 7,
  description: 37,
  tourLink: 7,
  floorsInBuilding: 6,
  floor: 11,
  accessibleForDisabled: 5,
  hasParking: 6,
  parkingMonthlyCost: 8,
  bicycleParking: 5,
  truckAccess: 10,
  lobbyType: 7,
  securityMeasures: 7,
  passengerElevator: 5,
  freightElevator: 6,
  nearbyParking: 7,
  condition: 9,
  clearHeight: 5,
  floorLoad: 5,
  electricalCapacity: 5,
  publicTransport: 7,
  mainTrafficRoutes: 7,
  portsAirportsProximity: 7,
  onsiteAmenities: 7,
};

describe('the hand-written files that name a field of the registry', () => {
  const files = handWrittenFiles();
  const naming = filesNaming(PROPERTY_FIELD_KEYS, files);

  it('finds the registry itself among the files it scans', () => {
    expect(files).toContain('domain/property-fields.ts');
    for (const key of PROPERTY_FIELD_KEYS) expect(naming.get(key)).toContain('domain/property-fields.ts');
  });

  it('names no field in the seed: it draws every field from the registry’s samples', () => {
    const inSeed = [...naming].filter(([, where]) => where.some((file) => /^scripts\/seed/.test(file)));

    expect(inSeed).toEqual([]);
  });

  it(`names a field in at most ${MOST_FILES} files, or no more than it does today`, () => {
    const spread = [...naming]
      .filter(([key, where]) => where.length > Math.max(MOST_FILES, STANDS_IN_MORE_TODAY[key] ?? 0))
      .map(([key, where]) => `${key} in ${where.length} files: ${where.join(', ')}`);
    const most = [...naming].reduce((a, b) => (b[1].length > a[1].length ? b : a));
    console.info(
      `field keys in hand-written files: totalArea ${naming.get('totalArea')?.length}, ` +
        `most ${most[0]} ${most[1].length}, ${[...naming].filter(([, where]) => where.length <= MOST_FILES).length} ` +
        `of ${PROPERTY_FIELD_KEYS.length} fields in at most ${MOST_FILES}`,
    );

    expect(spread).toEqual([]);
  });

  it('counts a field named in code, a key or a path, not in prose or as a built-in', () => {
    const names = filesNaming(
      ['floor', 'address', 'clearHeight'],
      ['scripts/seed.ts', 'src/i18n/locales/en/fields.json'],
    );

    // The seed rounds with Math.floor and says in a comment that a draft keeps its address; the
    // English words are keyed by the fields.
    expect(names.get('floor')).toEqual(['src/i18n/locales/en/fields.json']);
    expect(names.get('address')).toEqual(['src/i18n/locales/en/fields.json']);
    expect(names.get('clearHeight')).toEqual(['src/i18n/locales/en/fields.json']);
    expect(filesNaming(['propertyKind'], ['domain/property-fields.ts']).get('propertyKind')).toHaveLength(1);
  });
});
