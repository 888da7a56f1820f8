import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  type Db,
  databaseOptionsFromConfig,
  migrateDatabase,
  queryRows,
} from '../../server/db/database';
import { GENERIC_PLAN_MARK, sharePoolSize } from '../../server/db/generic-plans';
import { MAX_NAMED_STATEMENTS_PER_CONNECTION } from '../../server/db/named-statements-client';
import { companies, properties, smsOutbox, users } from '../../server/db/schema';
import { insertSmsOutboxEntry } from '../../server/repositories/sms-outbox.repository';
import { createUser } from './helpers/sign-in';
import { createTestDatabase } from './helpers/test-database';

describe('the database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('has every table of the product after migrating', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((row) => row.table_name);

    expect(names).toEqual([
      'companies',
      'exposure_request_properties',
      'exposure_requests',
      'leads',
      'order_engagements',
      'otp_sessions',
      'properties',
      'property_file_variants',
      'property_files',
      'property_list_revisions',
      'refresh_tokens',
      'sessions',
      'share_link_opens',
      'share_links',
      'signed_orders',
      'sms_daily_sends',
      'sms_outbox',
      'users',
    ]);
  });

  it('migrates again as a no-op', async () => {
    await expect(migrateDatabase(database)).resolves.toBeUndefined();
  });

  it('returns numeric columns as numbers and text[] columns as arrays, with defaults filled in', async () => {
    const [owner] = await database.db
      .insert(users)
      .values({
        phoneNumber: '+972501110000',
        firstName: 'Dana',
        lastName: 'Levi',
        email: 'dana@example.com',
      })
      .returning();
    const [created] = await database.db
      .insert(properties)
      .values({
        ownerId: owner?.id ?? '',
        totalArea: 1250.5,
        salePrice: 45_000_000,
        parkingMonthlyCost: 350,
        securityMeasures: ['cameras', 'security24_7'],
        city: 'תל אביב',
      })
      .returning();

    const [read] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.id, created?.id ?? ''));
    expect(read).toMatchObject({
      status: 'draft',
      wizardStep: 1,
      totalArea: 1250.5,
      salePrice: 45_000_000,
      parkingMonthlyCost: 350,
      marketingArea: null,
      securityMeasures: ['cameras', 'security24_7'],
      truckAccess: [],
      activePublications: 0,
      hasEngagements: false,
      dataCompletion: 0,
      deletedAt: null,
    });
    expect(typeof read?.totalArea).toBe('number');
    expect(read?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses rows that break the table rules', async () => {
    const [owner] = await database.db
      .insert(users)
      .values({ phoneNumber: '+972501110001', firstName: 'Noa', lastName: 'Cohen', email: 'noa@example.com' })
      .returning();
    const ownerId = owner?.id ?? '';

    await expect(database.db.insert(properties).values({ ownerId, status: 'archived' })).rejects.toThrow();
    await expect(database.db.insert(properties).values({ ownerId, wizardStep: 7 })).rejects.toThrow();
    await expect(
      database.db.insert(users).values({
        phoneNumber: '+972501110001',
        firstName: 'Noa',
        lastName: 'Other',
        email: 'x@example.com',
      }),
    ).rejects.toThrow();
  });

  it('can search the normalised city and address through the trigram index', async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from properties where search_text like ${'%רוטשילד%'}`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');

    expect(text).toContain('properties_search_text_trgm_idx');
  });

  it('keeps concurrent transactions apart: a rollback undoes only its own writes', async () => {
    const phoneNumber = '+972501112222';
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        database.db
          .transaction(async (tx) => {
            // A repository takes the transaction wherever it takes a Db.
            await insertSmsOutboxEntry(tx, {
              phoneNumber,
              message: `m${index}`,
              code: String(index),
              sentAt: new Date(),
            });
            await new Promise((resolve) => setTimeout(resolve, 5));
            if (index % 2 === 1) throw new Error('roll back');
          })
          .catch(() => undefined),
      ),
    );

    const rows = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phoneNumber, phoneNumber));
    expect(rows.map((row) => Number(row.code)).sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8]);
  });

  it('answers a repeated statement with each run’s values, parsed once per PostgreSQL connection', async () => {
    const repeated = (tx: Db, value: number) =>
      queryRows<{ doubled: number }>(tx, sql`select ${value}::int * 2 as doubled`);
    await database.db.transaction(async (tx) => {
      // One transaction is one connection: what it has prepared is what pg_prepared_statements shows.
      expect((await repeated(tx, 1))[0]?.doubled).toBe(2);
      expect((await repeated(tx, 2))[0]?.doubled).toBe(4);
      expect((await repeated(tx, 3))[0]?.doubled).toBe(6);
      if (database.kind !== 'postgres') return;
      const prepared = await queryRows<{ custom: number; generic: number }>(
        tx,
        sql`select custom_plans::int as custom, generic_plans::int as generic from pg_prepared_statements
            where statement = ${'select $1::int * 2 as doubled'}`,
      );
      // Parsed once, planned with the values of each run (never a generic plan).
      expect(prepared).toEqual([{ custom: 3, generic: 0 }]);
    });
  });

  it('plans a statement marked for one plan once per PostgreSQL connection, and every other with its values', async () => {
    const planning = async (mark: string) => {
      const [row] = await queryRows<{ mode: string }>(
        database.db,
        sql`select current_setting('plan_cache_mode') as mode, ${1}::int as one ${sql.raw(mark)}`,
      );
      return row?.mode;
    };
    const marked = await planning(GENERIC_PLAN_MARK);
    const unmarked = await planning('');
    // A transaction keeps to one connection of the pool that plans with each run's values.
    const inTransaction = await database.db.transaction(async (tx) => {
      const [row] = await queryRows<{ mode: string }>(
        tx,
        sql`select current_setting('plan_cache_mode') as mode, ${1}::int as one ${sql.raw(GENERIC_PLAN_MARK)}`,
      );
      return row?.mode;
    });

    if (database.kind === 'postgres') {
      expect([marked, unmarked, inTransaction]).toEqual([
        'force_generic_plan',
        'force_custom_plan',
        'force_custom_plan',
      ]);
    } else {
      // PGlite is one connection with PostgreSQL's own choice; the mark is only a comment there.
      expect([marked, unmarked, inTransaction]).toEqual(['auto', 'auto', 'auto']);
    }
  });

  it('keeps at most a bounded number of named statements on a PostgreSQL connection', async () => {
    await database.db.transaction(async (tx) => {
      const shapes = MAX_NAMED_STATEMENTS_PER_CONNECTION + 5;
      for (let shape = 0; shape < shapes; shape++) {
        const [row] = await queryRows<{ shape: number }>(
          tx,
          sql`select ${0}::int + ${sql.raw(String(shape))} as shape`,
        );
        expect(row?.shape).toBe(shape);
      }
      if (database.kind !== 'postgres') return;
      const [kept] = await queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from pg_prepared_statements where not from_sql`,
      );
      expect(kept?.count).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS_PER_CONNECTION);
    });
  });

  it('keeps the users of a removed company, unlinked from it', async () => {
    const [company] = await database.db
      .insert(companies)
      .values({ name: 'נכסי הצפון', companyType: 'brokerage' })
      .returning();
    const user = await createUser(database.db, { companyId: company?.id ?? null });

    await database.db.delete(companies).where(eq(companies.id, company?.id ?? ''));

    const [after] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.companyId).toBeNull();
  });
});

