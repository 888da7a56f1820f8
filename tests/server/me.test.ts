import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../server/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createUser } from './helpers/sign-in';

describe('GET /me', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const me = (headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: '/api/me', headers });

  it('answers the signed-in user as registered: name, position and company', async () => {
    const [company] = await testApp.db
      .insert(companies)
      .values({ name: 'אלון נכסים', companyType: 'brokerage' })
      .returning();
    const user = await createUser(testApp.db, {
      firstName: 'מיכל',
      lastName: 'אלון',
      position: 'מנהלת עסקאות',
      companyId: company?.id,
    });

    const response = await me(await bearer(testApp, user.id));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        userId: user.id,
        firstName: 'מיכל',
        lastName: 'אלון',
        position: 'מנהלת עסקאות',
        company: { name: 'אלון נכסים', companyType: 'brokerage' },
      },
    });
  });

  it('answers null for a position and a company the user never gave', async () => {
    const user = await createUser(testApp.db);
    const response = await me(await bearer(testApp, user.id));
    expect(response.json().data).toMatchObject({ position: null, company: null });
  });

  it('refuses a request without a token with the error envelope', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });
});
