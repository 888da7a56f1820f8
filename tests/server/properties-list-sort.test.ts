import { PROPERTY_SORT_KEYS, type PropertySort } from '@domain/property-list-query';
import { PROPERTY_SORTS } from '@domain/property-list-tables';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForTests } from './helpers/app-for-tests';
import {
  createProperty,
  draftOffice,
  type Property,
  type PropertyInput,
  type PropertyPage,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

const draft = draftOffice;

/**
 * A portfolio full of ties and gaps: equal areas, equal cities, equal completion, rows without an
 * area, a rent or a price, and several saved in the same millisecond. Every sort must page through it
 * without showing a row twice or losing one.
 */
const PORTFOLIO: PropertyInput[] = [
  draft({
    address: 'א 1',
    totalArea: 500,
    marketingArea: 400,
    askingRentPerSqm: 80,
    dealType: 'rent',
    entryDate: '2027-03-01',
    divisible: true,
    minDivisibleArea: 150,
    condition: 'finished',
  }),
  draft({
    address: 'א 2',
    totalArea: 500,
    marketingArea: 400,
    askingRentPerSqm: 80,
    entryDate: '2027-03-01',
  }),
  draft({
    address: 'א 3',
    totalArea: 500,
    city: 'תל אביב-יפו',
    salePrice: 12_000_000,
    dealType: 'sale',
    divisible: false,
    condition: 'shell',
  }),
  draft({
    address: 'א 4',
    city: 'באר שבע',
    propertyKind: 'retail',
    entryDate: '2026-12-15',
    condition: 'renovated',
  }),
  draft({ address: 'א 5', city: 'באר שבע', propertyKind: 'retail', totalArea: 120.5, salePrice: 3_500_000 }),
  draft({
    address: 'א 6',
    propertyKind: 'logistics',
    totalArea: 8000,
    marketingArea: 7500,
    askingRentPerSqm: 45,
    dealType: 'rentOrSale',
    entryDate: '2028-01-01',
    divisible: true,
    condition: 'shell',
  }),
  draft({
    address: 'א 7',
    propertyKind: 'industry',
    totalArea: 2500,
    salePrice: 12_000_000,
    divisible: false,
  }),
  draft({
    address: 'א 8',
    totalArea: 120.5,
    askingRentPerSqm: 95.5,
    entryDate: '2026-12-15',
    condition: 'furnished',
  }),
  draft({ address: 'א 9', city: 'אילת' }),
  draft({
    address: 'א 10',
    totalArea: 60,
    marketingArea: 60,
    askingRentPerSqm: 120,
    entryDate: '2027-03-01',
  }),
  draft({ address: 'א 11', totalArea: 500, marketingArea: 450, divisible: true, condition: 'finished' }),
];

/** The list's order in JS: values ascending or descending, rows without one last, id breaking ties. */
function expectedOrder(rows: Property[], sort: PropertySort, order: 'asc' | 'desc'): string[] {
  const field = PROPERTY_SORTS[sort];
  const sign = order === 'asc' ? 1 : -1;
  const sortValueOf = (row: Property) => {
    const value = (row as Record<string, unknown>)[field];
    if (value === null || value === undefined) return null;
    return field === 'updatedAt' ? new Date(value as string).getTime() : (value as number | string);
  };
  const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [sortValueOf(a), sortValueOf(b)];
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (compare(x, y) !== 0) {
        return sign * compare(x, y);
      }
      return sign * compare(a.id, b.id);
    })
    .map((row) => row.id);
}

