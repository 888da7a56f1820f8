/**
 * Fills the database with realistic Hebrew properties for one user, to try the list at scale:
 *
 *   npm run seed -- --count 100000 [--phone +972501234567] [--seed 42]
 *
 * The user is found by phone, or created. Rows are generated here (the same --seed gives the same
 * rows) with the rules the API applies: categories valid for their kind, published ones complete,
 * and the completion score from domain's dataCompletion, so a seeded row is one the API could
 * have written. They go in 20,000 at a time, all in one transaction: COPY from an in-memory CSV on
 * PGlite (DATA_DIR), one json_to_recordset statement on PostgreSQL (DATABASE_URL). About 15-20 s
 * per 100,000 rows on either (two cores); row by row it would be minutes. Stop the server first
 * when it uses the same PGlite directory (PGlite is single-process).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { dataCompletion } from '@domain/data-completion';
import { MARKETED_AREA_FIELD, TOTAL_AREA_FIELD } from '@domain/property-areas';
import { type FieldType, fieldSpec } from '@domain/property-fields';
import { createEmptyPropertyForm, formToValues } from '@domain/property-form';
import {
  type AirConditioningType,
  type DealType,
  LOBBY_TYPES,
  MAIN_TRAFFIC_ROUTES,
  NEARBY_PARKING,
  ONSITE_AMENITIES,
  PORTS_AIRPORTS,
  PROPERTY_CATEGORIES_BY_KIND,
  type PropertyCondition,
  type PropertyKind,
  PUBLIC_TRANSPORT,
  SECURITY_MEASURES,
  USAGE_CATEGORIES_BY_KIND,
} from '@domain/property-options';
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

export const DEFAULT_SEED_PHONE = '+972501234567';

const CHUNK_SIZE = 20_000;
/** properties_search_text_trgm_idx of server/db/schema.ts. */
const SEARCH_INDEX = 'properties_search_text_trgm_idx';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Real cities, weighted roughly by how much commercial space they have. */
export const SEED_CITIES = [
  ['תל אביב-יפו', 14],
  ['ירושלים', 8],
  ['חיפה', 7],
  ['פתח תקווה', 6],
  ['ראשון לציון', 5],
  ['רמת גן', 6],
  ['הרצליה', 5],
  ['נתניה', 4],
  ['אשדוד', 4],
  ['באר שבע', 4],
  ['חולון', 3],
  ['רעננה', 3],
  ['מודיעין', 2],
  ['קריית גת', 2],
  ['אור יהודה', 2],
  ['בני ברק', 2],
  ['כפר סבא', 2],
  ['רחובות', 2],
  ['אשקלון', 2],
  ['נצרת', 1],
  ['קיסריה', 1],
  ['יקנעם עילית', 1],
  ['ראש העין', 2],
  ['לוד', 1],
] as const;

/** Streets of town centres and business districts (offices, retail). */
const CENTRAL_STREETS = [
  'הרצל',
  'ויצמן',
  "ז'בוטינסקי",
  'בן גוריון',
  'רוטשילד',
  'אלנבי',
  'דרך מנחם בגין',
  'העצמאות',
  'שדרות הנשיא',
  'יפו',
  'סוקולוב',
  'אחד העם',
  'דרך השלום',
  'קרן היסוד',
  'אבא הלל סילבר',
  'ההסתדרות',
  'שדרות ירושלים',
  'מבצע קדש',
  'המלך ג׳ורג׳',
  'דיזנגוף',
  'אבן גבירול',
  'הנביאים',
  'בר כוכבא',
  'הגפן',
] as const;

/** Streets of industrial zones (logistics, industry). */
const INDUSTRIAL_STREETS = [
  'המסגר',
  'הברזל',
  'התעשייה',
  'המלאכה',
  'החרושת',
  'היוזמה',
  'המדע',
  'הסדנא',
  'הנגר',
  'הצורף',
  'האומן',
  'הפלדה',
  'המפעל',
  'הקדמה',
  'דרך המשק',
] as const;

const OTHER_USAGE_TEXTS = ['חדר כושר בוטיק', 'מעבדת שיניים', 'אחסון ארכיונים', 'סטודיו להקלטות'] as const;

