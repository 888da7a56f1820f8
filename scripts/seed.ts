/**
 * Fills the database with realistic Hebrew properties for one user, to try the list at scale:
 *
 *   npm run seed -- --count 100000 [--phone +972501234567] [--seed 42]
 *
 * The user is found by phone, or created. Rows are drawn from the field registry's samples
 * (seed-values.ts; the same --seed gives the same rows) with the rules the API applies: categories
 * valid for their kind, published ones complete, and the completion score from domain's
 * dataCompletion, so a seeded row is one the API could have written. They go in 20,000 at a time, all in one transaction: COPY from an in-memory CSV on
 * PGlite (DATA_DIR), one json_to_recordset statement on PostgreSQL (DATABASE_URL). About 15-20 s
 * per 100,000 rows on either (two cores); row by row it would be minutes. Stop the server first
 * when it uses the same PGlite directory (PGlite is single-process).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { dataCompletion } from '@domain/data-completion';
import { type FieldType, fieldSpec, fieldsWhere } from '@domain/property-fields';
import { createEmptyPropertyForm, formToValues } from '@domain/property-form';
import { PROPERTY_FIELD_KEYS, type PropertyFieldKey, type PropertyValues } from '@domain/property-values';
import { FIELD_STEP, validatePropertyInputForStatus } from '@domain/wizard-rules';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { PropertyInput } from '@openapi/schema';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import {
  type Database,
  type Db,
  databaseOptionsFromConfig,
  openDatabase,
  queryRows,
} from '../server/db/database';
import { users } from '../server/db/schema';
import { createDice, type Dice, drawValues } from './seed-values';

export const DEFAULT_SEED_PHONE = '+972501234567';

const CHUNK_SIZE = 20_000;
/** properties_search_text_trgm_idx of server/db/schema.ts. */
const SEARCH_INDEX = 'properties_search_text_trgm_idx';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedOptions {
  count: number;
  phone?: string;
  /** Same seed, same rows; a different one per run by default. */
  randomSeed?: number;
  now?: Date;
}

export interface SeedResult {
  userId: string;
  inserted: number;
  milliseconds: number;
}

/** A field's column: the registry key in snake case, as server/db/schema.ts names them. */
const columnOf = (key: PropertyFieldKey) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Each field with its column, named once rather than per row. */
const FIELD_COLUMNS = PROPERTY_FIELD_KEYS.map((key) => [key, columnOf(key)] as const);

const SQL_TYPES = {
  choice: 'text',
  choices: 'text[]',
  text: 'text',
  date: 'date',
  link: 'text',
  number: 'numeric',
  integer: 'int',
  boolean: 'boolean',
} as const satisfies Record<FieldType, string>;

/** The columns the seed writes, with their SQL types, in the order both loaders send them. */
const SEED_COLUMNS: Record<string, string> = {
  status: 'text',
  wizard_step: 'int',
  ...Object.fromEntries(PROPERTY_FIELD_KEYS.map((key) => [columnOf(key), SQL_TYPES[fieldSpec(key).type]])),
  active_publications: 'int',
  has_engagements: 'boolean',
  data_completion: 'int',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};
type SeedColumn = string;
const COLUMN_NAMES = Object.keys(SEED_COLUMNS) as SeedColumn[];

/** A stored row as the seed writes it, keyed by column name. */
export type SeedRow = Record<SeedColumn, string | number | boolean | string[] | null>;

