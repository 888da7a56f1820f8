/**
 * Issue 19: the server refuses what the wizard stops, instead of cutting or storing it. Over-long
 * text and values out of range are a 400 validation_failed naming the field, on every way a
 * property is saved: create, create with files (a draft save) and update. Nothing is stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AT_LIMIT } from '../domain/property-fixtures';
import { appWithFilesForTests } from './helpers/app-for-tests';
import {
  createProperty,
  draftRetail,
  type Property,
  type PropertyInput,
  sendCreateWithFiles,
  withPhoto,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

describe('property limits on the server', () => {
  const testApp = appWithFilesForTests();
  let owner: Record<string, string>;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
  });

  const create = (body: PropertyInput) =>
    testApp.app.inject({ method: 'POST', url: '/api/property/create', headers: owner, payload: body });
  const createWithFiles = (body: PropertyInput) => sendCreateWithFiles(testApp, owner, withPhoto(body));
  const update = (id: string, body: PropertyInput) =>
    testApp.app.inject({ method: 'PUT', url: `/api/property/update/${id}`, headers: owner, payload: body });
  const count = async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/property/list?pageSize=50',
      headers: owner,
    });
    return (response.json().data.items as Property[]).length;
  };

  const LONG_ADDRESS = 'רחוב הרצל 1 '.repeat(55); // 660 characters, as in the issue

  it.each([
    ['create', (body: PropertyInput) => create(body), 'body'],
    ['create with files', (body: PropertyInput) => createWithFiles(body), 'property'],
  ] as const)('refuses a 660-character address on %s instead of cutting it', async (_, save, where) => {
    const before = await count();

    const response = await save(draftRetail({ address: LONG_ADDRESS }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      details: [{ path: `${where}/address` }],
    });
    expect(await count()).toBe(before);
  });

  it('refuses over-long text on update and keeps what was stored', async () => {
    const property = await createProperty(testApp, owner, draftRetail());

    const response = await update(property.id, { ...draftRetail(), city: 'ח'.repeat(81) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: [{ path: 'body/city' }] });
    const stored = await testApp.app.inject({
      method: 'GET',
      url: `/api/property/${property.id}`,
      headers: owner,
    });
    expect(stored.json().data).toMatchObject({ city: 'חיפה' });
  });

  it('takes text of exactly the limit, whole', async () => {
    const address = 'ר'.repeat(200);
    const property = await createProperty(testApp, owner, draftRetail({ address, city: 'ע'.repeat(80) }));
    expect(property.address).toBe(address);
  });

  it('takes the largest area, rent, price, parking cost and floor count a broker would give', async () => {
    const response = await create(draftRetail(AT_LIMIT));
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each([
    ['totalArea', 1_000_001],
    ['marketingArea', 1_000_000.5],
    ['askingRentPerSqm', 10_001],
    ['salePrice', 10_000_000_001],
    ['parkingMonthlyCost', 10_000.01],
    ['floorsInBuilding', 201],
  ] as const)('refuses %s = %d with 400, naming the field', async (field, value) => {
    const response = await create(draftRetail({ ...AT_LIMIT, [field]: value }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: `body/${field}` }],
    });
  });

  it('refuses the sale price of the issue, ₪99,999,999,999,999,999, as the client sent it', async () => {
    const text = JSON.stringify(draftRetail()).replace(/}$/, ',"salePrice":99999999999999999}');

    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/property/create',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: text,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ path: 'body/salePrice' }] });
  });
});
