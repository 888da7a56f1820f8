import { readFileSync } from 'node:fs';
import {
  applyKindChange,
  createEmptyPropertyForm,
  type PropertyForm,
  toPropertyInput,
} from '@domain/property-form';
import { PROPERTY_KINDS, type PropertyKind } from '@domain/property-options';
import {
  canGoNext,
  canPublish,
  FIELD_STEP,
  type FieldError,
  fieldErrors,
  isStepValid,
  missingRequiredFields,
  PROPERTY_LIMITS,
  validatePropertyInputForStatus,
} from '@domain/wizard-rules';
import { clampWizardStep, WIZARD_STEPS } from '@domain/wizard-steps';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AT_LIMIT, completeForm } from './property-fixtures';

type FormPatch = {
  [G in keyof PropertyForm]?: Partial<PropertyForm[G]>;
};

function withChanges(form: PropertyForm, patch: FormPatch): PropertyForm {
  return {
    generalInfo: { ...form.generalInfo, ...patch.generalInfo },
    buildingDetails: { ...form.buildingDetails, ...patch.buildingDetails },
    environmentTransport: { ...form.environmentTransport, ...patch.environmentTransport },
    mediaDocuments: { ...form.mediaDocuments, ...patch.mediaDocuments },
  };
}

function kindOnly(kind: PropertyKind): PropertyForm {
  return applyKindChange(createEmptyPropertyForm(), kind);
}

const errorsOf = (form: PropertyForm) => fieldErrors(form).map(({ field, key }) => `${field}:${key}`);

describe('WIZARD_STEPS', () => {
  it('lists the six steps in order with their ids', () => {
    expect(WIZARD_STEPS.map(({ step, id }) => `${step}:${id}`)).toEqual([
      '1:kind',
      '2:generalInfo',
      '3:buildingDetails',
      '4:environmentTransport',
      '5:mediaDocuments',
      '6:review',
    ]);
  });

  it('clamps a stored step to 1..6', () => {
    expect(clampWizardStep(0)).toBe(1);
    expect(clampWizardStep(-3)).toBe(1);
    expect(clampWizardStep(9)).toBe(6);
    expect(clampWizardStep(3.7)).toBe(3);
    expect(clampWizardStep(Number.NaN)).toBe(1);
  });

  it('places every field on the step of its form group', () => {
    const form = createEmptyPropertyForm();
    const expected = {
      ...Object.fromEntries(Object.keys(form.generalInfo).map((field) => [field, 2])),
      propertyKind: 1,
      ...Object.fromEntries(Object.keys(form.buildingDetails).map((field) => [field, 3])),
      ...Object.fromEntries(Object.keys(form.environmentTransport).map((field) => [field, 4])),
    };
    expect(FIELD_STEP).toEqual(expected);
  });
});