/** Per kind: share of the portfolio, area range (m²) and rent range (₪ per m² per month). */
const KIND_PROFILES = {
  offices: { weight: 40, area: [80, 5000], rent: [60, 180], floors: [3, 50] },
  retail: { weight: 30, area: [40, 3000], rent: [80, 350], floors: [1, 8] },
  logistics: { weight: 15, area: [500, 40000], rent: [30, 80], floors: [1, 3] },
  industry: { weight: 15, area: [300, 20000], rent: [25, 70], floors: [1, 5] },
} as const satisfies Record<
  PropertyKind,
  {
    weight: number;
    area: readonly [number, number];
    rent: readonly [number, number];
    floors: readonly [number, number];
  }
>;

const KIND_WEIGHTS = Object.entries(KIND_PROFILES).map(
  ([name, profile]) => [name as PropertyKind, profile.weight] as const,
);

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
  const { pick, chance, between, some, random } = dice;
  const kind = dice.weighted(KIND_WEIGHTS);
  const profile = KIND_PROFILES[kind];
  const industrial = kind === 'logistics' || kind === 'industry';
  const usage = USAGE_CATEGORIES_BY_KIND[kind].filter((value) => value !== 'other') as string[];
  const usageCategories = kind === 'offices' ? [] : some(usage, 1, 2);
  const withOther = kind !== 'offices' && chance(0.05);
  if (withOther) usageCategories.push('other');
  // The whole space's area (the registry's total area role) drives the price and divisibility.
  const area = roundTo(between(profile.area[0], profile.area[1]), 10);
  const hasParking = chance(0.7);
  const floorsInBuilding = between(profile.floors[0], profile.floors[1]);
  const dealType = dice.weighted(DEAL_WEIGHTS[kind]);

  const values: PropertyValues = {
    propertyKind: kind,
    usageCategories: usageCategories as PropertyValues['usageCategories'],
    usageCategoriesOther: withOther ? pick(OTHER_USAGE_TEXTS) : null,
    city: dice.weighted(SEED_CITIES),
    address: `${pick(industrial ? INDUSTRIAL_STREETS : CENTRAL_STREETS)} ${between(1, 180)}`,
    propertyCategory: pick(PROPERTY_CATEGORIES_BY_KIND[kind]),
    buildingClass: pick(['classA', 'classB', 'classC'] as const),
    [TOTAL_AREA_FIELD]: area,
    [MARKETED_AREA_FIELD]: roundTo(area * (0.4 + random() * 0.6), 10) || area,
    askingRentPerSqm: dealType === 'sale' ? null : between(profile.rent[0], profile.rent[1]),
    salePrice: dealType === 'rent' ? null : roundTo(area * between(9000, 35000), 10000),
    floorsInBuilding,
    accessibleForDisabled: chance(0.8),
    hasParking,
    parkingMonthlyCost: hasParking ? roundTo(between(250, 1200), 50) : null,
    bicycleParking: chance(0.5),
    truckAccess: industrial ? some(['truck20ft', 'truck40ft', 'semiTrailer'] as const, 1, 3) : ['none'],
    lobbyType: industrial ? 'none' : pick(LOBBY_TYPES),
    securityMeasures: some(SECURITY_MEASURES, 1, 3),
    passengerElevator: kind === 'offices' ? true : chance(0.5),
    freightElevator: kind === 'offices' ? (chance(0.5) ? chance(0.3) : null) : chance(0.6),
    nearbyParking: some(NEARBY_PARKING, 1, 2),
    publicTransport: some(PUBLIC_TRANSPORT, 1, 3),
    mainTrafficRoutes: some(MAIN_TRAFFIC_ROUTES, 0, 2),
    portsAirportsProximity: industrial ? some(PORTS_AIRPORTS, 1, 2) : some(PORTS_AIRPORTS, 0, 1),
    onsiteAmenities: some(ONSITE_AMENITIES, 0, 4),
    dealType,
    ...listingFacts(dice, kind, { area, floorsInBuilding, hasParking, now }),
  };

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
      PROPERTY_FIELD_KEYS.map((key) => {
        const value = values[key];
        return [columnOf(key), Array.isArray(value) ? [...value] : value];
      }),
    ),
    active_publications: published && chance(0.6) ? between(1, 6) : 0,
    has_engagements: published && chance(0.3),
    data_completion: dataCompletion(values),
    created_at: new Date(createdAt).toISOString(),
    updated_at: new Date(updatedAt).toISOString(),
  };
}

