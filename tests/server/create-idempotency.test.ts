/**
 * Issue 19: two saves of one new draft (a lost answer retried, a second tab) never make two
 * properties. The create's Idempotency-Key makes the first property; a repeat updates it (200).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { appWithFilesForTests } from './helpers/app-for-tests';
import { draftRetail, type Property, sendCreateWithFiles, withPhoto } from './helpers/properties';

import { signedInUser } from './helpers/sign-in';

describe('creating a property with an Idempotency-Key', () => {
  const testApp = appWithFilesForTests();
  let owner: Record<string, string>;

  beforeEach(async () => {
    owner = (await signedInUser(testApp)).headers;
  });

  const create = (body: unknown, key?: string, headers = owner) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/property/create',
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  const createWithFiles = (body: unknown, key: string) =>
    sendCreateWithFiles(testApp, { ...owner, 'idempotency-key': key }, withPhoto(body));
  const listIds = async (headers = owner) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/property/list?pageSize=50',
      headers,
    });
    return (response.json().data.items as Property[]).map((item) => item.id);
  };

  it('makes one property for two creates with one key; the repeat updates it and answers 200', async () => {
    const first = await create(draftRetail({ address: 'הנמל 1' }), 'draft-key-0001');
    expect(first.statusCode).toBe(201);
    const id = (first.json().data as Property).id;

    const repeat = await create(draftRetail({ address: 'הנמל 7', wizardStep: 3 }), 'draft-key-0001');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data).toMatchObject({ id, address: 'הנמל 7', wizardStep: 3 });
    expect(await listIds()).toEqual([id]);
  });

  it('makes one property when the two creates race', async () => {
    const [a, b] = await Promise.all([
      create(draftRetail({ address: 'א' }), 'draft-key-race'),
      create(draftRetail({ address: 'ב' }), 'draft-key-race'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect((a.json().data as Property).id).toBe((b.json().data as Property).id);
    expect(await listIds()).toHaveLength(1);
  });

  it('keeps keys apart per owner and without a key creates every time', async () => {
    const stranger = (await signedInUser(testApp)).headers;
    expect((await create(draftRetail(), 'draft-key-shared')).statusCode).toBe(201);
    expect((await create(draftRetail(), 'draft-key-shared', stranger)).statusCode).toBe(201);
    expect((await create(draftRetail())).statusCode).toBe(201);
    expect((await create(draftRetail())).statusCode).toBe(201);
    expect(await listIds()).toHaveLength(3);
    expect(await listIds(stranger)).toHaveLength(1);
  });

  it('adds the files of a repeated create-with-files to the property the key made', async () => {
    const first = await createWithFiles(draftRetail({ address: 'הנמל 1' }), 'draft-key-files');
    expect(first.statusCode, first.body).toBe(201);
    const repeat = await createWithFiles(draftRetail({ address: 'הנמל 2' }), 'draft-key-files');
    expect(repeat.statusCode, repeat.body).toBe(200);
    const property = repeat.json().data as Property;
    expect(property).toMatchObject({ id: (first.json().data as Property).id, address: 'הנמל 2' });
    expect(property.files.propertyImages).toHaveLength(2);
    expect(await listIds()).toEqual([property.id]);
  });

  it('refuses a key whose property was deleted (409), and a malformed key (400)', async () => {
    const first = await create(draftRetail(), 'draft-key-deleted');
    const id = (first.json().data as Property).id;
    await testApp.app.inject({ method: 'DELETE', url: `/api/property/delete/soft/${id}`, headers: owner });
    const repeat = await create(draftRetail(), 'draft-key-deleted');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({ success: false, code: 'property_deleted' });
    const malformed = await create(draftRetail(), 'no spaces allowed');
    expect(malformed.statusCode).toBe(400);
  });
});
