import { filterItemsFor } from '@domain/property-filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../server/handlers/handler-context';
import { createPageData } from '../../server/http/page-data';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createProperty, draftRetail, publishableOffice } from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

/**
 * What the page renderer reads for a signed-in reader must be what the app would get from the API for
 * the same address: the server-rendered list is hydrated with it and not asked for again.
 */
describe('the page data of a signed-in reader', () => {
  let ctx: TestApp;
  let context: HandlerContext | undefined;
  let userId: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // The app's own services, as the page renderer gets them (server/http/page-readers.ts).
    ctx = await buildTestApp({
      handlers: (given) => {
        context = given;
        return {};
      },
    });
    const signedIn = await signedInUser(ctx);
    userId = signedIn.user.id;
    headers = signedIn.headers;
    const other = await signedInUser(ctx);
    for (const [index, city] of ['חיפה', 'תל אביב-יפו', 'חיפה', 'רמת גן', 'חיפה', 'אילת', 'חיפה'].entries()) {
      const property =
        index % 3 === 0
          ? draftRetail({ city, address: `הנמל ${index}` })
          : publishableOffice({ city, address: `הרצל ${index}`, totalArea: 1000 + 100 * index });
      await createProperty(ctx, headers, property);
    }
    // Someone else's row is never the reader's.
    await createProperty(ctx, other.headers, publishableOffice({ city: 'חיפה', address: 'זר 1' }));
  });

  afterAll(async () => {
    await ctx.close();
  });

  const pageData = () => {
    if (!context) throw new Error('the app was built without its handler context');
    return createPageData(context.property.properties, userId);
  };

  const api = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it.each([
    [
      'the whole list',
      { filter: 'all', search: '', view: {}, pageSize: 5 },
      'GET',
      '/api/property/list?page=1&pageSize=5',
    ],
    [
      'a search, sorted by city',
      { filter: 'all', search: 'חיפה', view: { sort: 'city', order: 'asc' }, pageSize: 5 },
      'GET',
      '/api/property/list?page=1&pageSize=5&search=%D7%97%D7%99%D7%A4%D7%94&sort=city&order=asc',
    ],
    [
      'a filter button with a refinement',
      { filter: 'drafts', search: '', view: { kind: 'retail' }, pageSize: 10 },
      'POST',
      '/api/property/filter?page=1&pageSize=10&kind=retail',
    ],
  ] as const)('answers the first page of %s as the API does', async (_case, query, method, url) => {
    const expected = await api(method, url, method === 'POST' ? filterItemsFor(query.filter) : undefined);

    const page = await pageData().propertyListPage(query);

    expect(page).toEqual(expected);
    expect((page as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });

  it('answers the counts as the API does', async () => {
    const summary = await pageData().propertySummary();

    expect(summary).toEqual(await api('GET', '/api/property/summary'));
  });
});