describe('step validity and missing required fields, per kind', () => {
  const nonOffices = ['retail', 'logistics', 'industry'] as const;

  it('step 1 needs a kind', () => {
    const empty = createEmptyPropertyForm();
    expect(missingRequiredFields(1, empty)).toEqual(['propertyKind']);
    expect(isStepValid(1, empty)).toBe(false);
    for (const kind of PROPERTY_KINDS) {
      expect(missingRequiredFields(1, kindOnly(kind)), kind).toEqual([]);
      expect(isStepValid(1, kindOnly(kind)), kind).toBe(true);
    }
  });

  it.each(nonOffices)('step 2 for %s needs usage, city, address and category', (kind) => {
    expect(missingRequiredFields(2, kindOnly(kind))).toEqual([
      'usageCategories',
      'city',
      'address',
      'propertyCategory',
    ]);
    expect(isStepValid(2, kindOnly(kind))).toBe(false);
  });

  it('step 2 for offices does not ask for usage categories', () => {
    expect(missingRequiredFields(2, kindOnly('offices'))).toEqual(['city', 'address', 'propertyCategory']);
    const answered = withChanges(kindOnly('offices'), {
      generalInfo: { city: 'רמת גן', address: 'ז׳בוטינסקי 7', propertyCategory: 'tower' },
    });
    expect(missingRequiredFields(2, answered)).toEqual([]);
    expect(isStepValid(2, answered)).toBe(true);
  });

  it('step 2 treats whitespace as blank', () => {
    const form = withChanges(kindOnly('offices'), {
      generalInfo: { city: '   ', address: '\t', propertyCategory: 'mixedBuilding' },
    });
    expect(missingRequiredFields(2, form)).toEqual(['city', 'address']);
  });

  it.each(nonOffices)('step 3 for %s needs the four building answers', (kind) => {
    expect(missingRequiredFields(3, kindOnly(kind))).toEqual([
      'accessibleForDisabled',
      'hasParking',
      'passengerElevator',
      'freightElevator',
    ]);
    const withoutFreight = withChanges(kindOnly(kind), {
      buildingDetails: { accessibleForDisabled: false, hasParking: false, passengerElevator: false },
    });
    expect(missingRequiredFields(3, withoutFreight)).toEqual(['freightElevator']);
    expect(isStepValid(3, withoutFreight)).toBe(false);
  });

  it('step 3 for offices does not need the freight elevator', () => {
    expect(missingRequiredFields(3, kindOnly('offices'))).toEqual([
      'accessibleForDisabled',
      'hasParking',
      'passengerElevator',
    ]);
    const answered = withChanges(kindOnly('offices'), {
      buildingDetails: { accessibleForDisabled: false, hasParking: false, passengerElevator: true },
    });
    expect(isStepValid(3, answered)).toBe(true);
  });

  it.each(PROPERTY_KINDS)('steps 4 and 5 are valid with nothing answered, step 6 never (%s)', (kind) => {
    for (const step of [4, 5]) {
      expect(isStepValid(step, kindOnly(kind))).toBe(true);
      expect(missingRequiredFields(step, kindOnly(kind))).toEqual([]);
    }
    expect(isStepValid(6, completeForm(kind))).toBe(false);
    expect(missingRequiredFields(6, completeForm(kind))).toEqual([]);
  });

  it.each(PROPERTY_KINDS)('a complete %s form passes steps 1 to 5 and can be published', (kind) => {
    const form = completeForm(kind);
    for (const step of [1, 2, 3, 4, 5]) {
      expect(isStepValid(step, form), `step ${step}`).toBe(true);
      expect(canGoNext(step, form), `step ${step}`).toBe(true);
    }
    expect(canGoNext(6, form)).toBe(false);
    expect(fieldErrors(form)).toEqual([]);
    expect(canPublish(form)).toBe(true);
  });

  it('rejects steps outside 1..6', () => {
    expect(isStepValid(0, completeForm('retail'))).toBe(false);
    expect(isStepValid(7, completeForm('retail'))).toBe(false);
    expect(isStepValid(2.5, completeForm('retail'))).toBe(false);
  });
});

describe("the 'other' usage category", () => {
  const withOther = (text: string) =>
    withChanges(completeForm('retail'), {
      generalInfo: { usageCategories: ['showroom', 'other'], usageCategoriesOther: text },
    });

  it('needs a non-blank description once chosen', () => {
    expect(missingRequiredFields(2, withOther(''))).toEqual(['usageCategoriesOther']);
    expect(missingRequiredFields(2, withOther('   '))).toEqual(['usageCategoriesOther']);
    expect(isStepValid(2, withOther(''))).toBe(false);
    expect(isStepValid(2, withOther('גלריה לאמנות'))).toBe(true);
  });

  it('needs nothing while other is not chosen, even with text left behind', () => {
    const form = withChanges(completeForm('retail'), {
      generalInfo: { usageCategories: ['showroom'], usageCategoriesOther: 'טקסט ישן' },
    });
    expect(isStepValid(2, form)).toBe(true);
    expect(fieldErrors(form)).toEqual([]);
  });

  it('allows at most 200 characters', () => {
    expect(errorsOf(withOther('א'.repeat(201)))).toEqual(['usageCategoriesOther:tooLong']);
    expect(errorsOf(withOther('א'.repeat(200)))).toEqual([]);
  });
});