/** How each kind is usually offered: offices and shops mostly for rent, industry more often for sale. */
const DEAL_WEIGHTS = {
  offices: [
    ['rent', 75],
    ['sale', 10],
    ['rentOrSale', 15],
  ],
  retail: [
    ['rent', 70],
    ['sale', 15],
    ['rentOrSale', 15],
  ],
  logistics: [
    ['rent', 80],
    ['sale', 5],
    ['rentOrSale', 15],
  ],
  industry: [
    ['rent', 55],
    ['sale', 25],
    ['rentOrSale', 20],
  ],
} as const satisfies Record<PropertyKind, readonly (readonly [DealType, number])[]>;

/**
 * Per kind, as Israeli listings quote them: management fee and arnona in ₪ per m² per month, the
 * condition and air conditioning brokers meet most, and for warehouses and plants clear height
 * (m), floor load (t/m²) and the connection in amperes per phase.
 */
const FACT_PROFILES = {
  offices: {
    managementFee: [10, 35],
    arnona: [18, 45],
    condition: [
      ['shell', 30],
      ['finished', 40],
      ['renovated', 20],
      ['furnished', 10],
    ],
    air: [
      ['central', 50],
      ['vrf', 40],
      ['split', 10],
    ],
  },
  retail: {
    managementFee: [15, 60],
    arnona: [25, 70],
    condition: [
      ['shell', 40],
      ['finished', 40],
      ['renovated', 20],
    ],
    air: [
      ['central', 40],
      ['vrf', 30],
      ['split', 30],
    ],
  },
  logistics: {
    managementFee: [2, 8],
    arnona: [6, 14],
    condition: [
      ['finished', 70],
      ['shell', 30],
    ],
    air: [
      ['none', 70],
      ['split', 30],
    ],
  },
  industry: {
    managementFee: [1, 6],
    arnona: [5, 12],
    condition: [
      ['finished', 50],
      ['renovated', 20],
      ['shell', 30],
    ],
    air: [
      ['none', 50],
      ['split', 30],
      ['central', 20],
    ],
  },
} as const satisfies Record<
  PropertyKind,
  {
    managementFee: readonly [number, number];
    arnona: readonly [number, number];
    condition: readonly (readonly [PropertyCondition, number])[];
    air: readonly (readonly [AirConditioningType, number])[];
  }
>;

const DESCRIPTIONS = {
  offices: [
    'קומה שלמה עם נוף פתוח, חלוקה ל-12 חדרים, חדר ישיבות גדול ומטבחון.',
    'משרדים מרוהטים מוכנים לכניסה, 3 דקות הליכה מהרכבת.',
    'חלל פתוח בבניין משרדים מתחדש, אפשרות לתכנון לפי דרישת השוכר.',
  ],
  retail: [
    'חזית מסחרית לרחוב ראשי, תנועת הולכי רגל ערה כל היום.',
    'חנות פינתית עם חלונות ראווה לשני רחובות ומחסן צמוד.',
    'מתאים למסעדה: הכנה לארובה, מפריד שומנים וחיבור גז.',
  ],
  logistics: [
    'מרכז לוגיסטי עם חצר תפעולית רחבה וגישה נוחה לכביש 6.',
    'מחסן יבש עם מערכת ספרינקלרים ורמפות הידראוליות.',
  ],
  industry: [
    'מבנה תעשייה עם עגורן גשר, חשמל תלת-פאזי ומשרדים בגלריה.',
    'אולם ייצור גבוה עם חצר פריקה פרטית, מתאים לתעשייה קלה.',
  ],
} as const satisfies Record<PropertyKind, readonly string[]>;

/** Matterport's public sample model: a seeded tour that opens. */
const SAMPLE_TOUR = 'https://my.matterport.com/show/?m=SxQL3iGyoDo';

type ListingFacts = Pick<
  PropertyValues,
  | 'divisible'
  | 'minDivisibleArea'
  | 'dealType'
  | 'managementFeePerSqm'
  | 'arnonaPerSqm'
  | 'entryDate'
  | 'description'
  | 'tourLink'
  | 'floor'
  | 'parkingSpaces'
  | 'condition'
  | 'airConditioning'
  | 'clearHeight'
  | 'loadingDocks'
  | 'floorLoad'
  | 'electricalCapacity'
