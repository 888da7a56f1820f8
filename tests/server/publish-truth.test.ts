/**
 * Issue 19, "one truth about what is missing": for random forms of every kind, the wizard's
 * "all required fields are filled in" (the status line on the review step), six ticks on the
 * stepper, an enabled "publish" and the server accepting the publish all say the same thing.
 */
import { type FormSection, fieldSpec, fieldsOfSection, type PropertyFieldKey } from '@domain/property-fields';
import { createEmptyPropertyForm, type PropertyForm, toPropertyInput } from '@domain/property-form';
import {
  PROPERTY_KINDS,
  type PropertyKind,
  propertyCategoriesFor,
  usageCategoriesFor,
} from '@domain/property-options';
import { canPublish, formProblems, isStepComplete } from '@domain/wizard-rules';
import { LAST_WIZARD_STEP, WIZARD_STEPS } from '@domain/wizard-steps';
import { selectMissingCount } from '@machines/property-wizard/property-wizard.selectors';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/http/app-error';
import { assertSavable } from '../../server/properties/property-rules';
import { appForTests } from './helpers/app-for-tests';
import { signedInUser } from './helpers/sign-in';

const RUNS_PER_KIND = 1_000;
const HTTP_RUNS_PER_KIND = 25;

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const subset = <T>(values: readonly T[]) => fc.subarray([...values]);
/** The values the registry offers for a choice field, so the forms hold what the wizard offers. */
const optionsOf = (key: PropertyFieldKey): readonly string[] => fieldSpec(key).options ?? [];
const oneOf = (key: PropertyFieldKey) => maybe(fc.constantFrom(...optionsOf(key)));
/** Blank, ordinary and too long: each decides differently. */
const text = fc.constantFrom('', '   ', 'חיפה', ' דרך העצמאות 40 ', 'א'.repeat(201));
/** Each side of every range (issue 19): ₪10,000 rent or parking, 1,000,000 m², ₪10,000,000,000. */
const amount = maybe(
  fc.constantFrom(-5, 0, 0.5, 250, 10_000, 10_001, 1_000_000, 1_000_001, 10_000_000_000, 10_000_000_001),
);

/** A form the wizard can hold for `kind`: kind-specific answers drawn from every kind, on purpose. */
function formOf(kind: PropertyKind): fc.Arbitrary<PropertyForm> {
  const usage = fc.oneof(subset(usageCategoriesFor(kind)), subset(optionsOf('usageCategories')));
  return fc
    .record({
      usageCategories: usage,
      usageCategoriesOther: text,
      city: text,
      address: text,
      propertyCategory: oneOf('propertyCategory'),
      buildingClass: maybe(fc.constantFrom('classA', 'classB', 'classC' as const)),
      totalArea: amount,
      marketingArea: amount,
      askingRentPerSqm: amount,
      salePrice: amount,
      floorsInBuilding: maybe(fc.constantFrom(-1, 0, 2.5, 1, 12, 200, 201)),
      accessibleForDisabled: maybe(fc.boolean()),
      hasParking: maybe(fc.boolean()),
      parkingMonthlyCost: amount,
      bicycleParking: maybe(fc.boolean()),
      truckAccess: subset(optionsOf('truckAccess')),
      lobbyType: oneOf('lobbyType'),
      securityMeasures: subset(optionsOf('securityMeasures')),
      passengerElevator: maybe(fc.boolean()),
      freightElevator: maybe(fc.boolean()),
      nearbyParking: subset(optionsOf('nearbyParking')),
      publicTransport: subset(optionsOf('publicTransport')),
      mainTrafficRoutes: subset(optionsOf('mainTrafficRoutes')),
      portsAirportsProximity: subset(optionsOf('portsAirportsProximity')),
      onsiteAmenities: subset(optionsOf('onsiteAmenities')),
      // Issue 21's facts, each side of its bounds, and answers hidden by the kind or another answer.
      divisible: maybe(fc.boolean()),
      minDivisibleArea: amount,
      dealType: oneOf('dealType'),
      managementFeePerSqm: maybe(fc.constantFrom(-1, 0, 25, 1_000, 1_001)),
      arnonaPerSqm: maybe(fc.constantFrom(-1, 0, 30, 1_001)),
      entryDate: fc.constantFrom('', '2027-01-01', '2027-02-30'),
      description: text,
      tourLink: fc.constantFrom('', 'https://youtu.be/dQw4w9WgXcQ', 'https://example.com/tour'),
      floor: maybe(fc.constantFrom(-11, -1, 0, 2.5, 3, 13, 201)),
      parkingSpaces: maybe(fc.constantFrom(0, 1, 12)),
      condition: oneOf('condition'),
      airConditioning: oneOf('airConditioning'),
      clearHeight: maybe(fc.constantFrom(0, 12, 51)),
      loadingDocks: maybe(fc.constantFrom(-1, 0, 2.5, 4)),
      floorLoad: maybe(fc.constantFrom(0, 3, 101)),
      electricalCapacity: maybe(fc.constantFrom(0, 400, 100_001)),
    })
    .map((answers) => {
      const empty = createEmptyPropertyForm();
      const section = (name: FormSection) =>
        Object.fromEntries(
          fieldsOfSection(name).map((key) => [key, key === 'propertyKind' ? kind : answers[key]]),
        );
      return {
        ...empty,
        generalInfo: section('generalInfo'),
        buildingDetails: section('buildingDetails'),
        environmentTransport: section('environmentTransport'),
      } as PropertyForm;
    });
}

