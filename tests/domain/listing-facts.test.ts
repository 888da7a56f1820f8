import { COMPLETION_DIVISOR, dataCompletion } from '@domain/data-completion';
import { fieldsWhere } from '@domain/property-fields';
import { formToValues, toPropertyInput } from '@domain/property-form';
import type { PropertyValues } from '@domain/property-values';
import { propertyProblems, validatePropertyInputForStatus, valueErrors } from '@domain/wizard-rules';
import type { PropertyInput } from '@openapi/schema';
import { describe, expect, it } from 'vitest';
import { completeForm, fullLogisticsValues } from './property-fixtures';

const LISTING_FACTS = fieldsWhere((spec) => spec.checks === 'declared');

/** The logistics values with the facts of issue 21 taken out. */
function withoutFacts(values: PropertyValues): PropertyValues {
  const copy: Record<string, unknown> = { ...values };
  for (const field of LISTING_FACTS) copy[field] = null;
  return copy as PropertyValues;
}

const errorsOf = (values: Partial<PropertyValues>) =>
  valueErrors({ ...fullLogisticsValues(), ...values }).map(({ field, key }) => `${field}:${key}`);

describe("issue 21's listing facts", () => {
  it('are the sixteen facts brokers quote, none required, none scored', () => {
    expect(LISTING_FACTS).toEqual([
      'divisible',
      'minDivisibleArea',
      'dealType',
      'managementFeePerSqm',
      'arnonaPerSqm',
      'entryDate',
      'description',
      'tourLink',
      'floor',
      'parkingSpaces',
      'condition',
      'airConditioning',
      'clearHeight',
      'loadingDocks',
      'floorLoad',
      'electricalCapacity',
    ]);
    expect(fieldsWhere((spec) => spec.completion !== null)).toHaveLength(COMPLETION_DIVISOR);
  });

  it('leave the completion score exactly as the spec defines it (12 core + 9 optional, /21)', () => {
    const full = fullLogisticsValues();
    const facts = withoutFacts(full);
    expect(dataCompletion(full)).toBe(dataCompletion(facts));
    // Fewer core answers, so the cap does not hide a difference: still equal.
    const partial = {
      ...full,
      lobbyType: null,
      securityMeasures: [],
      buildingClass: null,
      onsiteAmenities: [],
    };
    expect(dataCompletion(partial)).toBe(dataCompletion(withoutFacts(partial)));
    expect(dataCompletion(partial)).toBeLessThan(100);
    // Only the facts answered: nothing the score reads.
    const onlyFacts = { ...formToValues(completeForm('logistics')) };
    for (const field of Object.keys(onlyFacts) as (keyof PropertyValues)[]) {
      if (!LISTING_FACTS.includes(field))
        (onlyFacts as Record<string, unknown>)[field] = Array.isArray(onlyFacts[field]) ? [] : null;
    }
    expect(
      dataCompletion({ ...onlyFacts, ...Object.fromEntries(LISTING_FACTS.map((f) => [f, full[f]])) }),
    ).toBe(0);
  });

  it('never keep a property from publishing', () => {
    const form = completeForm('industry');
    expect(propertyProblems(formToValues(form))).toEqual([]);
    expect(LISTING_FACTS.every((field) => formToValues(form)[field] === null)).toBe(true);
  });

  it('accept a fully answered logistics property', () => {
    expect(valueErrors(fullLogisticsValues())).toEqual([]);
  });

  it('check each fact against its declared bounds', () => {
    expect(errorsOf({ managementFeePerSqm: 0 })).toEqual([]);
    expect(errorsOf({ managementFeePerSqm: -1 })).toEqual(['managementFeePerSqm:notNegative']);
    expect(errorsOf({ arnonaPerSqm: 1_001 })).toEqual(['arnonaPerSqm:tooLarge']);
    expect(errorsOf({ floor: -11 })).toEqual(['floor:tooSmall']);
    expect(errorsOf({ floor: 2.5 })).toEqual(['floor:wholeNumber']);
    expect(errorsOf({ loadingDocks: 2.5 })).toEqual(['loadingDocks:wholeNumber']);
    expect(errorsOf({ parkingSpaces: 0 })).toEqual(['parkingSpaces:positiveInteger']);
    expect(errorsOf({ clearHeight: 0 })).toEqual(['clearHeight:positiveNumber']);
    expect(errorsOf({ electricalCapacity: 100_001 })).toEqual(['electricalCapacity:tooLarge']);
    expect(errorsOf({ description: 'א'.repeat(4_001) })).toEqual(['description:tooLong']);
    expect(errorsOf({ description: 'שורה ראשונה\nשורה שנייה' })).toEqual([]);
    expect(errorsOf({ description: 'מחסן\u202Eהפוך' })).toEqual(['description:unsafeCharacters']);
  });

  it('take a calendar date that exists, and a tour link from a known host only', () => {
    expect(errorsOf({ entryDate: '2027-02-28' })).toEqual([]);
    expect(errorsOf({ entryDate: '2027-02-30' })).toEqual(['entryDate:invalidDate']);
    expect(errorsOf({ entryDate: '1/3/2027' })).toEqual(['entryDate:invalidDate']);
    expect(errorsOf({ tourLink: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual([]);
    expect(errorsOf({ tourLink: 'https://example.com/tour' })).toEqual(['tourLink:tourLinkHost']);
  });

  it('relate to the other answers: the smallest unit within the total, the floor within the building', () => {
    expect(errorsOf({ totalArea: 1_000, marketingArea: 800, minDivisibleArea: 1_200 })).toEqual([
      'minDivisibleArea:unitExceedsTotalArea',
    ]);
    expect(errorsOf({ floorsInBuilding: 2, floor: 3 })).toEqual(['floor:aboveTopFloor']);
    expect(errorsOf({ floorsInBuilding: 2, floor: 2 })).toEqual([]);
  });

  it('refuse, from an API body, an answer to a question not asked of the property', () => {
    expect(
      errorsOf({
        propertyKind: 'offices',
        usageCategories: [],
        usageCategoriesOther: null,
        propertyCategory: 'tower',
      }),
    ).toEqual([
      'clearHeight:notValidForKind',
      'loadingDocks:notValidForKind',
      'floorLoad:notValidForKind',
      'electricalCapacity:notValidForKind',
    ]);
    expect(errorsOf({ dealType: 'rent' })).toEqual(['salePrice:notAsked']);
    expect(errorsOf({ dealType: 'sale' })).toEqual(['askingRentPerSqm:notAsked']);
    expect(errorsOf({ divisible: false })).toEqual(['minDivisibleArea:notAsked']);
    expect(errorsOf({ hasParking: false, parkingMonthlyCost: null })).toEqual(['parkingSpaces:notAsked']);
    const body = { ...fullLogisticsValues(), status: 'draft', dealType: 'rent' } as unknown as PropertyInput;
    expect(validatePropertyInputForStatus(body)).toEqual([{ path: '/salePrice', key: 'notAsked' }]);
  });

  it('in the wizard, send only what the visible questions say: the deal type decides the prices', () => {
    const form = completeForm('logistics');
    form.generalInfo.askingRentPerSqm = 45;
    form.generalInfo.salePrice = 20_000_000;
    const sent = (dealType: PropertyValues['dealType']) => {
      form.generalInfo.dealType = dealType;
      const input = toPropertyInput(form, { status: 'draft', wizardStep: 2 });
      return [input.askingRentPerSqm, input.salePrice];
    };
    expect(sent('rent')).toEqual([45, null]);
    expect(sent('sale')).toEqual([null, 20_000_000]);
    expect(sent('rentOrSale')).toEqual([45, 20_000_000]);
    expect(sent(null)).toEqual([45, 20_000_000]);
  });

  it("in the wizard, drop another kind's facts and the answers their switch hides", () => {
    const form = completeForm('offices');
    form.buildingDetails.clearHeight = 12;
    form.buildingDetails.hasParking = false;
    form.buildingDetails.parkingSpaces = 4;
    form.generalInfo.divisible = false;
    form.generalInfo.minDivisibleArea = 200;
    form.generalInfo.tourLink = '  https://youtu.be/dQw4w9WgXcQ  ';
    const values = formToValues(form);
    expect([values.clearHeight, values.parkingSpaces, values.minDivisibleArea]).toEqual([null, null, null]);
    expect(values.tourLink).toBe('https://youtu.be/dQw4w9WgXcQ');
  });
});
