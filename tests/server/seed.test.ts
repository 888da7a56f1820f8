import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dataCompletion } from '@domain/data-completion';
import { filterItemsFor } from '@domain/property-filters';
import { PROPERTY_CATEGORIES_BY_KIND, USAGE_CATEGORIES_BY_KIND } from '@domain/property-options';
import { SAMPLE_CITIES } from '@domain/property-sample-texts';
import { validatePropertyInputForStatus } from '@domain/wizard-rules';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedProperties } from '../../scripts/seed';
import { openDatabase, queryRows } from '../../server/db/database';
import { GENERIC_PLAN_MARK } from '../../server/db/generic-plans';
import { properties, users } from '../../server/db/schema';
import { rowToInput, rowToValues } from '../../server/properties/property-mapper';
import {
  listPropertyPage,
  type PropertyListQuery,
  propertyCountQuery,
  propertyPageQueries,
  propertyPageQuery,
  summarizeProperties,
} from '../../server/repositories/property-list.repository';
import { appForTests } from './helpers/app-for-tests';
import { createDataDir, createProperty, draftRetail, type PropertyPage } from './helpers/properties';
import { bearer } from './helpers/sign-in';

const PHONE = '+972509990001';
const COUNT = 3000;

describe('seeding properties', () => {
  const testApp = appForTests();
  let userId: string;

  beforeAll(async () => {
    const result = await seedProperties(testApp.database, {
      count: COUNT,
      phone: PHONE,
      randomSeed: 42,
      now: testApp.clock.now(),
    });
    userId = result.userId;
  });

  const rowsOf = (owner: string) => testApp.db.select().from(properties).where(eq(properties.ownerId, owner));

  it('inserts the requested number of properties for a user created with that phone', async () => {
    const [user] = await testApp.db.select().from(users).where(eq(users.phoneNumber, PHONE));

    expect(user?.id).toBe(userId);
    expect(await rowsOf(userId)).toHaveLength(COUNT);
  });

  it('stores every row’s completion score exactly as dataCompletion computes it', async () => {
    const rows = await rowsOf(userId);
    const mismatched = rows.filter((row) => row.dataCompletion !== dataCompletion(rowToValues(row)));

    expect(mismatched).toEqual([]);
    expect(new Set(rows.map((row) => row.dataCompletion)).size).toBeGreaterThan(5);
  });

  it('writes rows the API would accept: real cities, options valid for their kind, published ones complete', async () => {
    const rows = await rowsOf(userId);
    const cities: string[] = SAMPLE_CITIES.map(([city]) => city);

    for (const row of rows) {
      const kind = row.propertyKind as keyof typeof PROPERTY_CATEGORIES_BY_KIND;
      expect(cities).toContain(row.city);
      expect(row.address).toMatch(/^\D+ \d{1,3}$/);
      if (row.propertyCategory !== null) {
        expect(PROPERTY_CATEGORIES_BY_KIND[kind] as readonly string[]).toContain(row.propertyCategory);
      }
      for (const usage of row.usageCategories) {
        expect(USAGE_CATEGORIES_BY_KIND[kind] as readonly string[]).toContain(usage);
      }
      expect(validatePropertyInputForStatus(rowToInput(row))).toEqual([]);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.updatedAt.getTime());
      expect(row.updatedAt.getTime()).toBeLessThanOrEqual(testApp.clock.now().getTime());
    }
    const statuses = new Set(rows.map((row) => row.status));
    expect(statuses).toEqual(new Set(['draft', 'published']));
    expect(new Set(rows.map((row) => row.propertyKind)).size).toBe(4);
    expect(new Set(rows.map((row) => row.city)).size).toBeGreaterThan(15);
  });

  it('gives the summary every kind of row to count', async () => {
    const summary = await summarizeProperties(testApp.db, userId, [
      'all',
      'marketing',
      'drafts',
      'engagements',
      'publications',
    ]);

    expect(summary.all).toBe(COUNT);
    expect(summary.marketing + summary.drafts).toBe(COUNT);
    for (const count of Object.values(summary)) expect(count).toBeGreaterThan(0);
  });

  it('finds the same user on a second run and adds to the portfolio', async () => {
    const again = await seedProperties(testApp.database, { count: 10, phone: PHONE, randomSeed: 7 });

    expect(again.userId).toBe(userId);
    expect(await rowsOf(userId)).toHaveLength(COUNT + 10);
  });

  it('lists the seeded portfolio through the API, last updated first', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/property/list?page=3',
      headers: await bearer(testApp, userId),
    });

    const page = response.json().data as PropertyPage;
    expect(page).toMatchObject({ totalCount: COUNT + 10, page: 3, pageSize: 5, hasNextPage: true });
    const newest = await testApp.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.ownerId, userId))
      .orderBy(desc(properties.updatedAt), desc(properties.id))
      .limit(5)
      .offset(10);
    expect(page.items.map((item) => item.id)).toEqual(newest.map((row) => row.id));
  });

  describe('query plans at a few thousand rows', () => {
    const plan = async (query: { getSQL(): ReturnType<typeof sql> }) => {
      const rows = await queryRows<{ 'QUERY PLAN': string }>(testApp.db, sql`explain ${query.getSQL()}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    /** The plan PostgreSQL makes for the statement once, for no particular values, as a connection of the generic plan pool does. */
    const genericPlan = (query: { toSQL(): { sql: string; params: unknown[] } }) =>
      testApp.db.transaction(async (tx) => {
        const { sql: text, params } = query.toSQL();
        const literal = (value: unknown) =>
          `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare once_planned as ${text}`));
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql.raw(
            `explain execute once_planned${params.length ? `(${params.map(literal).join(', ')})` : ''}`,
          ),
        );
        await tx.execute(sql`deallocate once_planned`);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });

    beforeAll(async () => {
      const headers = await bearer(testApp, userId);
      await createProperty(testApp, headers, draftRetail({ address: 'סמטת הבדיקה 7' }));
      await testApp.db.execute(sql`analyze properties`);
    });

    it('searches a 3-character-or-longer term through the trigram index', async () => {
      for (const search of ['הבדיקה', 'בדי']) {
        const page = propertyPageQuery(testApp.db, { ownerId: userId, search }, { limit: 5, offset: 0 });
        const count = propertyCountQuery(testApp.db, { ownerId: userId, search });

        expect(await plan(page)).toContain('properties_search_text_trgm_idx');
        expect(await plan(count)).toContain('properties_search_text_trgm_idx');
      }
    });

    it('counts a kind within a rent range off the rent index, without reading every row', async () => {
      const count = propertyCountQuery(testApp.db, {
        ownerId: userId,
        kinds: ['offices'],
        ranges: { rent: { min: 60, max: 120 } },
      });

      const text = await plan(count);
      expect(text).toMatch(/Index Only Scan using properties_owner_sort_rent_idx/);
      expect(text).not.toContain('Seq Scan on properties');
    });

    it('plans a page without a search, a range on another column or an exact value once, off the sort’s index, for any owner', async () => {
      const oncePlanned: PropertyListQuery[] = [
        { ownerId: userId },
        { ownerId: userId, kinds: ['offices', 'retail'] },
        { ownerId: userId, filters: filterItemsFor('drafts') },
        { ownerId: userId, filters: filterItemsFor('publications') },
        { ownerId: userId, sort: 'price', order: 'asc' },
        // A range on the sort's own column: its ends are the index range's ends.
        { ownerId: userId, sort: 'totalArea', order: 'asc', ranges: { area: { min: 200, max: 400 } } },
        { ownerId: userId, sort: 'rent', order: 'desc', ranges: { rent: { min: 60 } } },
        {
          ownerId: userId,
          sort: 'price',
          order: 'asc',
          kinds: ['offices'],
          filters: filterItemsFor('publications'),
          ranges: { price: { max: 5_000_000 } },
        },
      ];
      for (const query of oncePlanned) {
        const page = propertyPageQuery(testApp.db, query, { limit: 5, offset: 0 });

        expect(page.toSQL().sql.endsWith(GENERIC_PLAN_MARK)).toBe(true);
        // A plan made for no particular owner or values still walks the sort's index and stops at
        // the page's rows, sorting none (the subplans are each row's counts and cover).
        const [main = ''] = (await genericPlan(page)).split(/\n\s*SubPlan/);
        expect(main).toMatch(/^Limit\b/);
        expect(main).toMatch(
          /Index (Only )?Scan (Backward )?using properties_owner_sort_\w+_idx on properties/,
        );
        expect(main).not.toMatch(/->\s+Sort\b/);
      }
    });

    it('plans a search, a range on another column, an exact value, a column’s filter or the rows without a sort value with their values', async () => {
      const plannedEachTime: PropertyListQuery[] = [
        { ownerId: userId, search: 'הבדיקה' },
        { ownerId: userId, ranges: { rent: { min: 60, max: 120 } } },
        { ownerId: userId, sort: 'totalArea', ranges: { rent: { min: 60 }, area: { min: 200 } } },
        { ownerId: userId, sort: 'totalArea', search: 'הבדיקה', ranges: { area: { min: 200 } } },
        { ownerId: userId, city: 'חיפה' },
        { ownerId: userId, filters: [{ field: 'city', operator: 'equals', value: 'חיפה' }] },
      ];
      for (const query of plannedEachTime) {
        const page = propertyPageQuery(testApp.db, query, { limit: 5, offset: 0 });

        expect(page.toSQL().sql.endsWith(GENERIC_PLAN_MARK)).toBe(false);
      }
      // The rows without a price, read by id after the priced ones: planned once, that statement
      // sorts every such row of the owner.
      const withoutPrice = propertyPageQuery(
        testApp.db,
        { ownerId: userId, sort: 'price', order: 'asc' },
        { limit: 5, after: { sort: 'price', order: 'asc', value: null, id: userId } },
      );
      expect(withoutPrice.toSQL().sql).toContain('is null');
      expect(withoutPrice.toSQL().sql.endsWith(GENERIC_PLAN_MARK)).toBe(false);
    });

    it('reads a range sorted by its own column in one statement: no row without a value is in a range', () => {
      const ranged = propertyPageQueries(
        testApp.db,
        { ownerId: userId, sort: 'totalArea', order: 'asc', ranges: { area: { min: 200, max: 400 } } },
        { limit: 5, offset: 0 },
      );
      const sortedOnly = propertyPageQueries(
        testApp.db,
        { ownerId: userId, sort: 'totalArea', order: 'asc' },
        { limit: 5, offset: 0 },
      );

      expect(ranged).toHaveLength(1);
      expect(sortedOnly).toHaveLength(2);
    });

    it('answers a cursor past the rows without a value, under a range on the sort’s column, with no rows', async () => {
      const rows = await listPropertyPage(
        testApp.db,
        { ownerId: userId, sort: 'totalArea', order: 'asc', ranges: { area: { min: 0 } } },
        { limit: 5, after: { sort: 'totalArea', order: 'asc', value: null, id: userId } },
      );

      expect(rows).toEqual([]);
    });

    it('reads a page in index order, without sorting the owner’s rows', async () => {
      const text = await plan(propertyPageQuery(testApp.db, { ownerId: userId }, { limit: 5, offset: 50 }));

      // The page's ids come straight off the index under the Limit; only those few rows are sorted after.
      expect(text).toMatch(
        /Limit[^\n]*\n\s*->\s+Index (Only )?Scan (Backward )?using properties_owner_sort_updated_idx/,
      );
    });
  });

  it('runs from the command line against the DATA_DIR’s PGlite', { timeout: 120_000 }, async () => {
    const dataDir = await createDataDir();
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/seed.ts', '--count', '25', '--phone', '+972509990002', '--seed', '3'],
        { env: { ...process.env, DATA_DIR: dataDir.dataDir, DATABASE_URL: '', NODE_ENV: 'development' } },
      );
      expect(stdout).toMatch(/^Seeded 25 properties for \+972509990002 .* into pglite in [\d.]+ s\.$/m);

      const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir.dataDir, 'pglite') });
      try {
        const [row] = await queryRows<{ count: number }>(
          database.db,
          sql`select count(*)::int as count from properties`,
        );
        expect(row?.count).toBe(25);
      } finally {
        await database.close();
      }
    } finally {
      await dataDir.remove();
    }
  });
});