describe('databaseOptionsFromConfig', () => {
  it('uses PGlite in DATA_DIR/pglite unless DATABASE_URL is set', () => {
    expect(databaseOptionsFromConfig({ databaseUrl: null, dataDir: '/srv/data' })).toEqual({
      kind: 'pglite',
      dataDir: '/srv/data/pglite',
    });
    expect(databaseOptionsFromConfig({ databaseUrl: 'postgres://db/app', dataDir: '/srv/data' })).toEqual({
      kind: 'postgres',
      url: 'postgres://db/app',
    });
  });

  it('shares DATABASE_POOL_SIZE between the pools, never opening more connections than it says', () => {
    expect(sharePoolSize(10)).toEqual({ custom: 5, generic: 5 });
    expect(sharePoolSize(3)).toEqual({ custom: 2, generic: 1 });
    // One connection plans everything with its values: no second pool to open.
    expect(sharePoolSize(1)).toEqual({ custom: 1, generic: 0 });
  });

  it('opens as many PostgreSQL connections as DATABASE_POOL_SIZE says', () => {
    const config = { databaseUrl: 'postgres://db/app', databasePoolSize: 20, dataDir: '/srv/data' };
    expect(databaseOptionsFromConfig(config)).toEqual({
      kind: 'postgres',
      url: 'postgres://db/app',
      poolSize: 20,
    });
  });
});