export async function seedProperties(database: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const count = options.count;
  if (!Number.isSafeInteger(count) || count < 0) throw new Error('--count must be a whole number ≥ 0');
  const phone = options.phone ?? DEFAULT_SEED_PHONE;
  if (!/^\+[1-9][0-9]{6,14}$/.test(phone))
    throw new Error(`--phone must be E.164 (like ${DEFAULT_SEED_PHONE})`);
  const userId = await findOrCreateUser(database.db, phone);
  const dice = createDice(options.randomSeed ?? Date.now());
  const now = options.now ?? new Date();

  await inOneTransaction(database, userId, async (session) => {
    // Building the trigram index once at the end is several times faster than adding 100k rows to
    // it one by one. Its definition is read back from the database, so the seed cannot drift from
    // the migrations; inside the transaction, a failed seed leaves both rows and index as they were.
    const [index] = await session.run<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = '${SEARCH_INDEX}'`,
    );
    if (index) await session.run(`drop index ${SEARCH_INDEX}`);
    // PostgreSQL stores one chunk while the next is generated; PGlite runs on this thread anyway.
    let storing: Promise<void> = Promise.resolve();
    for (let done = 0; done < count; done += CHUNK_SIZE) {
      const rows = Array.from({ length: Math.min(CHUNK_SIZE, count - done) }, () => generateRow(dice, now));
      await storing;
      storing = session.load(rows);
      // Awaited on the next turn; marked handled so a failure is not reported twice if generating throws.
      storing.catch(() => undefined);
    }
    await storing;
    if (index) await session.run(index.indexdef);
    // Active publications are live share links: a published row's count becomes that many links.
    // Their tokens are unknown to anyone (a hash no token has, nothing sealed), so they open nothing.
    await session.run(
      `insert into share_links (property_id, owner_id, token_hash, token_sealed, created_at)
       select p.id, p.owner_id, 'seed-' || p.id || '-' || g, '', p.created_at
       from properties p, generate_series(1, p.active_publications) g
       where p.owner_id = '${userId}' and p.active_publications > 0
         and not exists (select 1 from share_links s where s.property_id = p.id)`,
    );
  });
  // Fresh statistics, so the planner picks the owner and trigram indexes right away, and a visibility
  // map, so counts are index-only scans. PGlite has no autovacuum to do either later.
  if (count > 0) await database.db.execute(sql`vacuum (analyze) properties, share_links`);
  return { userId, inserted: count, milliseconds: Math.round(performance.now() - started) };
}

/** Statements and bulk loads inside one transaction, on either database. */
interface BulkSession {
  run<Row extends Record<string, unknown>>(statement: string): Promise<Row[]>;
  load(rows: SeedRow[]): Promise<void>;
}

/**
 * The transaction holds an exclusive lock on properties (the dropped index) until it commits: a
 * server on the same PostgreSQL waits for the seed. PGlite has a single user anyway.
 */
async function inOneTransaction(
  database: Database,
  ownerId: string,
  work: (session: BulkSession) => Promise<void>,
): Promise<void> {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.transaction(async (tx) =>
      work({
        run: async <Row>(statement: string) => (await tx.query<Row>(statement)).rows,
        load: (rows) => copyIntoPglite(tx, ownerId, rows),
      }),
    );
    return;
  }
  await database.db.transaction(async (tx) =>
    work({
      run: <Row extends Record<string, unknown>>(statement: string) => queryRows<Row>(tx, sql.raw(statement)),
      load: (rows) => insertIntoPostgres(tx, ownerId, rows),
    }),
  );
}

/**
 * PGlite spends most of a bulk insert parsing parameters; COPY from an in-memory CSV skips that and
 * is about twice as fast as any INSERT form.
 */
async function copyIntoPglite(tx: Transaction, ownerId: string, rows: SeedRow[]): Promise<void> {
  const csv = rows
    .map((row) => [ownerId, ...COLUMN_NAMES.map((column) => csvCell(row[column] ?? null))].join(','))
    .join('\n');
  await tx.query(
    `copy properties (owner_id, ${COLUMN_NAMES.join(', ')}) from '/dev/blob' with (format csv)`,
    [],
    {
      blob: new Blob([csv]),
    },
  );
}

/** One JSON parameter per chunk, expanded by json_to_recordset (json parses faster than jsonb here). */
async function insertIntoPostgres(db: Db, ownerId: string, rows: SeedRow[]): Promise<void> {
  const columns = sql.raw(COLUMN_NAMES.join(', '));
  const definitions = sql.raw(COLUMN_NAMES.map((column) => `${column} ${SEED_COLUMNS[column]}`).join(', '));
  await db.execute(sql`
    insert into properties (owner_id, ${columns})
    select ${ownerId}::uuid, ${columns} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${definitions})`);
}

/** CSV for COPY: unquoted empty is NULL; arrays are PostgreSQL array literals of option values. */
function csvCell(value: SeedRow[SeedColumn]): string {
  if (value === null) return '';
  if (Array.isArray(value)) {
    if (value.some((item) => !/^[A-Za-z0-9_]+$/.test(item)))
      throw new Error(`not an option value list: ${value}`);
    return `"{${value.join(',')}}"`;
  }
  if (typeof value === 'string') return `"${value.replace(/"/g, '""')}"`;
  return String(value);
}

