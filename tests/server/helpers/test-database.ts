import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, MIGRATIONS_DIR, openDatabase, PGLITE_EXTENSIONS } from '../../../server/db/database';
import { reusablePglite, takeIdlePglite } from './reused-pglite';

/**
 * A fresh, migrated database for one test file: PostgreSQL when DATABASE_URL is set (a new
 * database per call, dropped on close, so files can run in parallel), in-memory PGlite otherwise
 * (emptied and handed to the worker's next file when closed).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

/**
 * An earlier file's PGlite of this worker, emptied (reused-pglite.ts), or a new one from the template.
 */
async function createPgliteTestDatabase(): Promise<Database> {
  return (await takeIdlePglite()) ?? reusablePglite(await openPgliteFromTemplate());
}

/**
 * Creating and migrating a PGlite takes seconds; loading an (uncompressed: faster) dump of one
 * takes a fraction of that.
 * The first test file to need it writes the dump to the OS temp dir, keyed by the migrations and
 * the PGlite version, and later files load it.
 */
async function openPgliteFromTemplate(): Promise<Database> {
  const templateFile = join(tmpdir(), `nechasim-pglite-template-${await templateKey()}.tar`);
  if (existsSync(templateFile)) {
    const dump = new Blob([await readFile(templateFile)]);
    const client = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
    // A no-op when the template is current; a safety net if it is not.
    return openDatabase({ kind: 'pglite', client });
  }
  const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ kind: 'pglite', client });
  const dump = await client.dumpDataDir('none');
  const partial = `${templateFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  // Atomic: a parallel file either sees no template or a whole one.
  await rename(partial, templateFile);
  return database;
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(PGlite.name);
  const pgliteVersion = JSON.parse(
    await readFile(
      resolve(
        dirname(fileURLToPath(import.meta.url)),
        '../../../node_modules/@electric-sql/pglite/package.json',
      ),
      'utf8',
    ),
  ) as { version: string };
  hash.update(pgliteVersion.version);
  const files = await readdir(MIGRATIONS_DIR, { recursive: true });
  for (const file of files.sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file);
    hash.update(await readFile(join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function createPostgresTestDatabase(adminUrl: string): Promise<Database> {
  const template = await postgresTemplate(adminUrl);
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  // A no-op when the template is current; a safety net if it is not.
  // Six, shared as the server shares it (server/db/generic-plans.ts): three for transactions and statements
  // planned with their values, so a test holding one in a transaction still has two for concurrent requests.
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 6 });
  const opened: Database = {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
  postgresUrls.set(opened, url);
  return opened;
}

const postgresUrls = new WeakMap<Database, string>();

/** The URL of a PostgreSQL test database (createTestDatabase); throws for any other. */
export function postgresUrlOf(database: Database): string {
  const url = postgresUrls.get(database);
  if (!url) throw new Error('not a PostgreSQL test database');
  return url;
}

/**
 * What a second server on the same database would open: on PostgreSQL a pool and a listening
 * connection of its own (closed by the caller, before the first's close drops the database); on
 * PGlite, one process's only connection, the same database.
 */
export async function openAgain(database: Database): Promise<Database> {
  const url = postgresUrls.get(database);
  if (!url) return { ...database, close: async () => {} };
  return openDatabase({ kind: 'postgres', url, poolSize: 2, migrate: false });
}

/**
 * Migrating a new PostgreSQL database takes about half a second, more than most server files'
 * tests; copying a migrated one (`CREATE DATABASE … TEMPLATE`) takes a fraction of that. The
 * first file of a worker to need it finds or makes the template, named after the migrations, under
 * an advisory lock so that parallel workers make it once; it is built under a passing name and
 * renamed when migrated, so a run that dies halfway leaves no half-migrated template behind.
 */
let postgresTemplateName: Promise<string> | undefined;

function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplateName ??= createPostgresTemplate(adminUrl).catch((error: unknown) => {
    postgresTemplateName = undefined;
    throw error;
  });
  return postgresTemplateName;
}

/** Any fixed number: the workers' lock on making the template. */
const TEMPLATE_LOCK = 7_260_526;

async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `tpl_${await templateKey()}`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(adminUrl, building),
        poolSize: 1,
      });
      await database.close();
      // A template must have no connection when it is copied (or renamed): PostgreSQL waits a
      // few seconds for the pool's closing backends to leave.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