describe('field errors (further reading)', () => {
  const logistics = completeForm('logistics');

  it('wants a positive whole number of floors, and a wrong one holds next', () => {
    for (const floors of [0, -2, 2.5]) {
      const form = withChanges(logistics, { buildingDetails: { floorsInBuilding: floors } });
      expect(errorsOf(form), String(floors)).toEqual(['floorsInBuilding:positiveInteger']);
      expect(isStepValid(3, form)).toBe(true);
      expect(canGoNext(3, form)).toBe(false);
      expect(canPublish(form)).toBe(false);
    }
    const tooTall = withChanges(logistics, { buildingDetails: { floorsInBuilding: 301 } });
    expect(errorsOf(tooTall)).toEqual(['floorsInBuilding:tooLarge']);
    const unanswered = withChanges(logistics, { buildingDetails: { floorsInBuilding: null } });
    expect(fieldErrors(unanswered)).toEqual([]);
  });

  it('takes parking without a cost: it is often included in the rent (issue 19)', () => {
    const form = withChanges(logistics, { buildingDetails: { hasParking: true, parkingMonthlyCost: null } });
    expect(fieldErrors(form)).toEqual([]);
    expect(canGoNext(3, form)).toBe(true);
    expect(canPublish(form)).toBe(true);
  });

  it('wants a positive parking cost, and a wrong one holds next', () => {
    const form = withChanges(logistics, { buildingDetails: { hasParking: true, parkingMonthlyCost: 0 } });
    expect(errorsOf(form)).toEqual(['parkingMonthlyCost:positiveNumber']);
    expect(canGoNext(3, form)).toBe(false);
  });

  it('ignores a parking cost left behind after "no parking"', () => {
    const form = withChanges(logistics, { buildingDetails: { hasParking: false, parkingMonthlyCost: 500 } });
    expect(fieldErrors(form)).toEqual([]);
    expect(toPropertyInput(form, { status: 'draft', wizardStep: 3 }).parkingMonthlyCost).toBeNull();
  });

  it.each(PROPERTY_KINDS)('wants a truck access answer for %s ("none" is an answer)', (kind) => {
    const form = withChanges(completeForm(kind), { buildingDetails: { truckAccess: [] } });
    expect(fieldErrors(form)).toEqual<FieldError[]>([
      { field: 'truckAccess', key: 'selectAtLeastOne', severity: 'incomplete' },
    ]);
    expect(canGoNext(3, form)).toBe(true);
    expect(canPublish(form)).toBe(false);
    const none = withChanges(form, { buildingDetails: { truckAccess: ['none'] } });
    expect(canPublish(none)).toBe(true);
  });

  it('does not accept "no truck access" together with a truck size', () => {
    const form = withChanges(logistics, { buildingDetails: { truckAccess: ['none', 'truck20ft'] } });
    expect(errorsOf(form)).toEqual(['truckAccess:noneIsExclusive']);
    expect(canGoNext(3, form)).toBe(false);
  });

  it('publishes with no nearby parking and no public transport: they have no "none" answer (issue 19)', () => {
    const form = withChanges(logistics, {
      buildingDetails: { nearbyParking: [] },
      environmentTransport: { publicTransport: [] },
    });
    expect(fieldErrors(form)).toEqual([]);
    expect(canPublish(form)).toBe(true);
  });

  it('does not let the marketed area exceed the total area', () => {
    const bigger = withChanges(logistics, { generalInfo: { totalArea: 1000, marketingArea: 1200 } });
    expect(errorsOf(bigger)).toEqual(['marketingArea:exceedsTotalArea']);
    expect(canGoNext(2, bigger)).toBe(false);
    const equal = withChanges(logistics, { generalInfo: { totalArea: 1000, marketingArea: 1000 } });
    expect(fieldErrors(equal)).toEqual([]);
    const onlyMarketed = withChanges(logistics, { generalInfo: { totalArea: null, marketingArea: 1200 } });
    expect(fieldErrors(onlyMarketed)).toEqual([]);
  });

  it('wants areas and prices above zero and within the contract', () => {
    const form = withChanges(logistics, {
      generalInfo: { totalArea: 0, marketingArea: -5, askingRentPerSqm: 0, salePrice: -1 },
    });
    expect(errorsOf(form)).toEqual([
      'totalArea:positiveNumber',
      'marketingArea:positiveNumber',
      'askingRentPerSqm:positiveNumber',
      'salePrice:positiveNumber',
    ]);
    expect(canGoNext(2, form)).toBe(false);
    const huge = withChanges(logistics, { generalInfo: { totalArea: PROPERTY_LIMITS.maxArea + 1 } });
    expect(errorsOf(huge)).toEqual(['totalArea:tooLarge']);
  });

  it('keeps areas, rents, prices, the parking cost and floors within what a broker would accept (issue 19)', () => {
    const problems = (input: Parameters<typeof validatePropertyInputForStatus>[0]) =>
      validatePropertyInputForStatus(input).map(({ path, key }) => `${path}:${key}`);
    const atLimit = { propertyKind: 'logistics', ...AT_LIMIT } as const;
    expect(problems(atLimit)).toEqual([]);
    expect(
      problems({
        ...atLimit,
        totalArea: 1_000_001,
        marketingArea: 1_000_000.5,
        askingRentPerSqm: 10_000.01,
        salePrice: 10_000_000_001,
        parkingMonthlyCost: 10_001,
        floorsInBuilding: 201,
      }),
    ).toEqual([
      '/totalArea:tooLarge',
      '/marketingArea:tooLarge',
      '/askingRentPerSqm:tooLarge',
      '/salePrice:tooLarge',
      '/floorsInBuilding:tooLarge',
      '/parkingMonthlyCost:tooLarge',
    ]);
  });

  it('holds next only on the step where the wrong value is', () => {
    const form = withChanges(logistics, { generalInfo: { totalArea: -1 } });
    expect(canGoNext(2, form)).toBe(false);
    expect(canGoNext(3, form)).toBe(true);
  });

  it('limits the city and the address to the contract lengths', () => {
    const form = withChanges(logistics, { generalInfo: { city: 'ת'.repeat(81), address: 'ר'.repeat(201) } });
    expect(errorsOf(form)).toEqual(['city:tooLong', 'address:tooLong']);
  });

  it('flags a property category of another kind', () => {
    const form = withChanges(logistics, { generalInfo: { propertyCategory: 'tower' } });
    expect(errorsOf(form)).toEqual(['propertyCategory:notValidForKind']);
    expect(canGoNext(2, form)).toBe(false);
  });
});

