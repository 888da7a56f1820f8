import {
  COMPLETION_CORE_FIELDS,
  COMPLETION_OPTIONAL_FIELDS,
  type CompletionValues,
  dataCompletion,
} from '@domain/data-completion';
import { createEmptyPropertyForm, formToValues } from '@domain/property-form';
import {
  LOBBY_TYPES,
  NEARBY_PARKING,
  ONSITE_AMENITIES,
  PORTS_AIRPORTS,
  PROPERTY_KINDS,
  PUBLIC_TRANSPORT,
  SECURITY_MEASURES,
  TRUCK_ACCESS,
} from '@domain/property-options';
import { isFilled } from '@domain/property-values';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeForm, fullLogisticsValues } from './property-fixtures';

// Weights: non-empty list 1.5; other core field 1; other optional field 0.5. Divisor 21.

describe('dataCompletion, hand-computed', () => {
  it('scores nothing filled as 0', () => {
    // 0 / 21 × 100 = 0
    expect(dataCompletion({})).toBe(0);
    expect(dataCompletion(formToValues(createEmptyPropertyForm()))).toBe(0);
  });

  it('scores address and city alone as 10', () => {
    // (1 + 1) / 21 × 100 = 9.52 → 10
    expect(dataCompletion({ address: 'הרצל 1', city: 'חיפה' })).toBe(10);
  });

  it('does not count blank strings', () => {
    // only city: 1 / 21 × 100 = 4.76 → 5
    expect(dataCompletion({ address: '   ', city: 'חיפה' })).toBe(5);
  });

  it('caps a fully filled property at 100', () => {
    // core 10 × 1 + 2 lists × 1.5 = 13; optional 3 × 0.5 + 6 lists × 1.5 = 10.5; 23.5 / 21 × 100 = 111.9 → 100
    expect(dataCompletion(fullLogisticsValues())).toBe(100);
  });

  it('weighs a non-empty list 1.5 and a single value 1 (core) or 0.5 (optional)', () => {
    // securityMeasures: 1.5 / 21 × 100 = 7.14 → 7; lobbyType: 1 / 21 × 100 = 4.76 → 5
    expect(dataCompletion({ securityMeasures: ['cameras'] })).toBe(7);
    expect(dataCompletion({ lobbyType: 'activeLobby' })).toBe(5);
    // optional list publicTransport: 1.5 / 21 → 7; optional single floorsInBuilding: 0.5 / 21 × 100 = 2.38 → 2
    expect(dataCompletion({ publicTransport: ['lightRail'] })).toBe(7);
    expect(dataCompletion({ floorsInBuilding: 4 })).toBe(2);
    // an empty list weighs nothing
    expect(dataCompletion({ securityMeasures: [], publicTransport: [] })).toBe(0);
  });

  it('counts false as an answer', () => {
    // four core booleans answered "no": 4 × 1 = 4; 4 / 21 × 100 = 19.05 → 19
    expect(
      dataCompletion({
        accessibleForDisabled: false,
        hasParking: false,
        passengerElevator: false,
        freightElevator: false,
      }),
    ).toBe(19);
    // bicycleParking false is an optional answer: 0.5 / 21 × 100 = 2.38 → 2
    expect(dataCompletion({ bicycleParking: false })).toBe(2);
    expect(dataCompletion({ bicycleParking: null, hasParking: null })).toBe(0);
  });

  it('scores every core field and no optional one as 62', () => {
    // 10 × 1 + 2 × 1.5 = 13; 13 / 21 × 100 = 61.9 → 62
    const full = fullLogisticsValues();
    const coreOnly = Object.fromEntries(COMPLETION_CORE_FIELDS.map((field) => [field, full[field]]));
    expect(dataCompletion(coreOnly)).toBe(62);
  });

  it('reaches 100 from a sum of 21, and not at 20.5', () => {
    // 23.5 − floors 0.5 − bicycle 0.5 − ports 1.5 = 21 → 100
    const full = fullLogisticsValues();
    const at21 = { ...full, floorsInBuilding: null, bicycleParking: null, portsAirportsProximity: [] };
    expect(dataCompletion(at21)).toBe(100);
    // − parkingMonthlyCost 0.5 more = 20.5; 20.5 / 21 × 100 = 97.6 → 98
    expect(dataCompletion({ ...at21, parkingMonthlyCost: null })).toBe(98);
  });

  it('counts only what is filled, whatever the kind', () => {
    // kind alone: 1 / 21 × 100 = 4.76 → 5, for every kind
    expect(dataCompletion({ propertyKind: 'offices' })).toBe(5);
    expect(dataCompletion({ propertyKind: 'logistics' })).toBe(5);
    // an office with every question it is asked answered (usage categories are not asked):
    // 23.5 − usage 1.5 = 22 → 104.8, capped at 100
    const office = completeForm('offices');
    office.buildingDetails.freightElevator = false;
    office.environmentTransport.portsAirportsProximity = ['benGurionAirport'];
    expect(dataCompletion(formToValues(office))).toBe(100);
    // the fixture leaves freight elevator and ports open: 22 − 1 − 1.5 = 19.5 → 92.86 → 93
    expect(dataCompletion(formToValues(completeForm('offices')))).toBe(93);
  });

  it('reads an API body with fields left out', () => {
    // city 1 + hasParking 1 + nearbyParking 1.5 = 3.5; 3.5 / 21 × 100 = 16.67 → 17
    expect(dataCompletion({ city: 'באר שבע', hasParking: true, nearbyParking: ['streetParking'] })).toBe(17);
  });
});

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const subset = <T>(values: readonly T[]) => fc.subarray([...values]);