/** Answers most questions well, so that publishable forms are common, not a rare corner. */
function mostlyAnswered(kind: PropertyKind): fc.Arbitrary<PropertyForm> {
  const general = {
    usageCategories: kind === 'offices' ? [] : [usageCategoriesFor(kind)[0]],
    city: 'חיפה',
    address: 'דרך העצמאות 40',
    propertyCategory: propertyCategoriesFor(kind)[0],
    totalArea: null,
    marketingArea: null,
    askingRentPerSqm: null,
    salePrice: null,
    divisible: null,
    minDivisibleArea: null,
    dealType: null,
    managementFeePerSqm: null,
    arnonaPerSqm: null,
    entryDate: '',
    description: '',
    tourLink: '',
  };
  const building = {
    floorsInBuilding: null,
    floor: null,
    parkingSpaces: null,
    condition: null,
    airConditioning: null,
    clearHeight: null,
    loadingDocks: null,
    floorLoad: null,
    electricalCapacity: null,
    accessibleForDisabled: true,
    hasParking: false,
    passengerElevator: true,
    freightElevator: false,
    truckAccess: ['none'],
  };
  const keys = [...Object.keys(general), ...Object.keys(building)];
  // Each form keeps at most two random answers; the rest are good ones.
  return fc.tuple(formOf(kind), fc.subarray(keys, { maxLength: 2 })).map(([form, random]) => {
    const goodOf = (good: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(good).filter(([key]) => !random.includes(key)));
    return {
      ...form,
      generalInfo: { ...form.generalInfo, ...goodOf(general) },
      buildingDetails: { ...form.buildingDetails, ...goodOf(building) },
    } as PropertyForm;
  });
}

const anyForm = (kind: PropertyKind) => fc.oneof(formOf(kind), mostlyAnswered(kind));

/** What the wizard shows on its review step, as the status line, the stepper and the footer read it. */
function wizardSays(form: PropertyForm) {
  const problems = formProblems(form);
  return {
    noneMissing: selectMissingCount({ step: LAST_WIZARD_STEP, form }) === 0,
    allTicked: WIZARD_STEPS.filter(({ step }) => step < LAST_WIZARD_STEP).every(({ step }) =>
      isStepComplete(step, LAST_WIZARD_STEP, problems),
    ),
    reviewBoxEmpty: problems.length === 0,
    publishEnabled: canPublish(form),
  };
}

/** The server's own check of a publish (the one its routes run); an AppError is a refusal. */
function serverAcceptsPublish(form: PropertyForm): boolean {
  try {
    assertSavable(toPropertyInput(form, { status: 'published', wizardStep: 6 }), 'body');
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) return false;
    throw error;
  }
}

describe('one truth about what is missing', () => {
  it.each(PROPERTY_KINDS)('status line, ticks, review box, publish and the server agree (%s)', (kind) => {
    let publishable = 0;
    fc.assert(
      fc.property(anyForm(kind), (form) => {
        const says = wizardSays(form);
        const accepted = serverAcceptsPublish(form);
        if (accepted) publishable += 1;
        expect(says).toEqual({
          noneMissing: accepted,
          allTicked: accepted,
          reviewBoxEmpty: accepted,
          publishEnabled: accepted,
        });
      }),
      { numRuns: RUNS_PER_KIND },
    );
    // Both sides of the equivalence are exercised, not only "incomplete".
    expect(publishable).toBeGreaterThan(RUNS_PER_KIND / 20);
  });

  it('a building with no public transport or parking nearby can be published', () => {
    const form = fc.sample(mostlyAnswered('industry'), { numRuns: 1, seed: 19 })[0] as PropertyForm;
    const bare: PropertyForm = {
      ...form,
      generalInfo: {
        ...form.generalInfo,
        usageCategories: ['lightIndustry'],
        usageCategoriesOther: '',
        city: 'חיפה',
        address: 'דרך העצמאות 40',
        propertyCategory: 'industrialPark',
        totalArea: null,
        marketingArea: null,
        askingRentPerSqm: null,
        salePrice: null,
      },
      buildingDetails: {
        ...form.buildingDetails,
        floorsInBuilding: null,
        accessibleForDisabled: false,
        hasParking: true,
        parkingMonthlyCost: null,
        passengerElevator: false,
        freightElevator: true,
        truckAccess: ['truck40ft'],
        nearbyParking: [],
      },
      environmentTransport: { ...form.environmentTransport, publicTransport: [] },
    };
    expect(formProblems(bare)).toEqual([]);
    expect(serverAcceptsPublish(bare)).toBe(true);
  });
});

describe('one truth about what is missing, over HTTP', () => {
  const testApp = appForTests();
  let owner: Record<string, string>;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
  });

  it.each(PROPERTY_KINDS)('the server publishes exactly what the wizard lets publish (%s)', async (kind) => {
    await fc.assert(
      fc.asyncProperty(anyForm(kind), async (form) => {
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/property/create',
          headers: owner,
          payload: toPropertyInput(form, { status: 'published', wizardStep: 6 }),
        });
        expect(response.statusCode === 201, response.body).toBe(canPublish(form));
        if (response.statusCode !== 201) expect(response.statusCode).toBe(400);
      }),
      { numRuns: HTTP_RUNS_PER_KIND },
    );
  });
});
