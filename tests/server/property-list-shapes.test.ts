import type { PropertySort, PropertySortOrder } from '@domain/property-list-query';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  keptPageShapeCount,
  listPropertyPage,
  MAX_KEPT_PAGE_SHAPES,
  type PageStart,
  type PropertyListQuery,
  propertyPageQueries,
} from '../../server/repositories/property-list.repository';
import { appForTests } from './helpers/app-for-tests';
import { createProperty, draftOffice, type PropertyInput } from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

/**
 * A list page's statement is built once per shape and kept with placeholders for the request's
 * values (property-list.repository.ts). Each page here is answered by the kept statement and
 * compared with the same page's statements built for that request alone, in an order that asks
 * every shape again with other values, and asks shapes that differ only in the text (a range's
 * lower end against its upper end, an operator, a filter button's value) one after the other.
 */
const draft = draftOffice;

const PORTFOLIO: PropertyInput[] = [
  draft({ address: 'א 1', totalArea: 500, askingRentPerSqm: 80, dealType: 'rent', divisible: true }),
  draft({ address: 'א 2', totalArea: 200, city: 'תל אביב-יפו', salePrice: 12_000_000, dealType: 'sale' }),
  draft({ address: 'א 3', propertyKind: 'retail', city: 'באר שבע', totalArea: 120, condition: 'shell' }),
  draft({
    address: 'א 4',
    propertyKind: 'logistics',
    totalArea: 8000,
    dealType: 'rentOrSale',
    divisible: false,
  }),
  draft({ address: 'א 5', propertyKind: 'retail', salePrice: 3_500_000, condition: 'finished' }),
  draft({ address: 'א 6', totalArea: 200, askingRentPerSqm: 45 }),
  draft({ address: 'א 7', propertyKind: 'industry', city: 'באר שבע' }),
];

describe('list pages answered by statements kept per shape', () => {
  const testApp = appForTests();
  const owners: string[] = [];

  beforeAll(async () => {
    for (const portfolio of [PORTFOLIO, PORTFOLIO.slice(2, 6)]) {
      const { user, headers } = await signedInUser(testApp);
      owners.push(user.id);
      for (const body of portfolio) await createProperty(testApp, headers, body);
    }
  });

  /** The page as statements built for this request alone read it: the rows with a value, then those without. */
  async function builtForTheRequest(query: PropertyListQuery, page: PageStart) {
    const rows: { id: string }[] = [];
    for (const part of propertyPageQueries(testApp.db, query, page)) rows.push(...(await part));
    return rows.slice(0, page.limit).map((row) => row.id);
  }

  async function expectSameAnswer(query: PropertyListQuery, page: PageStart) {
    const kept = (await listPropertyPage(testApp.db, query, page)).map((row) => row.id);
    expect(kept, JSON.stringify({ query, page })).toEqual(await builtForTheRequest(query, page));
    return kept;
  }

  /** Pairs of requests of one shape or of shapes whose texts differ only where no value is bound. */
  const requests = (owner: string, other: string): PropertyListQuery[] => [
    { ownerId: owner },
    { ownerId: other },
    { ownerId: owner, search: 'חיפה' },
    { ownerId: owner, search: 'באר' },
    { ownerId: owner, ranges: { area: { min: 200 } } },
    { ownerId: owner, ranges: { area: { max: 200 } } },
    { ownerId: owner, ranges: { area: { min: 100, max: 300 } } },
    { ownerId: owner, ranges: { area: { min: 400, max: 9000 } } },
    { ownerId: owner, kinds: ['offices'] },
    { ownerId: owner, kinds: ['retail'] },
    { ownerId: owner, kinds: ['retail', 'industry'] },
    { ownerId: owner, dealType: 'rent' },
    { ownerId: owner, dealType: 'sale' },
    { ownerId: owner, divisible: true },
    { ownerId: owner, divisible: false },
    { ownerId: owner, city: 'באר שבע' },
    { ownerId: owner, city: 'חיפה' },
    { ownerId: owner, filters: [{ field: 'propertyKind', operator: 'equals', value: 'retail' }] },
    { ownerId: owner, filters: [{ field: 'propertyKind', operator: 'equals', value: 'offices' }] },
    { ownerId: owner, filters: [{ field: 'hasEngagements', operator: 'equals', value: true }] },
    { ownerId: owner, filters: [{ field: 'hasEngagements', operator: 'equals', value: false }] },
    { ownerId: owner, filters: [{ field: 'activePublications', operator: 'greaterThan', value: 0 }] },
    { ownerId: owner, filters: [{ field: 'activePublications', operator: 'equals', value: 0 }] },
    { ownerId: owner, sort: 'totalArea', order: 'asc' },
    { ownerId: owner, sort: 'totalArea', order: 'desc' },
    { ownerId: other, sort: 'totalArea', order: 'asc' },
  ];

  it('answers every request of a kept shape with its own values, and shapes that differ in text apart', async () => {
    const [owner, other] = owners as [string, string];
    const all = [...requests(owner, other), ...requests(other, owner)];
    const answers = new Set<string>();
    for (const query of [...all, ...[...all].reverse()]) {
      for (const page of [
        { limit: 3, offset: 0 },
        { limit: 3, offset: 2 },
      ]) {
        answers.add(JSON.stringify(await expectSameAnswer(query, page)));
      }
    }
    // The pairs above are chosen to answer differently: a statement shared wrongly would show.
    expect(answers.size).toBeGreaterThan(20);
  });

  it('reads on from a cursor with its own value, and from a row without a sort value', async () => {
    const [owner, other] = owners as [string, string];
    for (const [sort, order] of [
      ['totalArea', 'asc'],
      ['totalArea', 'desc'],
      ['price', 'desc'],
    ] as [PropertySort, PropertySortOrder][]) {
      for (const ownerId of [owner, other, owner]) {
        const query: PropertyListQuery = { ownerId, sort, order };
        // Every row's cursor, those with a sort value and those without.
        for (const row of await listPropertyPage(testApp.db, query, { limit: 100, offset: 0 })) {
          const after = { sort, order, value: row.sortValue, id: row.id };
          await expectSameAnswer(query, { limit: 2, after });
        }
      }
    }
  });

  it('keeps a bounded number of shapes, and answers a shape it dropped as before', async () => {
    const [owner] = owners as [string];
    const first = await expectSameAnswer({ ownerId: owner }, { limit: 1, offset: 0 });
    for (let limit = 2; limit <= MAX_KEPT_PAGE_SHAPES + 10; limit++) {
      await listPropertyPage(testApp.db, { ownerId: owner }, { limit, offset: 0 });
    }
    expect(keptPageShapeCount(testApp.db)).toBe(MAX_KEPT_PAGE_SHAPES);
    expect(await expectSameAnswer({ ownerId: owner }, { limit: 1, offset: 0 })).toEqual(first);
  });
});
