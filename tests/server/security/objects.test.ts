import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, propertyFiles } from '../../../server/db/schema';
import { type ContractOperation, listOperations, loadContract } from '../../../server/http/contract';
import { appWithFilesForTests } from '../helpers/app-for-tests';
import { createLead, errorOf, PERSONAL_DETAILS, post, saveLead } from '../helpers/auth-flow';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import {
  createProperty,
  draftRetail,
  fileParts,
  filesOnDisk,
  multipart,
  type Property,
  publishableOffice,
  SAMPLE_FILES,
} from '../helpers/properties';
import { signedInUser } from '../helpers/sign-in';

/**
 * Broken object-level authorization and mass assignment (issue 8, part 3). The operations come
 * from the contract: every path with a parameter is attacked, so a route added to openapi.yaml is
 * attacked too (through the generic attack unless it needs one of its own).
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

interface Victim {
  property: Property;
  /** In the trash, for restore. */
  trashed: Property;
  fileId: string;
}

interface Attack {
  /** The request the attacker sends against the victim's objects. */
  request: (victim: Victim, attacker: User) => Promise<InjectOptions> | InjectOptions;
}

const WITH_ID = listOperations(loadContract()).filter((operation) => /\{\w+\}/.test(operation.openapiPath));

/** Leads belong to nobody yet: their id is an unguessable capability handed to whoever started the registration. */
const NOT_OWNED = new Set(['getLead']);

function urlOf(operation: ContractOperation, params: Record<string, string>): string {
  return `/api${operation.openapiPath.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.operationId}: no value for path parameter ${name}`);
    return value;
  })}`;
}

/** Any id-taking operation: the victim's property as `id`, the victim's file as `fileId`. */
function genericAttack(operation: ContractOperation): Attack {
  return {
    request: (victim, attacker) => ({
      method: operation.method,
      url: urlOf(operation, { id: victim.property.id, fileId: victim.fileId }),
      headers: attacker.headers,
      ...(operation.requestMediaTypes.includes('application/json') ? { payload: {} } : {}),
    }),
  };
}

const ATTACKS: Partial<Record<string, Attack>> = {
  updateProperty: {
    request: (victim, attacker) => ({
      method: 'PUT',
      url: `/api/property/update/${victim.property.id}`,
      headers: attacker.headers,
      payload: { address: 'נחטף', status: 'published' },
    }),
  },
  restoreProperty: {
    request: (victim, attacker) => ({
      method: 'POST',
      url: `/api/property/restore/${victim.trashed.id}`,
      headers: attacker.headers,
    }),
  },
  addPropertyFiles: {
    request: (victim, attacker) => {
      const body = multipart(fileParts('PropertyImages', 0, SAMPLE_FILES.png));
      return {
        method: 'POST',
        url: `/api/property/${victim.property.id}/files`,
        headers: { ...attacker.headers, ...body.headers },
        payload: body.payload,
      };
    },
  },
  /** A well-formed amendment, so that the body's check cannot answer before the owner's does. */
  amendExposureRequest: {
    request: (victim, attacker) => ({
      method: 'POST',
      url: `/api/exposure-requests/${victim.property.id}/versions`,
      headers: attacker.headers,
      payload: {
        dealType: 'rent',
        properties: [{ propertyId: victim.property.id, approximatePrice: 20_000 }],
        fee: { basis: 'percent', percent: 2 },
        feeIncludesVat: false,
        exclusivity: null,
      },
    }),
  },
  /** No bearer here: a signed URL is the credential. The attacker signs their own file and swaps the id. */
  getPropertyFile: {
    request: async (victim, attacker) => {
      const own = await createProperty(ctxRef(), attacker.headers, draftRetail());
      const body = multipart(fileParts('PropertyImages', 0, SAMPLE_FILES.png));
      const added = await ctxRef().app.inject({
        method: 'POST',
        url: `/api/property/${own.id}/files`,
        headers: { ...attacker.headers, ...body.headers },
        payload: body.payload,
      });
      const url = (added.json().data as Property).files.propertyImages[0]?.url ?? '';
      return { method: 'GET', url: url.replace(/files\/[0-9a-f-]{36}/, `files/${victim.fileId}`) };
    },
  },
};

let current: TestApp | undefined;
function ctxRef(): TestApp {
  if (!current) throw new Error('app not built');
  return current;
}

describe('objects of another user', () => {
  const ctx = appWithFilesForTests();
  let owner: User;
  let attacker: User;
  let victim: Victim;

  beforeAll(async () => {
    current = ctx;
    owner = await signedInUser(ctx);
    attacker = await signedInUser(ctx);
    const body = multipart([
      { name: 'property', value: JSON.stringify(publishableOffice()) },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf),
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const property = created.json().data as Property;
    const trashed = await createProperty(ctx, owner.headers, draftRetail());
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/property/delete/soft/${trashed.id}`,
      headers: owner.headers,
    });
    victim = { property, trashed, fileId: property.files.propertyImages[0]?.id ?? '' };
  });

  /** Everything of the owner's an attack could change: both properties as the owner sees them, rows and bytes. */
  async function ownerState() {
    const read = async (id: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/property/${id}`, headers: owner.headers })).body;
    const fileRows = await ctx.db
      .select()
      .from(propertyFiles)
      .where(eq(propertyFiles.ownerId, owner.user.id));
    const propertyRows = await ctx.db.select().from(properties).where(eq(properties.ownerId, owner.user.id));
    const onDisk = (await filesOnDisk(ctx.dataDir)).filter((path) => path.startsWith(`${owner.user.id}/`));
    return { live: await read(victim.property.id), propertyRows, fileRows, onDisk };
  }

  it('covers every operation with a path parameter in the contract', () => {
    expect(WITH_ID.map((operation) => operation.operationId).sort()).toEqual(
      expect.arrayContaining([
        'addPropertyFiles',
        'deletePropertyFile',
        'getProperty',
        'getPropertyFile',
        'hardDeleteProperty',
        'restoreProperty',
        'softDeleteProperty',
        'updateProperty',
      ]),
    );
  });

  it.each(
    WITH_ID.filter((operation) => !NOT_OWNED.has(operation.operationId)).map((op) => [op.operationId, op]),
  )('%s on the victim’s object answers 404 and changes nothing', async (_id, operation) => {
    const before = await ownerState();
    const attack = ATTACKS[operation.operationId] ?? genericAttack(operation);

    const response = await ctx.app.inject(await attack.request(victim, attacker));

    expect(errorOf(response)).toEqual({ status: 404, code: 'not_found', success: false });
    expect(await ownerState()).toEqual(before);
  });

  it('answers 404 for a lead id nobody was given (getLead is a capability, not owned)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/login/leads/${crypto.randomUUID()}` });

    expect(errorOf(response)).toEqual({ status: 404, code: 'lead_not_found', success: false });
  });

  it('still lets the owner do all of it (the attacks failed on ownership, not on the request)', async () => {
    for (const operation of WITH_ID.filter(
      (op) => op.operationId === 'getProperty' || op.operationId === 'updateProperty',
    )) {
      const options = await (ATTACKS[operation.operationId] ?? genericAttack(operation)).request(
        victim,
        owner,
      );
      expect((await ctx.app.inject(options)).statusCode, operation.operationId).toBe(200);
    }
  });
});

