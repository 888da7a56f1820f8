import { describe, expect, it } from 'vitest';
import { companies } from '../../server/db/schema';
import { appForTests } from './helpers/app-for-tests';
import { bearer, createUser } from './helpers/sign-in';

describe('GET /me', () => {
  const testApp = appForTests();

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
        brokerProfile: { licenceNumber: null, idNumber: null, businessAddress: null },
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

describe('PATCH /me (the broker profile a brokerage order needs)', () => {
  const testApp = appForTests();

  const patch = (headers: Record<string, string>, payload: unknown) =>
    testApp.app.inject({ method: 'PATCH', url: '/api/me', headers, payload: payload as object });

  it('stores the licence, the ID in nine digits and the address, and GET /me answers them', async () => {
    const user = await createUser(testApp.db);
    const auth = await bearer(testApp, user.id);
    const response = await patch(auth, {
      licenceNumber: ' 31234 ',
      idNumber: '00018',
      businessAddress: 'דרך מנחם בגין  132, תל אביב',
    });
    expect(response.statusCode).toBe(200);
    const profile = {
      licenceNumber: '31234',
      idNumber: '000000018',
      businessAddress: 'דרך מנחם בגין 132, תל אביב',
    };
    expect(response.json().data.brokerProfile).toEqual(profile);
    const read = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: auth });
    expect(read.json().data.brokerProfile).toEqual(profile);
  });

  it('changes only the fields sent, and clears one sent as null or empty', async () => {
    const user = await createUser(testApp.db);
    const auth = await bearer(testApp, user.id);
    await patch(auth, { licenceNumber: '31234', idNumber: '123456782', businessAddress: 'הרצל 1, חיפה' });
    const response = await patch(auth, { businessAddress: '  ', licenceNumber: null });
    expect(response.json().data.brokerProfile).toEqual({
      licenceNumber: null,
      idNumber: '123456782',
      businessAddress: null,
    });
  });

  it('refuses an ID number with a wrong check digit and a licence with letters, saying which field', async () => {
    const user = await createUser(testApp.db);
    const auth = await bearer(testApp, user.id);
    const response = await patch(auth, { idNumber: '123456789', licenceNumber: 'abc' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'validation_failed' });
    expect(JSON.stringify(body)).toContain('idNumber');
    expect(JSON.stringify(body)).toContain('licenceNumber');
    const read = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: auth });
    expect(read.json().data.brokerProfile.idNumber).toBeNull();
  });

  it('refuses an empty body, unknown fields and text past the limit with 400', async () => {
    const user = await createUser(testApp.db);
    const auth = await bearer(testApp, user.id);
    for (const payload of [{}, { email: 'x@y.z' }, { businessAddress: 'א'.repeat(201) }]) {
      const response = await patch(auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    }
  });

  it('refuses a request without a token', async () => {
    expect((await patch({}, { idNumber: '000000018' })).statusCode).toBe(401);
  });
});
