import { filterItemsFor, PROPERTY_LIST_FILTERS } from '@domain/property-filters';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../server/db/schema';
import { appForTests } from './helpers/app-for-tests';
import {
  createProperty,
  draftRetail,
  type Property,
  type PropertyInput,
  type PropertyPage,
  publishableOffice,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

/**
 * One broker's portfolio of twelve, created a second apart (oldest first), plus a colleague's
 * property that must never show up.
 */
const PORTFOLIO: PropertyInput[] = [
  publishableOffice({ city: 'תל אביב-יפו', address: 'רוטשילד 22' }),
  publishableOffice({ city: 'פתח תקווה', address: "ז'בוטינסקי 1", buildingClass: 'classB' }),
  draftRetail({ city: 'חיפה', address: 'שדרות הנשיא 120' }),
  draftRetail({ city: 'ירושלים', address: 'יפו 97', propertyCategory: 'mall' }),
  publishableOffice({ city: 'הרצליה', address: 'Rothschild Blvd 5', buildingClass: 'classC' }),
  draftRetail({ city: 'באר שבע', address: '100% מסחרי, רגר 10' }),
  draftRetail({ city: 'אשדוד', address: 'בניין_A, הבנים 3' }),
  { propertyKind: 'logistics', city: 'קריית גת', address: 'המסגר 4', status: 'draft' },
  { propertyKind: 'industry', city: 'אור יהודה', address: 'מנחם בגין 1', status: 'draft' },
  publishableOffice({ city: 'רמת גן', address: 'בן גוריון 2' }),
  publishableOffice({ city: 'רעננה', address: 'אחוזה 100' }),
  publishableOffice({ city: 'מודיעין', address: 'עמק דותן 7' }),
];

describe('property list, search, filters and summary', () => {
  const testApp = appForTests();
  let owner: Record<string, string>;
  let ownerId: string;
  /** Newest first, as the list shows them. */
  let newestFirst: Property[];

  beforeAll(async () => {
    const signedIn = await signedInUser(testApp);
    owner = signedIn.headers;
    ownerId = signedIn.user.id;
    const created: Property[] = [];
    for (const body of PORTFOLIO) {
      created.push(await createProperty(testApp, owner, body));
      testApp.clock.advance(1000);
    }
    newestFirst = created.reverse();
    const colleague = await signedInUser(testApp);
    await createProperty(testApp, colleague.headers, publishableOffice({ address: 'רוטשילד 22 של עמית' }));

    // Engagements come from another part of the product; set them as it would. Publications are share links.
    const [first, second, third] = newestFirst;
    await setCounters(first, { hasEngagements: true, activePublications: 2 });
    await setCounters(second, { activePublications: 1 });
    await setCounters(third, { hasEngagements: true });
  });

  const setCounters = async (
    property: Property | undefined,
    values: { hasEngagements?: boolean; activePublications?: number },
  ) => {
    if (!property) throw new Error('missing property');
    const { activePublications = 0, ...columns } = values;
    if (Object.keys(columns).length > 0) {
      await testApp.db
        .update(properties)
        .set(columns)
        .where(and(eq(properties.id, property.id), eq(properties.ownerId, ownerId)));
    }
    // A property's active publications are its live share links.
    for (let link = 0; link < activePublications; link++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/property/${property.id}/share-links`,
        headers: owner,
        payload: {},
      });
      if (response.statusCode !== 201) throw new Error(`share link: ${response.statusCode} ${response.body}`);
    }
    Object.assign(property, values);
  };
  const list = async (query = '') => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/property/list${query}`,
      headers: owner,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as PropertyPage;
  };
  const filter = (body: unknown, query = '') =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/property/filter${query}`,
      headers: owner,
      payload: body as object,
    });
  const ids = (page: PropertyPage) => page.items.map((item) => item.id);
  const addresses = (page: PropertyPage) => page.items.map((item) => item.address).sort();

  describe('paging', () => {
    it('pages newest first in fives (the spec’s page size), 1-based, with the page flags', async () => {
      const first = await list();
      const second = await list('?page=2');
      const third = await list('?page=3');

      expect(first).toMatchObject({
        totalCount: 12,
        page: 1,
        pageSize: 5,
        hasNextPage: true,
        hasPreviousPage: false,
      });
      expect(second).toMatchObject({
        totalCount: 12,
        page: 2,
        pageSize: 5,
        hasNextPage: true,
        hasPreviousPage: true,
      });
      expect(third).toMatchObject({
        totalCount: 12,
        page: 3,
        pageSize: 5,
        hasNextPage: false,
        hasPreviousPage: true,
      });
      expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(
        newestFirst.map((property) => property.id),
      );
    });

    it('updates the total of a paged list at once when a property is added or deleted', async () => {
      const before = await list('?pageSize=2&page=2');
      const extra = await createProperty(testApp, owner, draftRetail({ address: 'הנביאים 9' }));
      const afterCreate = await list('?pageSize=2&page=2');
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/property/delete/soft/${extra.id}`,
        headers: owner,
      });
      const afterDelete = await list('?pageSize=2&page=2');

      expect([before.totalCount, afterCreate.totalCount, afterDelete.totalCount]).toEqual([12, 13, 12]);
      expect(afterCreate.hasNextPage).toBe(true);
    });

    it('continues after a cursor exactly as the next page does, and refuses a cursor it never gave', async () => {
      const first = await list('?pageSize=4');
      const second = await list(`?pageSize=4&page=2&after=${first.nextCursor}`);
      const third = await list(`?pageSize=4&page=3&after=${second.nextCursor}`);

      expect(ids(second)).toEqual(ids(await list('?pageSize=4&page=2')));
      expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(
        newestFirst.map((property) => property.id),
      );
      expect(second).toMatchObject({ totalCount: 12, page: 2, hasNextPage: true, hasPreviousPage: true });
      expect(third).toMatchObject({ totalCount: 12, hasNextPage: false, nextCursor: null });

      const forged = Buffer.from(`2025-03-01 09:00:00+00|${ownerId}' or 1=1`).toString('base64url');
      for (const after of ['x', forged]) {
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/property/list?after=${after}`,
          headers: owner,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation_failed' });
      }
    });

    it('answers a page past the end with no items and the real total', async () => {
      expect(await list('?page=4')).toMatchObject({
        items: [],
        totalCount: 12,
        hasNextPage: false,
        hasPreviousPage: true,
      });
    });

    it('shows each item as the list needs it', async () => {
      const [item] = (await list()).items;
      const newest = newestFirst[0] as Property;

      expect(item).toEqual({
        id: newest.id,
        address: newest.address,
        city: newest.city,
        propertyKind: newest.propertyKind,
        propertyCategory: newest.propertyCategory,
        buildingClass: newest.buildingClass,
        totalArea: newest.totalArea,
        marketingArea: newest.marketingArea,
        dealType: newest.dealType,
        askingRentPerSqm: newest.askingRentPerSqm,
        salePrice: newest.salePrice,
        activePublications: 2,
        shareOpens: 0,
        status: newest.status,
        hasEngagements: true,
        dataCompletion: newest.dataCompletion,
        coverImageUrl: null,
        wizardStep: newest.wizardStep,
        updatedAt: newest.updatedAt,
      });
    });

    it('takes another page size up to 100, and refuses 0, 101 and page 0', async () => {
      expect((await list('?pageSize=7&page=2')).items).toHaveLength(5);
      expect((await list('?pageSize=100')).items).toHaveLength(12);
      for (const query of ['?pageSize=0', '?pageSize=101', '?page=0', '?page=x']) {
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/property/list${query}`,
          headers: owner,
        });
        expect(response.statusCode).toBe(400);
      }
    });

    it('returns everything in one page with fetchAll, up to batchSize', async () => {
      const all = await list('?fetchAll=true');
      const batch = await list('?fetchAll=true&batchSize=4');

      expect(all).toMatchObject({ totalCount: 12, pageSize: 1000, hasNextPage: false });
      expect(ids(all)).toEqual(newestFirst.map((property) => property.id));
      expect(batch).toMatchObject({ totalCount: 12, pageSize: 4, hasNextPage: true });
      expect(batch.items).toHaveLength(4);
    });
  });

  describe('search', () => {
    it.each([
      ['a Hebrew substring of an address', 'נשיא', ['שדרות הנשיא 120']],
      ['a Hebrew substring of a city', 'תקווה', ["ז'בוטינסקי 1"]],
      ['text case-insensitively', 'ROTHSCHILD', ['Rothschild Blvd 5']],
      ['with spaces around it trimmed', '  קריית גת ', ['המסגר 4']],
      ['a literal percent sign', '%', ['100% מסחרי, רגר 10']],
      ['a literal underscore', '_', ['בניין_A, הבנים 3']],
      ['nothing that is not there', 'אילת', []],
      // As a broker types it: hyphen, maqaf and space alike; quote marks and gershayim ignored.
      ['a city with a hyphen for its space', 'תל-אביב', ['רוטשילד 22']],
      ['a city with a maqaf for its space', 'תל\u05BEאביב', ['רוטשילד 22']],
      ['a city with its hyphen typed as a space', 'תל אביב יפו', ['רוטשילד 22']],
      ['a city with a hyphen where it has a space', 'אור-יהודה', ['מנחם בגין 1']],
      ['an address with a geresh for its apostrophe', 'ז\u05F3בוטינסקי', ["ז'בוטינסקי 1"]],
      ['an address with no apostrophe at all', 'זבוטינסקי', ["ז'בוטינסקי 1"]],
      // City abbreviations, through domain/search-text.ts's one table, with either quote mark.
      ['ת״א (gershayim) as Tel Aviv', 'ת\u05F4א', ['רוטשילד 22']],
      ['ת"א (ASCII quote) as Tel Aviv', 'ת"א', ['רוטשילד 22']],
      ["ת''א (two apostrophes) as Tel Aviv", "ת''א", ['רוטשילד 22']],
      ['פ"ת as Petah Tikva', 'פ"ת', ["ז'בוטינסקי 1"]],
      ['ב״ש as Beersheba', 'ב\u05F4ש', ['100% מסחרי, רגר 10']],
      ['ר"ג as Ramat Gan', 'ר"ג', ['בן גוריון 2']],
      ['ק״ג as Kiryat Gat', 'ק\u05F4ג', ['המסגר 4']],
      // An abbreviation beside a street: the street as typed, in the city the abbreviation names.
      ['a street in ת"א', 'רוטשילד ת"א', ['רוטשילד 22']],
      ['ת"א before the street', 'ת"א רוטשילד 22', ['רוטשילד 22']],
      ['a street in ר"ג', 'בן גוריון ר"ג', ['בן גוריון 2']],
      ['a street not in the city named', 'רוטשילד פ"ת', []],
    ])('finds %s', async (_name, term, expected) => {
      const page = await list(`?search=${encodeURIComponent(term)}`);

      expect(addresses(page)).toEqual(expected);
      expect(page.totalCount).toBe(expected.length);
    });

    it('never finds another user’s property', async () => {
      expect(addresses(await list(`?search=${encodeURIComponent('רוטשילד')}`))).toEqual(['רוטשילד 22']);
    });

    it('pages the matches', async () => {
      const page = await list(`?search=${encodeURIComponent('1')}&pageSize=2&page=2`);
      expect(page.totalCount).toBe(5);
      expect(page).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    });
  });

  describe('filters', () => {
    const expectFilter = async (body: unknown, expected: Property[], query = '') => {
      const response = await filter(body, query);
      expect(response.statusCode).toBe(200);
      const page = response.json().data as PropertyPage;
      expect(ids(page)).toEqual(expected.slice(0, 5).map((property) => property.id));
      expect(page.totalCount).toBe(expected.length);
    };
    const where = (predicate: (property: Property) => boolean) => newestFirst.filter(predicate);

    it.each(PROPERTY_LIST_FILTERS)('the “%s” button lists exactly what its items select', async (button) => {
      const expected = {
        all: where(() => true),
        marketing: where((property) => property.status === 'published'),
        drafts: where((property) => property.status === 'draft'),
        engagements: where((property) => property.hasEngagements),
        publications: where((property) => property.activePublications > 0),
      }[button];
      expect(expected.length).toBeGreaterThan(0);

      await expectFilter(filterItemsFor(button), expected);
    });

    it.each([
      [
        { field: 'propertyKind', operator: 'equals', value: 'retail' },
        (p: Property) => p.propertyKind === 'retail',
      ],
      [
        { field: 'buildingClass', operator: 'equals', value: 'classB' },
        (p: Property) => p.buildingClass === 'classB',
      ],
      [{ field: 'city', operator: 'equals', value: 'חיפה' }, (p: Property) => p.city === 'חיפה'],
      [
        { field: 'propertyCategory', operator: 'equals', value: 'mall' },
        (p: Property) => p.propertyCategory === 'mall',
      ],
      [
        { field: 'activePublications', operator: 'equals', value: 1 },
        (p: Property) => p.activePublications === 1,
      ],
      [
        { field: 'activePublications', operator: 'greaterThan', value: 1 },
        (p: Property) => p.activePublications > 1,
      ],
    ])('filters by %o', async (item, predicate) => {
      await expectFilter([item], where(predicate));
    });

    it('combines items with AND, and with the search', async () => {
      await expectFilter(
        [
          { field: 'status', operator: 'equals', value: 'published' },
          { field: 'buildingClass', operator: 'equals', value: 'classA' },
        ],
        where((property) => property.status === 'published' && property.buildingClass === 'classA'),
      );
      await expectFilter(
        filterItemsFor('drafts'),
        where((property) => property.status === 'draft' && (property.address ?? '').includes('1')),
        `?search=1`,
      );
    });

    it('pages the filtered list', async () => {
      const response = await filter(filterItemsFor('marketing'), '?page=2&pageSize=2');
      expect(response.json().data).toMatchObject({
        totalCount: 6,
        page: 2,
        pageSize: 2,
        hasNextPage: true,
        hasPreviousPage: true,
      });
    });

    it.each([
      ['an unknown field', [{ field: 'ownerId', operator: 'equals', value: 'x' }]],
      ['an unknown operator', [{ field: 'status', operator: 'lessThan', value: 'draft' }]],
      [
        'greaterThan on a field that is not a count',
        [{ field: 'status', operator: 'greaterThan', value: 'draft' }],
      ],
      ['a value of the wrong type', [{ field: 'hasEngagements', operator: 'equals', value: 'yes' }]],
      ['a value that is no option', [{ field: 'status', operator: 'equals', value: 'archived' }]],
      ['a negative count', [{ field: 'activePublications', operator: 'greaterThan', value: -1 }]],
      ['a fractional count', [{ field: 'activePublications', operator: 'equals', value: 1.5 }]],
      ['a blank city', [{ field: 'city', operator: 'equals', value: '  ' }]],
      ['an item without a value', [{ field: 'status', operator: 'equals' }]],
      ['an item with an extra key', [{ field: 'status', operator: 'equals', value: 'draft', or: true }]],
      ['an object instead of a list', { field: 'status', operator: 'equals', value: 'draft' }],
      ['more than ten items', Array.from({ length: 11 }, () => filterItemsFor('drafts')[0])],
    ])('refuses %s with 400 validation_failed', async (_name, body) => {
      const response = await filter(body);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
    });

    it('says which item is wrong, and why', async () => {
      const response = await filter([
        { field: 'status', operator: 'equals', value: 'draft' },
        { field: 'status', operator: 'greaterThan', value: 'draft' },
      ]);

      expect(response.json().details).toEqual([{ path: 'body/1/operator', message: 'operatorNotAllowed' }]);
    });
  });

  describe('summary', () => {
    it('counts every filter button in one answer, and each count matches its filtered list', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/property/summary',
        headers: owner,
      });

      expect(response.statusCode).toBe(200);
      const summary = response.json().data;
      expect(summary).toEqual({ all: 12, marketing: 6, drafts: 6, engagements: 2, publications: 2 });
      for (const button of PROPERTY_LIST_FILTERS) {
        const filtered = (await filter(filterItemsFor(button))).json().data as PropertyPage;
        expect(filtered.totalCount).toBe(summary[button]);
      }
    });

    it('leaves soft-deleted properties out', async () => {
      const extra = await createProperty(testApp, owner, draftRetail());
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/property/delete/soft/${extra.id}`,
        headers: owner,
      });

      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/property/summary',
        headers: owner,
      });
      expect(response.json().data.all).toBe(12);
    });
  });
});