describe('mass assignment', () => {
  let ctx: TestApp;
  let user: User;

  beforeAll(async () => {
    ctx = await buildTestApp();
    user = await signedInUser(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const countOwned = async () =>
    (await ctx.db.select().from(properties).where(eq(properties.ownerId, user.user.id))).length;

  const SERVER_FIELDS: [string, unknown][] = [
    ['id', '00000000-0000-4000-8000-000000000001'],
    ['ownerId', '00000000-0000-4000-8000-000000000002'],
    ['createdAt', '2020-01-01T00:00:00.000Z'],
    ['updatedAt', '2020-01-01T00:00:00.000Z'],
    ['deletedAt', null],
    ['dataCompletion', 100],
    ['activePublications', 7],
    ['hasEngagements', true],
    ['files', {}],
  ];

  it.each(SERVER_FIELDS)('refuses %s on create with 400 and creates nothing', async (field, value) => {
    const before = await countOwned();

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create',
      headers: user.headers,
      payload: { ...draftRetail(), [field]: value },
    });

    expect(errorOf(response)).toEqual({ status: 400, code: 'validation_failed', success: false });
    expect(response.json().details).toEqual([
      { path: `body/${field}`, message: 'is not an allowed property' },
    ]);
    expect(await countOwned()).toBe(before);
  });

  it.each(SERVER_FIELDS)('refuses %s on update with 400 and changes nothing', async (field, value) => {
    const property = await createProperty(ctx, user.headers, draftRetail());
    const read = () =>
      ctx.app.inject({ method: 'GET', url: `/api/property/${property.id}`, headers: user.headers });
    const before = (await read()).json();

    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/property/update/${property.id}`,
      headers: user.headers,
      payload: { address: 'אחר', [field]: value },
    });

    expect(errorOf(response)).toEqual({ status: 400, code: 'validation_failed', success: false });
    expect((await read()).json()).toEqual(before);
  });

  it('refuses ownerId inside the multipart property field, and stores nothing', async () => {
    const before = await countOwned();
    const body = multipart([
      { name: 'property', value: JSON.stringify({ ...draftRetail(), ownerId: crypto.randomUUID() }) },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
    ]);

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });

    expect(errorOf(response)).toEqual({ status: 400, code: 'validation_failed', success: false });
    expect(await countOwned()).toBe(before);
  });

  it('refuses to take a published property back to draft (status not allowed here)', async () => {
    const property = await createProperty(ctx, user.headers, publishableOffice());

    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/property/update/${property.id}`,
      headers: user.headers,
      payload: { status: 'draft' },
    });

    expect(errorOf(response)).toEqual({ status: 400, code: 'cannot_unpublish', success: false });
  });

  it('decides a lead’s registration step itself and refuses server fields on a lead', async () => {
    const promoted = await saveLead(ctx.app, {
      ...PERSONAL_DETAILS,
      phoneNumber: '+972541112233',
      registrationStep: 8,
    });
    const lead = await createLead(ctx.app);
    const withCreatedAt = await saveLead(ctx.app, {
      ...PERSONAL_DETAILS,
      id: lead.id,
      phoneNumber: lead.phoneNumber,
      createdAt: '2020-01-01T00:00:00.000Z',
    });

    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data.registrationStep).toBe(1);
    expect(errorOf(withCreatedAt)).toEqual({ status: 400, code: 'validation_failed', success: false });
  });

  it.each([
    ['/api/login/auth/register/lead', { leadId: crypto.randomUUID(), userId: crypto.randomUUID() }],
    ['/api/auth/refresh', { refreshToken: 'x'.repeat(43), userId: crypto.randomUUID() }],
    ['/api/login/auth/logout', { refreshToken: 'x'.repeat(43), familyId: crypto.randomUUID() }],
  ])('refuses fields the contract does not have on %s', async (url, body) => {
    expect(errorOf(await post(ctx.app, url, body))).toEqual({
      status: 400,
      code: 'validation_failed',
      success: false,
    });
  });
});
