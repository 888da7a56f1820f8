import type { ShareLink } from '@openapi/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { shareLinks } from '../../server/db/schema';
import { appForTests } from './helpers/app-for-tests';
import { createProperty, type PropertyPage, publishableOffice } from './helpers/properties';
import { bearer, createUser } from './helpers/sign-in';

describe('share links: create, list, revoke', () => {
  const testApp = appForTests();
  // Users, not headers: one test moves the clock past an access token's lifetime.
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    owner = (await createUser(testApp.db)).id;
    stranger = (await createUser(testApp.db)).id;
  });

  const inject = async (method: 'GET' | 'POST' | 'DELETE', url: string, userId = owner, payload?: unknown) =>
    testApp.app.inject({
      method,
      url,
      headers: { ...(await bearer(testApp, userId)), host: 'nechasim.example' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const newProperty = async (userId = owner, overrides = {}) =>
    createProperty(testApp, await bearer(testApp, userId), publishableOffice(overrides));
  const create = async (propertyId: string, body: object = {}, headers = owner) =>
    inject('POST', `/api/property/${propertyId}/share-links`, headers, body);

  it('answers 201 with an absolute url whose token carries at least 128 bits and is stored only hashed', async () => {
    const property = await newProperty();
    const response = await create(property.id, { label: ' משה לוי ', showExactAddress: true });

    expect(response.statusCode).toBe(201);
    const link = response.json().data as ShareLink;
    expect(link).toMatchObject({
      propertyId: property.id,
      label: 'משה לוי',
      showExactAddress: true,
      language: 'he',
      status: 'active',
      expiresAt: null,
      revokedAt: null,
      opens: { total: 0, devices: 0, firstAt: null, lastAt: null },
    });
    const match = /^http:\/\/nechasim\.example\/p\/([A-Za-z0-9_-]+)$/.exec(link.url ?? '');
    expect(match).not.toBeNull();
    const token = match?.[1] ?? '';
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const stored = await testApp.db.select().from(shareLinks);
    const text = JSON.stringify(stored);
    expect(text).not.toContain(token);
  });

  it('keeps several links per property, newest first, each copyable again', async () => {
    const property = await newProperty();
    const first = (await create(property.id, { label: 'ראשון' })).json().data as ShareLink;
    testApp.clock.advance(1000);
    const second = (await create(property.id, { label: 'שני', language: 'en' })).json().data as ShareLink;

    const response = await inject('GET', `/api/property/${property.id}/share-links`);
    expect(response.statusCode).toBe(200);
    const listed = response.json().data as ShareLink[];
    expect(listed.map((link) => link.label)).toEqual(['שני', 'ראשון']);
    expect(listed.map((link) => link.url)).toEqual([second.url, first.url]);
    expect(first.url).not.toBe(second.url);
  });

  it('counts live links as active publications, in the property, the list, its filter and its summary', async () => {
    const headers = (await createUser(testApp.db)).id;
    const shared = await newProperty(headers, { address: 'הרצל 1' });
    const expiring = await newProperty(headers, { address: 'הרצל 2' });
    await newProperty(headers, { address: 'הרצל 3' });

    await create(shared.id, {}, headers);
    const revoked = (await create(shared.id, {}, headers)).json().data as ShareLink;
    await create(shared.id, {}, headers);
    await inject('DELETE', `/api/share-links/${revoked.id}`, headers);
    const inAnHour = new Date(testApp.clock.now().getTime() + 3_600_000).toISOString();
    await create(expiring.id, { expiresAt: inAnHour }, headers);

    const property = (await inject('GET', `/api/property/${shared.id}`, headers)).json().data;
    expect(property.activePublications).toBe(2);

    const listed = async () => {
      const page = (await inject('GET', '/api/property/list?pageSize=10', headers)).json()
        .data as PropertyPage;
      return Object.fromEntries(page.items.map((item) => [item.address, item.activePublications]));
    };
    expect(await listed()).toEqual({ 'הרצל 1': 2, 'הרצל 2': 1, 'הרצל 3': 0 });

    const filtered = await inject('POST', '/api/property/filter', headers, [
      { field: 'activePublications', operator: 'greaterThan', value: 0 },
    ]);
    expect(filtered.statusCode).toBe(200);
    expect((filtered.json().data as PropertyPage).items.map((item) => item.address).sort()).toEqual([
      'הרצל 1',
      'הרצל 2',
    ]);
    expect((await inject('GET', '/api/property/summary', headers)).json().data.publications).toBe(2);

    // An hour and a second later the expiring link no longer counts (kept pages live 30 s at most).
    testApp.clock.advance(3_601_000);
    expect(await listed()).toEqual({ 'הרצל 1': 2, 'הרצל 2': 0, 'הרצל 3': 0 });
  });

  it('revokes a link (twice is the same answer) and shows it as revoked', async () => {
    const property = await newProperty();
    const link = (await create(property.id)).json().data as ShareLink;

    const first = await inject('DELETE', `/api/share-links/${link.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id: link.id, status: 'revoked', url: link.url });
    testApp.clock.advance(5000);
    const again = await inject('DELETE', `/api/share-links/${link.id}`);
    expect(again.json().data.revokedAt).toBe(first.json().data.revokedAt);
  });

  it("answers 404 for another user's property and link, exactly like an unknown id", async () => {
    const property = await newProperty();
    const link = (await create(property.id)).json().data as ShareLink;
    const unknown = '00000000-0000-4000-8000-000000000000';

    for (const response of [
      await create(property.id, {}, stranger),
      await inject('GET', `/api/property/${property.id}/share-links`, stranger),
      await inject('DELETE', `/api/share-links/${link.id}`, stranger),
      await create(unknown),
      await inject('DELETE', `/api/share-links/${unknown}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
    }
    const listed = (await inject('GET', `/api/property/${property.id}/share-links`)).json().data;
    expect(listed[0].status).toBe('active');
  });

  it('refuses bad input with the 400 envelope', async () => {
    const property = await newProperty();
    const past = new Date(testApp.clock.now().getTime() - 1000).toISOString();
    const cases: [unknown, string][] = [
      [{ expiresAt: past }, 'body/expiresAt'],
      [{ expiresAt: 'tomorrow' }, ''],
      [{ label: 'x'.repeat(81) }, ''],
      [{ language: 'fr' }, ''],
      [{ documentFileIds: ['00000000-0000-4000-8000-000000000000'] }, 'body/documentFileIds/0'],
      [{ extra: true }, ''],
    ];
    for (const [body, path] of cases) {
      const response = await create(property.id, body as object);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const envelope = response.json();
      expect(envelope).toMatchObject({ success: false, code: 'validation_failed' });
      expect(typeof envelope.Message).toBe('string');
      if (path) expect(envelope.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    expect((await inject('GET', '/api/property/not-a-uuid/share-links')).statusCode).toBe(400);
    const unauthenticated = await testApp.app.inject({
      method: 'GET',
      url: `/api/property/${property.id}/share-links`,
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
