/**
 * Issue 21: the facts brokers quote travel through the contract, the database and back, and the
 * server refuses what the wizard would not send (another kind's fact, a price the deal type
 * excludes, a tour link from an unknown host, a day that does not exist).
 */
import { dataCompletion } from '@domain/data-completion';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForTests } from './helpers/app-for-tests';
import { createProperty, type Property, type PropertyInput, publishableOffice } from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

const WAREHOUSE_FACTS = {
  dealType: 'rentOrSale',
  askingRentPerSqm: 48,
  salePrice: 62_000_000,
  managementFeePerSqm: 4,
  arnonaPerSqm: 9.5,
  entryDate: '2027-03-01',
  divisible: true,
  minDivisibleArea: 2_500,
  floor: 0,
  parkingSpaces: 30,
  condition: 'finished',
  airConditioning: 'none',
  clearHeight: 12.5,
  loadingDocks: 8,
  floorLoad: 3,
  electricalCapacity: 630,
  description: 'מרכז לוגיסטי עם חצר תפעולית רחבה.\nגישה ישירה לכביש 6.',
  tourLink: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
} as const satisfies Partial<PropertyInput>;

describe('listing facts through the API', () => {
  const testApp = appForTests();
  let owner: Record<string, string>;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
  });

  const create = (body: PropertyInput) =>
    testApp.app.inject({ method: 'POST', url: '/api/property/create', headers: owner, payload: body });
  const warehouse = (overrides: Partial<PropertyInput> = {}): PropertyInput =>
    publishableOffice({
      propertyKind: 'logistics',
      usageCategories: ['dryStorage'],
      propertyCategory: 'logisticsPark',
      totalArea: 12_000,
      marketingArea: 12_000,
      freightElevator: false,
      truckAccess: ['semiTrailer'],
      ...WAREHOUSE_FACTS,
      ...overrides,
    });

  it('stores every fact of a published warehouse and returns it as sent', async () => {
    const created = await createProperty(testApp, owner, warehouse());
    const read = (
      await testApp.app.inject({ method: 'GET', url: `/api/property/${created.id}`, headers: owner })
    ).json().data as Property;
    expect(read).toMatchObject({ status: 'published', ...WAREHOUSE_FACTS });
  });

  it('scores completion without the facts, as the spec defines it', async () => {
    const without = await createProperty(testApp, owner, warehouse(nullFacts()));
    const withFacts = await createProperty(testApp, owner, warehouse());
    expect(withFacts.dataCompletion).toBe(without.dataCompletion);
    expect(withFacts.dataCompletion).toBe(dataCompletion(warehouse()));
  });

  it.each([
    [
      'a warehouse fact on an office',
      publishableOffice({ clearHeight: 12 }),
      '/clearHeight',
      'notValidForKind',
    ],
    ['a sale price on a property for rent', warehouse({ dealType: 'rent' }), '/salePrice', 'notAsked'],
    [
      'a smallest unit of a space that is not divided',
      warehouse({ divisible: false }),
      '/minDivisibleArea',
      'notAsked',
    ],
    [
      'a tour link from an unknown host',
      warehouse({ tourLink: 'https://example.com/tour' }),
      '/tourLink',
      'tourLinkHost',
    ],
    ['a floor above the top floor', warehouse({ floorsInBuilding: 2, floor: 3 }), '/floor', 'aboveTopFloor'],
  ])('refuses %s with 400 validation_failed naming the field', async (_, body, path, message) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      details: [{ path: `body${path}`, message }],
    });
  });

  it.each([
    ['a day that does not exist', { entryDate: '2027-02-30' }],
    ['a management fee below zero', { managementFeePerSqm: -1 }],
    ['an unknown condition', { condition: 'ruined' }],
  ])('refuses %s by the contract, with a 400', async (_, overrides) => {
    const response = await create(warehouse(overrides as Partial<PropertyInput>));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });
});

function nullFacts(): Partial<PropertyInput> {
  return Object.fromEntries(Object.keys(WAREHOUSE_FACTS).map((key) => [key, null])) as Partial<PropertyInput>;
}
