import { normalizeSearchText, SEARCH_TEXT_SQL, searchTermsFor } from '@domain/search-text';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/database';
import { appForTests } from './helpers/app-for-tests';

/**
 * The search's one form is written twice, by necessity: in TypeScript for the query and in SQL for the
 * generated column the trigram index covers. These tests hold the two to the same answers.
 */
describe('search_text', () => {
  const testApp = appForTests();

  const sqlForm = async (city: string | null, address: string | null): Promise<string> => {
    const [row] = await queryRows<{ form: string }>(
      testApp.db,
      sql`select ${sql.raw(SEARCH_TEXT_SQL)} as form from (select ${city}::text as city, ${address}::text as address) as input`,
    );
    return row?.form ?? '';
  };

  it.each([
    ['תל אביב-יפו', 'רוטשילד 22'],
    ['תל־אביב–יפו', 'שד׳ רוטשילד  22'],
    ['ראשון לציון', 'ז\u2019בוטינסקי "הגדול" 1'],
    ['Tel-Aviv', 'ROTHSCHILD  Blvd\u2014 5'],
    ['  קריית\tגת ', '`המסגר` \u201C4\u201D'],
    [null, 'בניין_A, 100%'],
    ['חיפה', null],
  ])('is the same in SQL and TypeScript for %j, %j', async (city, address) => {
    expect(await sqlForm(city, address)).toBe(normalizeSearchText(`${city ?? ''} ${address ?? ''}`));
  });

  it('turns each abbreviation into its city, and keeps the text around it as typed', () => {
    expect(searchTermsFor('ראשל"צ')).toEqual(['ראשון לציון']);
    expect(searchTermsFor('י-ם')).toEqual(['ירושלים']);
    expect(searchTermsFor('הרצל ת"א')).toEqual(['הרצל', 'תל אביב יפו']);
    expect(searchTermsFor('ת"א-יפו שדרות רוטשילד 22')).toEqual(['תל אביב יפו', 'שדרות רוטשילד 22']);
    expect(searchTermsFor('הרצל 5 ר"ג ב"ב')).toEqual(['הרצל 5', 'רמת גן', 'בני ברק']);
    expect(searchTermsFor('תל-אביב')).toEqual(['תל אביב']);
    expect(searchTermsFor('  ')).toEqual([]);
  });
});