const completionValues: fc.Arbitrary<CompletionValues> = fc.record({
  address: maybe(fc.string()),
  city: maybe(fc.string()),
  propertyKind: maybe(fc.constantFrom(...PROPERTY_KINDS)),
  propertyCategory: maybe(fc.constantFrom('tower', 'mall', 'logisticsPark' as const)),
  buildingClass: maybe(fc.constantFrom('classA', 'classB', 'classC' as const)),
  usageCategories: subset(['dryStorage', 'showroom', 'other'] as const),
  accessibleForDisabled: maybe(fc.boolean()),
  hasParking: maybe(fc.boolean()),
  passengerElevator: maybe(fc.boolean()),
  freightElevator: maybe(fc.boolean()),
  lobbyType: maybe(fc.constantFrom(...LOBBY_TYPES)),
  securityMeasures: subset(SECURITY_MEASURES),
  floorsInBuilding: maybe(fc.integer({ min: 1, max: 300 })),
  nearbyParking: subset(NEARBY_PARKING),
  bicycleParking: maybe(fc.boolean()),
  truckAccess: subset(TRUCK_ACCESS),
  parkingMonthlyCost: maybe(fc.double({ min: 1, max: 10_000, noNaN: true })),
  onsiteAmenities: subset(ONSITE_AMENITIES),
  publicTransport: subset(PUBLIC_TRANSPORT),
  mainTrafficRoutes: subset(['highways', 'cityExits'] as const),
  portsAirportsProximity: subset(PORTS_AIRPORTS),
});

const filledValue = {
  address: 'יפו 5',
  city: 'ירושלים',
  propertyKind: 'industry',
  propertyCategory: 'industrialPark',
  buildingClass: 'classC',
  usageCategories: ['lightIndustry'],
  accessibleForDisabled: false,
  hasParking: false,
  passengerElevator: false,
  freightElevator: false,
  lobbyType: 'none',
  securityMeasures: ['cameras'],
  floorsInBuilding: 1,
  nearbyParking: ['streetParking'],
  bicycleParking: false,
  truckAccess: ['none'],
  parkingMonthlyCost: 1,
  onsiteAmenities: ['bank'],
  publicTransport: ['trainStation'],
  mainTrafficRoutes: ['cityExits'],
  portsAirportsProximity: ['haifaPort'],
} as const satisfies Required<CompletionValues>;

describe('dataCompletion, properties', () => {
  it('is always an integer from 0 to 100', () => {
    fc.assert(
      fc.property(completionValues, (values) => {
        const score = dataCompletion(values);
        return Number.isInteger(score) && score >= 0 && score <= 100;
      }),
    );
  });

  it('never drops when one more field is filled', () => {
    const fields = [...COMPLETION_CORE_FIELDS, ...COMPLETION_OPTIONAL_FIELDS];
    fc.assert(
      fc.property(
        completionValues,
        fc.constantFrom(...fields),
        fc.constantFrom(...PROPERTY_KINDS),
        (values, field, kind) => {
          fc.pre(!isFilled(values[field]));
          const filled = { ...values, [field]: field === 'propertyKind' ? kind : filledValue[field] };
          return dataCompletion(filled) >= dataCompletion(values);
        },
      ),
    );
  });

  it('rises when a field is filled on an otherwise empty property', () => {
    for (const field of [...COMPLETION_CORE_FIELDS, ...COMPLETION_OPTIONAL_FIELDS]) {
      expect(dataCompletion({ [field]: filledValue[field] }), field).toBeGreaterThan(0);
    }
  });
});