describe('validatePropertyInputForStatus (server)', () => {
  it('accepts an empty draft', () => {
    expect(validatePropertyInputForStatus({})).toEqual([]);
    expect(validatePropertyInputForStatus({ status: 'draft' })).toEqual([]);
  });

  it('accepts a partial draft that misses what publishing needs', () => {
    expect(
      validatePropertyInputForStatus({ status: 'draft', propertyKind: 'logistics', hasParking: true }),
    ).toEqual([]);
  });

  it('refuses draft values that do not belong to the kind', () => {
    expect(
      validatePropertyInputForStatus({ propertyKind: 'offices', usageCategories: ['dryStorage'] }),
    ).toEqual([{ path: '/usageCategories', key: 'notValidForKind' }]);
    expect(
      validatePropertyInputForStatus({ propertyKind: 'logistics', usageCategories: ['showroom'] }),
    ).toEqual([{ path: '/usageCategories', key: 'notValidForKind' }]);
    expect(validatePropertyInputForStatus({ propertyKind: 'industry', propertyCategory: 'mall' })).toEqual([
      { path: '/propertyCategory', key: 'notValidForKind' },
    ]);
    expect(validatePropertyInputForStatus({ propertyCategory: 'tower' })).toEqual([
      { path: '/propertyCategory', key: 'notValidForKind' },
    ]);
  });

  it('refuses draft values that contradict another answer', () => {
    expect(
      validatePropertyInputForStatus({
        propertyKind: 'retail',
        usageCategories: ['showroom'],
        usageCategoriesOther: 'חנות פופ-אפ',
      }),
    ).toEqual([{ path: '/usageCategoriesOther', key: 'otherNotChosen' }]);
    expect(validatePropertyInputForStatus({ hasParking: false, parkingMonthlyCost: 400 })).toEqual([
      { path: '/parkingMonthlyCost', key: 'onlyWithParking' },
    ]);
    expect(validatePropertyInputForStatus({ totalArea: 100, marketingArea: 150 })).toEqual([
      { path: '/marketingArea', key: 'exceedsTotalArea' },
    ]);
  });

  it('lists what a published property misses', () => {
    expect(validatePropertyInputForStatus({ status: 'published' })).toEqual([
      { path: '/propertyKind', key: 'required' },
      { path: '/usageCategories', key: 'selectAtLeastOne' },
      { path: '/city', key: 'required' },
      { path: '/address', key: 'required' },
      { path: '/propertyCategory', key: 'required' },
      { path: '/accessibleForDisabled', key: 'required' },
      { path: '/hasParking', key: 'required' },
      { path: '/passengerElevator', key: 'required' },
      { path: '/freightElevator', key: 'required' },
    ]);
  });

  it.each(PROPERTY_KINDS)('agrees with canPublish on the wizard body (%s)', (kind) => {
    const variants: PropertyForm[] = [
      completeForm(kind),
      withChanges(completeForm(kind), { generalInfo: { city: '' } }),
      withChanges(completeForm(kind), { buildingDetails: { parkingMonthlyCost: null } }),
      withChanges(completeForm(kind), { buildingDetails: { truckAccess: [] } }),
      withChanges(completeForm(kind), { environmentTransport: { publicTransport: [] } }),
      withChanges(completeForm(kind), {
        generalInfo: { usageCategories: ['other'], usageCategoriesOther: '' },
      }),
    ];
    for (const form of variants) {
      const input = toPropertyInput(form, { status: 'published', wizardStep: 6 });
      expect(validatePropertyInputForStatus(input).length === 0).toBe(canPublish(form));
    }
    expect(
      validatePropertyInputForStatus(
        toPropertyInput(completeForm(kind), { status: 'published', wizardStep: 6 }),
      ),
    ).toEqual([]);
  });
});

describe('PROPERTY_LIMITS', () => {
  it('equals the bounds of the API contract', () => {
    const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'));
    const fields = document.components.schemas.PropertyInput.properties;
    expect({
      maxArea: [fields.totalArea.maximum, fields.marketingArea.maximum],
      maxAskingRentPerSqm: fields.askingRentPerSqm.maximum,
      maxSalePrice: fields.salePrice.maximum,
      maxParkingMonthlyCost: fields.parkingMonthlyCost.maximum,
      maxFloorsInBuilding: fields.floorsInBuilding.maximum,
      maxCityLength: fields.city.maxLength,
      maxAddressLength: fields.address.maxLength,
      maxUsageCategoriesOtherLength: fields.usageCategoriesOther.maxLength,
    }).toEqual({ ...PROPERTY_LIMITS, maxArea: [PROPERTY_LIMITS.maxArea, PROPERTY_LIMITS.maxArea] });
  });
});