>;

/** Issue 21's facts for one property, realistic for its kind and consistent with its other answers. */
function listingFacts(
  dice: Dice,
  kind: PropertyKind,
  unit: { area: number; floorsInBuilding: number; hasParking: boolean; now: Date },
): Omit<ListingFacts, 'dealType'> {
  const { pick, chance, between, random } = dice;
  const profile = FACT_PROFILES[kind];
  const industrial = kind === 'logistics' || kind === 'industry';
  const divisible = unit.area >= (industrial ? 3000 : 600) ? chance(0.5) : chance(0.1) ? false : null;
  // The first of a month in the next nine months, as brokers quote availability.
  const entry = new Date(Date.UTC(unit.now.getUTCFullYear(), unit.now.getUTCMonth() + between(0, 9), 1));
  const floor =
    kind === 'offices'
      ? between(0, unit.floorsInBuilding)
      : kind === 'retail'
        ? pick([0, 0, 0, 0, -1, 1] as const)
        : 0;
  const spaces = { offices: [2, 120], retail: [1, 20], logistics: [5, 60], industry: [3, 40] } as const;
  return {
    divisible,
    minDivisibleArea:
      divisible === true ? Math.max(roundTo(unit.area * (0.15 + random() * 0.25), 50), 50) : null,
    managementFeePerSqm: chance(0.8) ? between(profile.managementFee[0], profile.managementFee[1]) : null,
    arnonaPerSqm: chance(0.75) ? between(profile.arnona[0], profile.arnona[1]) : null,
    entryDate: chance(0.7) ? entry.toISOString().slice(0, 10) : null,
    description: chance(0.6) ? pick(DESCRIPTIONS[kind]) : null,
    tourLink: chance(0.15) ? SAMPLE_TOUR : null,
    floor: Math.min(floor, unit.floorsInBuilding),
    parkingSpaces: unit.hasParking && chance(0.8) ? between(spaces[kind][0], spaces[kind][1]) : null,
    condition: dice.weighted(profile.condition),
    airConditioning: chance(0.85) ? dice.weighted(profile.air) : null,
    clearHeight: industrial ? (kind === 'logistics' ? between(16, 28) : between(10, 20)) / 2 : null,
    loadingDocks: industrial ? (kind === 'logistics' ? between(2, 20) : between(0, 6)) : null,
    floorLoad: industrial ? (kind === 'logistics' ? between(3, 5) : between(2, 10)) : null,
    electricalCapacity: industrial
      ? pick(kind === 'logistics' ? ([160, 250, 400, 630] as const) : ([250, 400, 630, 1000, 1600] as const))
      : null,
  };
}

const EMPTY_VALUES = formToValues(createEmptyPropertyForm());
/** A draft abandoned on step 2 still has its address: the list shows every draft by address and city. */
const KEPT_BY_DRAFTS: ReadonlySet<PropertyFieldKey> = new Set(['city', 'address']);

/** Unanswers the fields of `step`, which a draft abandoned before it never reached. */
function clearStep(values: PropertyValues, step: 2 | 3 | 4): void {
  const mutable = values as Record<PropertyFieldKey, unknown>;
  for (const field of PROPERTY_FIELD_KEYS) {
    if (FIELD_STEP[field] === step && !KEPT_BY_DRAFTS.has(field)) mutable[field] = EMPTY_VALUES[field];
  }
}

/** Random choices from one seeded source. Made once per run: closures made per row cost more than the rows. */
export interface Dice {
  random: () => number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
  between(low: number, high: number): number;
  /** `min` to `max` distinct items in random order (a partial Fisher-Yates shuffle). */
  some<T>(list: readonly T[], min: number, max: number): T[];
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
}

export function createDice(seed: number): Dice {
  const random = mulberry32(seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  return {
    random,
    between,
    pick: (list) => list[Math.floor(random() * list.length)] as (typeof list)[number],
    chance: (probability) => random() < probability,
    some<T>(list: readonly T[], min: number, max: number): T[] {
      const copy = [...list];
      const size = between(min, Math.min(max, copy.length));
      for (let i = 0; i < size; i++) {
        const j = i + Math.floor(random() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, size);
    },
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = random() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return (entries.at(-1) as readonly [T, number])[0];
    },
  };
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** A small seeded PRNG: the same seed gives the same portfolio. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
