import { dataCompletion } from '@domain/data-completion';
import { inputToValues } from '@domain/property-values';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForTests } from './helpers/app-for-tests';
import {
  createProperty,
  draftRetail,
  type Property,
  type PropertyInput,
  publishableOffice,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

describe('properties: create, read, update, delete', () => {
  const testApp = appForTests();
  let owner: Record<string, string>;
  let stranger: Record<string, string>;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
    stranger = (await signedInUser(testApp)).headers;
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers = owner,
    payload?: unknown,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const getAsOwner = async (id: string) =>
    (await inject('GET', `/api/property/${id}`)).json().data as Property;

  describe('create', () => {
    it('stores a draft and answers 201 with the property, its score computed by the shared rule', async () => {
      const body = draftRetail({ usageCategories: ['showroom'], totalArea: 320 });
      const response = await inject('POST', '/api/property/create', owner, body);

      expect(response.statusCode).toBe(201);
      const property = response.json().data as Property;
      expect(property).toMatchObject({
        status: 'draft',
        wizardStep: 2,
        propertyKind: 'retail',
        city: 'חיפה',
        address: 'שדרות הנשיא 120',
        usageCategories: ['showroom'],
        totalArea: 320,
        activePublications: 0,
        hasEngagements: false,
        deletedAt: null,
      });
      expect(property.dataCompletion).toBe(dataCompletion(inputToValues(body)));
      expect(property.dataCompletion).toBeGreaterThan(0);
      expect(Object.values(property.files).every((files) => files.length === 0)).toBe(true);
      expect(await getAsOwner(property.id)).toEqual(property);
    });

    it('treats a body without status as a draft and trims text answers', async () => {
      const property = await createProperty(testApp, owner, { propertyKind: 'offices', city: '  נתניה  ' });

      expect(property.status).toBe('draft');
      expect(property.wizardStep).toBe(1);
      expect(property.city).toBe('נתניה');
    });

    it('publishes a complete property', async () => {
      const property = await createProperty(testApp, owner, publishableOffice());

      expect(property.status).toBe('published');
      expect(property.dataCompletion).toBe(100);
    });

    it('refuses to publish an incomplete property with 400 property_incomplete, listing what is missing', async () => {
      const response = await inject(
        'POST',
        '/api/property/create',
        owner,
        publishableOffice({ city: null, hasParking: null, parkingMonthlyCost: null }),
      );

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'property_incomplete' });
      expect(response.json().details).toEqual(
        expect.arrayContaining([
          { path: 'body/city', message: 'required' },
          { path: 'body/hasParking', message: 'required' },
        ]),
      );
    });

    it('refuses a category of another kind even in a draft (400 validation_failed)', async () => {
      const response = await inject(
        'POST',
        '/api/property/create',
        owner,
        draftRetail({ propertyKind: 'offices', propertyCategory: 'streetStore' }),
      );

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'body/propertyCategory', message: 'notValidForKind' }],
      });
    });

    it.each([
      ['ownerId', { ownerId: '00000000-0000-4000-8000-000000000000' }],
      ['id', { id: '00000000-0000-4000-8000-000000000000' }],
      ['createdAt', { createdAt: '2020-01-01T00:00:00.000Z' }],
      ['dataCompletion', { dataCompletion: 100 }],
      ['activePublications', { activePublications: 9 }],
    ])('refuses a body that sets %s (mass assignment)', async (_field, extra) => {
      const response = await inject('POST', '/api/property/create', owner, { ...draftRetail(), ...extra });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    });

    it('refuses file ids on create: files travel in the multipart request', async () => {
      const response = await inject('POST', '/api/property/create', owner, {
        ...draftRetail(),
        images: ['00000000-0000-4000-8000-000000000000'],
      });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'body/images', message: 'mustBeEmptyOnCreate' }],
      });
    });

    it('asks for a bearer token', async () => {
      const response = await inject('POST', '/api/property/create', {}, draftRetail());
      expect(response.statusCode).toBe(401);
    });
  });

  describe('update', () => {
    it('replaces only the fields given, recomputes the score and keeps the rest', async () => {
      const created = await createProperty(testApp, owner, draftRetail({ totalArea: 500 }));
      testApp.clock.advance(1000);

      const body: PropertyInput = {
        propertyCategory: 'mall',
        usageCategories: ['foodHospitality'],
        wizardStep: 3,
      };
      const response = await inject('PUT', `/api/property/update/${created.id}`, owner, body);

      expect(response.statusCode).toBe(200);
      const updated = response.json().data as Property;
      expect(updated).toMatchObject({ ...body, city: 'חיפה', totalArea: 500, status: 'draft' });
      expect(updated.dataCompletion).toBeGreaterThan(created.dataCompletion);
      expect(updated.dataCompletion).toBe(
        dataCompletion(inputToValues({ ...draftRetail({ totalArea: 500 }), ...body })),
      );
      expect(Date.parse(updated.updatedAt)).toBe(Date.parse(created.updatedAt) + 1000);
      expect(updated.createdAt).toBe(created.createdAt);
    });

    it('publishes a draft once the merged property is complete', async () => {
      const created = await createProperty(testApp, owner, { ...publishableOffice(), status: 'draft' });

      const response = await inject('PUT', `/api/property/update/${created.id}`, owner, {
        status: 'published',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().data.status).toBe('published');
    });

    it('refuses to publish an incomplete draft and changes nothing', async () => {
      const created = await createProperty(testApp, owner, draftRetail());

      const response = await inject('PUT', `/api/property/update/${created.id}`, owner, {
        status: 'published',
        address: 'הרצל 1',
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('property_incomplete');
      expect(await getAsOwner(created.id)).toEqual(created);
    });

    it('keeps a published property complete: emptying a required field is refused', async () => {
      const created = await createProperty(testApp, owner, publishableOffice());

      const response = await inject('PUT', `/api/property/update/${created.id}`, owner, { address: '   ' });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'property_incomplete',
        details: [{ path: 'body/address', message: 'required' }],
      });
    });

    it('does not let a published property go back to draft (400 cannot_unpublish)', async () => {
      const created = await createProperty(testApp, owner, publishableOffice());

      const response = await inject('PUT', `/api/property/update/${created.id}`, owner, { status: 'draft' });

      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('cannot_unpublish');
      expect((await getAsOwner(created.id)).status).toBe('published');
    });

    it('refuses a value wrong for the stored kind', async () => {
      const created = await createProperty(testApp, owner, draftRetail());

      const response = await inject('PUT', `/api/property/update/${created.id}`, owner, {
        propertyCategory: 'tower',
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: 'body/propertyCategory', message: 'notValidForKind' },
      ]);
    });

    it('refuses file ids that are not files of the property', async () => {
      const created = await createProperty(testApp, owner, draftRetail());

      const response = await inject('PUT', `/api/property/update/${created.id}`, owner, {
        images: ['00000000-0000-4000-8000-000000000000'],
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path: 'body/images/0', message: 'unknownFile' }]);
    });
  });

  describe('soft delete, restore, hard delete', () => {
    it('hides a soft-deleted property from get, list and filter, and restores it', async () => {
      const created = await createProperty(testApp, owner, draftRetail({ address: 'מחיקה רכה 7' }));

      const deleted = await inject('DELETE', `/api/property/delete/soft/${created.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data.deletedAt).toBe(testApp.clock.now().toISOString());

      expect((await inject('GET', `/api/property/${created.id}`)).statusCode).toBe(404);
      const listed = await inject('GET', '/api/property/list?search=מחיקה רכה');
      expect(listed.json().data.totalCount).toBe(0);
      const filtered = await inject('POST', '/api/property/filter?search=מחיקה רכה', owner, []);
      expect(filtered.json().data.totalCount).toBe(0);
      expect(
        (await inject('PUT', `/api/property/update/${created.id}`, owner, { city: 'x' })).statusCode,
      ).toBe(404);
      expect((await inject('DELETE', `/api/property/delete/soft/${created.id}`)).statusCode).toBe(404);

      const restored = await inject('POST', `/api/property/restore/${created.id}`);
      expect(restored.statusCode).toBe(200);
      expect(restored.json().data.deletedAt).toBeNull();
      expect((await inject('GET', '/api/property/list?search=מחיקה רכה')).json().data.totalCount).toBe(1);
    });

    it('puts a restored property back in its place: deleting and undoing are not edits', async () => {
      const created = await createProperty(testApp, owner, draftRetail({ address: 'במקומו 4' }));
      const before = (await getAsOwner(created.id)).updatedAt;
      testApp.clock.advance(60_000);

      expect((await inject('DELETE', `/api/property/delete/soft/${created.id}`)).statusCode).toBe(200);
      testApp.clock.advance(60_000);
      const restored = await inject('POST', `/api/property/restore/${created.id}`);

      // The list sorts by the last update: an undo that counted as one would move the row to the top.
      expect(restored.json().data.updatedAt).toBe(before);
      expect((await getAsOwner(created.id)).updatedAt).toBe(before);
    });

    it('answers 409 property_not_deleted when restoring a live property', async () => {
      const created = await createProperty(testApp, owner, draftRetail());

      const response = await inject('POST', `/api/property/restore/${created.id}`);

      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('property_not_deleted');
    });

    it('hard-deletes a live or a soft-deleted property for good', async () => {
      const live = await createProperty(testApp, owner, draftRetail());
      const trashed = await createProperty(testApp, owner, draftRetail());
      await inject('DELETE', `/api/property/delete/soft/${trashed.id}`);

      for (const { id } of [live, trashed]) {
        const response = await inject('DELETE', `/api/property/delete/hard/${id}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, data: { id } });
        expect((await inject('POST', `/api/property/restore/${id}`)).statusCode).toBe(404);
        expect((await inject('DELETE', `/api/property/delete/hard/${id}`)).statusCode).toBe(404);
      }
    });
  });

  describe('another user', () => {
    let property: Property;
    beforeAll(async () => {
      property = await createProperty(testApp, owner, publishableOffice({ address: 'של מישהו אחר 1' }));
    });

    it.each([
      ['get', 'GET', (id: string) => `/api/property/${id}`, undefined],
      ['update', 'PUT', (id: string) => `/api/property/update/${id}`, { city: 'אילת' }],
      ['soft delete', 'DELETE', (id: string) => `/api/property/delete/soft/${id}`, undefined],
      ['restore', 'POST', (id: string) => `/api/property/restore/${id}`, undefined],
      ['hard delete', 'DELETE', (id: string) => `/api/property/delete/hard/${id}`, undefined],
    ] as const)('gets 404 not_found on %s, and nothing changes', async (_name, method, url, payload) => {
      const response = await inject(method, url(property.id), stranger, payload);

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
      expect(await getAsOwner(property.id)).toEqual(property);
    });

    it('gets 404 on restore even when the owner has the property in the trash', async () => {
      const trashed = await createProperty(testApp, owner, draftRetail());
      await inject('DELETE', `/api/property/delete/soft/${trashed.id}`);

      expect((await inject('POST', `/api/property/restore/${trashed.id}`, stranger)).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/property/delete/hard/${trashed.id}`, stranger)).statusCode).toBe(
        404,
      );
      expect((await inject('POST', `/api/property/restore/${trashed.id}`)).statusCode).toBe(200);
    });

    it('does not see the property in lists, filters or the summary', async () => {
      const list = await inject('GET', '/api/property/list', stranger);
      const filter = await inject('POST', '/api/property/filter', stranger, []);
      const summary = await inject('GET', '/api/property/summary', stranger);

      expect(list.json().data).toMatchObject({ items: [], totalCount: 0 });
      expect(filter.json().data).toMatchObject({ items: [], totalCount: 0 });
      expect(summary.json().data).toEqual({
        all: 0,
        marketing: 0,
        drafts: 0,
        engagements: 0,
        publications: 0,
      });
    });
  });
});