describe('sorting, keyset paging and refining the list', () => {
  const testApp = appForTests();
  let owner: Record<string, string>;
  let created: Property[];

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
    created = [];
    for (const [index, body] of PORTFOLIO.entries()) {
      created.push(await createProperty(testApp, owner, body));
      // Every third one keeps the clock still: saved in the same millisecond as the one before.
      if (index % 3 !== 1) testApp.clock.advance(1000);
    }
    const colleague = await signedInUser(testApp);
    await createProperty(testApp, colleague.headers, draft({ address: 'של עמית', totalArea: 500 }));
  });

  const get = (query: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/property/list?${query}`, headers: owner });
  const list = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as PropertyPage;
  };

  /** Every page by nextCursor, three rows at a time. */
  const walk = async (query: string) => {
    const seen: string[] = [];
    let page = await list(`${query}&pageSize=3`);
    seen.push(...page.items.map((item) => item.id));
    for (let next = 2; page.nextCursor; next++) {
      page = await list(`${query}&pageSize=3&page=${next}&after=${page.nextCursor}`);
      seen.push(...page.items.map((item) => item.id));
    }
    return seen;
  };

  for (const sort of PROPERTY_SORT_KEYS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`pages by ${sort} ${order}: every row once, in order, rows without a value last`, async () => {
        const seen = await walk(`sort=${sort}&order=${order}`);

        expect(seen).toEqual(expectedOrder(created, sort, order));
      });
    }
  }

  it('orders by the last update, newest first, when no sort is asked', async () => {
    expect(await walk('')).toEqual(expectedOrder(created, 'updatedAt', 'desc'));
  });

  it('numbered pages without a cursor show the same order', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => list(`sort=totalArea&order=desc&pageSize=3&page=${page}`)),
    );

    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(
      expectedOrder(created, 'totalArea', 'desc'),
    );
  });

  it('refuses a cursor of another sort or order with the error envelope', async () => {
    const first = await list('sort=totalArea&order=desc&pageSize=3');
    const otherSort = await get(`sort=city&order=desc&pageSize=3&page=2&after=${first.nextCursor}`);
    const otherOrder = await get(`sort=totalArea&order=asc&pageSize=3&page=2&after=${first.nextCursor}`);
    const forged = await get(
      `sort=totalArea&pageSize=3&page=2&after=${Buffer.from('["totalArea","desc","1;drop","x"]').toString('base64url')}`,
    );

    // A day that does not exist: PostgreSQL would refuse it mid-query, a 500 without the check.
    const noSuchDay = await get(
      `sort=entryDate&pageSize=3&page=2&after=${Buffer.from(
        `["entryDate","desc","2027-02-30","${first.items[0]?.id}"]`,
      ).toString('base64url')}`,
    );

    for (const response of [otherSort, otherOrder, forged, noSuchDay]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
    }
  });

  it('filters by kinds, city and inclusive area, rent and price ranges', async () => {
    const addresses = async (query: string) =>
      (await list(`${query}&pageSize=50`)).items.map((item) => item.address).sort();

    expect(await addresses('kind=retail,industry')).toEqual(['א 4', 'א 5', 'א 7']);
    expect(await addresses('city=באר שבע'.replace(' ', '%20'))).toEqual(['א 4', 'א 5']);
    expect(await addresses('areaMin=120.5&areaMax=500')).toEqual(['א 1', 'א 11', 'א 2', 'א 3', 'א 5', 'א 8']);
    expect(await addresses('rentMin=80&rentMax=100')).toEqual(['א 1', 'א 2', 'א 8']);
    expect(await addresses('priceMin=4000000')).toEqual(['א 3', 'א 7']);
    expect(await addresses('kind=offices&areaMin=500&sort=totalArea&order=asc')).toEqual([
      'א 1',
      'א 11',
      'א 2',
      'א 3',
    ]);
    expect((await list('areaMin=120.5&areaMax=500&pageSize=2')).totalCount).toBe(6);
  });

  it('filters by deal type: a space offered for rent or sale is found both ways, an unsaid one neither', async () => {
    const addresses = async (query: string) =>
      (await list(`${query}&pageSize=50`)).items.map((item) => item.address).sort();

    expect(await addresses('dealType=rent')).toEqual(['א 1', 'א 6']);
    expect(await addresses('dealType=sale')).toEqual(['א 3', 'א 6']);
    expect(await addresses('dealType=sale&kind=logistics')).toEqual(['א 6']);
    expect((await list('dealType=rent&pageSize=1')).totalCount).toBe(2);
  });

  it('sorts by entry date, the soonest first or last, and the undated after both ways', async () => {
    const addressOf = new Map(created.map((row) => [row.id, row.address]));
    const dated = ['א 4', 'א 8', 'א 1', 'א 2', 'א 10', 'א 6'];
    const byDate = async (order: 'asc' | 'desc') =>
      (await walk(`sort=entryDate&order=${order}`)).map((id) => addressOf.get(id));

    const soonest = await byDate('asc');
    expect(new Set(soonest.slice(0, 2))).toEqual(new Set(['א 4', 'א 8']));
    expect(new Set(soonest.slice(2, 5))).toEqual(new Set(['א 1', 'א 2', 'א 10']));
    expect(soonest[5]).toBe('א 6');
    expect(soonest.slice(6).some((address) => dated.includes(address ?? ''))).toBe(false);
    const latest = await byDate('desc');
    expect(latest[0]).toBe('א 6');
    expect(latest.slice(6).some((address) => dated.includes(address ?? ''))).toBe(false);
  });

  it('filters by divisible (yes or no; an unsaid answer is neither) and by condition (any of)', async () => {
    const addresses = async (query: string) =>
      (await list(`${query}&pageSize=50`)).items.map((item) => item.address).sort();

    expect(await addresses('divisible=true')).toEqual(['א 1', 'א 11', 'א 6']);
    expect(await addresses('divisible=false')).toEqual(['א 3', 'א 7']);
    expect(await addresses('condition=shell')).toEqual(['א 3', 'א 6']);
    expect(await addresses('condition=finished,furnished')).toEqual(['א 1', 'א 11', 'א 8']);
    expect(await addresses('condition=shell&divisible=true&kind=logistics')).toEqual(['א 6']);
    expect((await list('condition=finished,renovated&pageSize=1')).totalCount).toBe(3);
  });

  it('applies the refinements to the filter buttons too', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/property/filter?kind=retail&pageSize=50',
      headers: owner,
      payload: [{ field: 'status', operator: 'equals', value: 'draft' }],
    });

    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.items.map((item: Property) => item.address)
        .sort(),
    ).toEqual(['א 4', 'א 5']);
  });

  it('answers 400 for a range whose minimum is above its maximum, an unknown sort or kind', async () => {
    for (const query of [
      'areaMin=500&areaMax=100',
      'sort=rating',
      'order=up',
      'kind=castle',
      'dealType=lease',
      'dealType=rentOrSale',
      'divisible=maybe',
      'condition=ruined',
      'condition=shell,,finished',
      'sort=entry',
      'priceMin=-1',
    ]) {
      const response = await get(query);

      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, code: 'validation_failed' });
    }
  });
});
