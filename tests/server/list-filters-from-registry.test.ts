import { fieldSpec } from '@domain/property-fields';
import { LIST_FILTER_ENTRIES, type ListFilterEntry } from '@domain/property-list-filters';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForTests } from './helpers/app-for-tests';
import { createProperty, type PropertyInput, type PropertyPage } from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

/** A draft any filter's field may be answered on: every kind is asked it, both prices are asked. */
const BASE: PropertyInput = { status: 'draft', propertyKind: 'offices', city: 'לוד', address: 'הכשרה 1' };

/**
 * For each filter the registry declares, by its kind alone: the answers of a property it must find
 * and of one it must leave out, and the address's parameters that ask for the first.
 */
function caseOf(entry: ListFilterEntry): { inside: unknown; outside: unknown; query: string } {
  switch (entry.as) {
    case 'anyOf': {
      const [inside, outside] = entry.values ?? [];
      return { inside, outside, query: `${entry.name}=${inside}` };
    }
    case 'seeking': {
      const [sought = ''] = entry.values ?? [];
      const meets = entry.matches?.[sought] ?? [];
      const outside = fieldSpec(entry.field).options?.find((option) => !meets.includes(option));
      return { inside: meets[0], outside, query: `${entry.name}=${sought}` };
    }
    case 'yesNo':
      return { inside: true, outside: false, query: `${entry.name}=true` };
    case 'exactly':
      return {
        inside: 'מגדל העמק',
        outside: 'מגדל',
        query: `${entry.name}=${encodeURIComponent('מגדל העמק')}`,
      };
    case 'range':
      return { inside: 150, outside: 300, query: `${entry.name}Min=100&${entry.name}Max=200` };
  }
}

describe('every filter the registry declares', () => {
  const testApp = appForTests();
  let owner: Record<string, string>;
  const created = new Map<string, { inside: string; outside: string }>();

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
    for (const entry of LIST_FILTER_ENTRIES) {
      const { inside, outside } = caseOf(entry);
      const make = async (value: unknown) =>
        (await createProperty(testApp, owner, { ...BASE, [entry.field]: value } as PropertyInput)).id;
      created.set(entry.name, { inside: await make(inside), outside: await make(outside) });
    }
  });

  const list = async (query: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/property/list?pageSize=100&${query}`,
      headers: owner,
    });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return (response.json().data as PropertyPage).items.map((item) => item.id);
  };

  it('declares the list’s eight filters, each a parameter the address already spells', () => {
    expect(LIST_FILTER_ENTRIES.map((entry) => entry.name)).toEqual([
      'kind',
      'dealType',
      'divisible',
      'condition',
      'city',
      'area',
      'rent',
      'price',
    ]);
  });

  it.each(LIST_FILTER_ENTRIES.map((entry) => [entry.name, entry] as const))(
    'accepts %s and narrows the list to the properties that answer it',
    async (name, entry) => {
      const everything = await list('');
      const found = await list(caseOf(entry).query);
      const own = created.get(name);

      expect(found).toContain(own?.inside);
      expect(found).not.toContain(own?.outside);
      expect(found.length).toBeLessThan(everything.length);
    },
  );

  it('opens an address written before the filters came from the registry to the same list', async () => {
    const address =
      'kind=offices&dealType=rent&divisible=true&condition=shell&city=' +
      `${encodeURIComponent('מגדל העמק')}&areaMin=100&areaMax=200&rentMin=100&rentMax=200&priceMin=100&priceMax=200`;
    const before = await list(address);
    const everyFilter = await createProperty(testApp, owner, {
      ...BASE,
      dealType: 'rentOrSale',
      divisible: true,
      condition: 'shell',
      city: 'מגדל העמק',
      totalArea: 150,
      askingRentPerSqm: 150,
      salePrice: 150,
    });

    expect(before).toEqual([]);
    expect(await list(address)).toEqual([everyFilter.id]);
  });

  it('refuses a value a filter does not offer, as the contract says', async () => {
    for (const query of ['kind=castle', 'dealType=rentOrSale', 'divisible=perhaps', 'areaMin=-1']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/property/list?${query}`,
        headers: owner,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