async function findOrCreateUser(db: Db, phoneNumber: string): Promise<string> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phoneNumber));
  if (existing) return existing.id;
  const [created] = await db
    .insert(users)
    .values({
      phoneNumber,
      firstName: 'משתמש',
      lastName: 'הדגמה',
      email: `demo+${phoneNumber.slice(1)}@example.co.il`,
      position: 'מנהל נכסים',
    })
    .onConflictDoNothing({ target: users.phoneNumber })
    .returning({ id: users.id });
  if (created) return created.id;
  return findOrCreateUser(db, phoneNumber);
}

/** One property: published ones pass every publish rule, drafts stop somewhere in the wizard. */
export function generateRow(dice: Dice, now: Date): SeedRow {
  const { chance, between, random } = dice;
  const values = drawValues(dice, now);

  let status: 'draft' | 'published' = chance(0.72) ? 'published' : 'draft';
  let wizardStep = 6;
  if (status === 'draft') {
    // A draft is abandoned somewhere in the wizard: everything after that step is unanswered.
    wizardStep = between(1, 5);
    if (wizardStep <= 3) clearStep(values, 3);
    if (wizardStep <= 3) clearStep(values, 4);
    if (wizardStep === 1) clearStep(values, 2);
  }
  // The same shape as an API body but for readonly lists, which the rules only read. One check per
  // row: the publish check includes the draft one, and a failed publish check falls back to it.
  const input = { ...values, status, wizardStep } as unknown as PropertyInput;
  if (validatePropertyInputForStatus(input).length > 0) {
    if (status === 'draft' || validatePropertyInputForStatus({ ...input, status: 'draft' }).length > 0) {
      throw new Error(`seed generated an invalid property: ${JSON.stringify(input)}`);
    }
    status = 'draft';
    wizardStep = 5;
  }

  const createdAt = now.getTime() - Math.floor(random() * 730 * DAY_MS);
  const updatedAt = Math.min(now.getTime(), createdAt + Math.floor(random() * 30 * DAY_MS));
  const published = status === 'published';
  return {
    status,
    wizard_step: wizardStep,
    ...Object.fromEntries(
      FIELD_COLUMNS.map(([key, column]) => {
        const value = values[key];
        return [column, Array.isArray(value) ? [...value] : value];
      }),
    ),
    active_publications: published && chance(0.6) ? between(1, 6) : 0,
    has_engagements: published && chance(0.3),
    data_completion: dataCompletion(values),
    created_at: new Date(createdAt).toISOString(),
    updated_at: new Date(updatedAt).toISOString(),
  };
}

const EMPTY_VALUES = formToValues(createEmptyPropertyForm());
/**
 * A draft abandoned before step 2 still has the texts the list names a row by (its address and city):
 * the list shows every draft by them.
 */
const KEPT_BY_DRAFTS: ReadonlySet<PropertyFieldKey> = new Set(
  fieldsWhere((spec) => spec.listed && spec.type === 'text'),
);

/** Unanswers the fields of `step`, which a draft abandoned before it never reached. */
function clearStep(values: PropertyValues, step: 2 | 3 | 4): void {
  const mutable = values as Record<PropertyFieldKey, unknown>;
  for (const field of PROPERTY_FIELD_KEYS) {
    if (FIELD_STEP[field] === step && !KEPT_BY_DRAFTS.has(field)) mutable[field] = EMPTY_VALUES[field];
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { count: { type: 'string' }, phone: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
  });
  const count = Number(values.count);
  if (values.count === undefined || !Number.isSafeInteger(count) || count < 0) {
    console.error('usage: npm run seed -- --count N [--phone +972501234567] [--seed 42]');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    const result = await seedProperties(database, {
      count,
      phone: values.phone,
      randomSeed: values.seed === undefined ? undefined : Number(values.seed),
    });
    console.log(
      `Seeded ${result.inserted} properties for ${values.phone ?? DEFAULT_SEED_PHONE} (user ${result.userId}) ` +
        `into ${database.kind} in ${(result.milliseconds / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
