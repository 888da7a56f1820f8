/**
 * The whole product's tables, designed up front so later work adds columns rather than tables.
 * Option values (kinds, categories, ...) are stored as text and checked by the contract and
 * domain, not by database enums: adding an option must not need a migration.
 * Timestamps are timestamptz; numeric columns come back as JS numbers (mode 'number').
 * Descending index columns say NULLS FIRST so they match a plain `ORDER BY x DESC` exactly.
 */
import { type FieldType, KIND_FIELD, PROPERTY_FIELD_KEYS, PROPERTY_FIELDS } from '@domain/property-fields';
import type { PropertySort } from '@domain/property-list-query';
import { PROPERTY_RANGE_FILTERS, PROPERTY_SORTS } from '@domain/property-list-tables';
import { SEARCH_TEXT_SQL } from '@domain/search-text';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const optionalTime = (name: string) => timestamp(name, { withTimezone: true });
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const amount = (name: string) => numeric(name, { mode: 'number' });
/** A required link to the row this one belongs to: deleting that row deletes this one with it. */
const belongsTo = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/** A registry key's column name: `salePrice` is `sale_price`. */
const columnName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Each registry type's column (issue 21): options as text (an option added needs no migration),
 * lists as text arrays, money, areas and measures as numeric, calendar days as dates.
 */
const FIELD_COLUMNS = {
  choice: (name: string) => text(name),
  choices: textList,
  text: (name: string) => text(name),
  link: (name: string) => text(name),
  date: (name: string) => date(name, { mode: 'string' }),
  number: amount,
  integer: (name: string) => integer(name),
  boolean: (name: string) => boolean(name),
} as const satisfies Record<FieldType, (name: string) => unknown>;

type Fields = typeof PROPERTY_FIELDS;
type RegistryColumns = {
  [K in keyof Fields]: ReturnType<(typeof FIELD_COLUMNS)[Fields[K]['type']]>;
};

/**
 * The property's fields as columns, one per registry field (domain/property-fields.ts): its key
 * snake-cased, its type's column, none required (a list is empty rather than null). A field added to
 * the registry is a column here and, through `npm run db:generate`, a migration.
 */
function registryColumns(): RegistryColumns {
  return Object.fromEntries(
    PROPERTY_FIELD_KEYS.map((key) => [key, FIELD_COLUMNS[PROPERTY_FIELDS[key].type](columnName(key))]),
  ) as RegistryColumns;
}

/** The sort indexes named otherwise than their sort key: the names they had, kept to need no migration. */
const SORT_INDEX_NAMES: Partial<Record<PropertySort, string>> = { updatedAt: 'updated', price: 'sale_price' };
/** The fields the list bounds by a range (areaMin, rentMax, …). */
const RANGE_FIELDS: ReadonlySet<string> = new Set(Object.values(PROPERTY_RANGE_FILTERS));

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  companyType: text('company_type').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    /** E.164; the sign-in identity. */
    phoneNumber: text('phone_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    position: text('position'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** What a brokerage order needs of the broker (issue 23); null until the profile gives it. */
    brokerLicenceNumber: text('broker_licence_number'),
    /** Nine digits, check digit right (domain/israeli-id.ts). */
    idNumber: text('id_number'),
    businessAddress: text('business_address'),
    /** When the user last opened /exposure-requests: the overview card counts orders signed since. */
    exposureRequestsSeenAt: optionalTime('exposure_requests_seen_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_phone_number_key').on(t.phoneNumber)],
);

export const leads = pgTable(
  'leads',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    acceptedTerms: boolean('accepted_terms').notNull().default(false),
    companyName: text('company_name'),
    position: text('position'),
    companyType: text('company_type'),
    /** One flag of domain/registration.ts REGISTRATION_STEP. */
    registrationStep: integer('registration_step').notNull().default(1),
    otpVerifiedAt: optionalTime('otp_verified_at'),
    registeredUserId: uuid('registered_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * SHA-256 (hex) of the lead secret the creating save answered: the proof needed to read, change
     * or register the lead (its id travels in page addresses). Null for leads made before it existed.
     */
    secretHash: text('secret_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_phone_number_idx').on(t.phoneNumber),
    check('leads_registration_step_check', sql`${t.registrationStep} in (0, 1, 2, 4, 8)`),
  ],
);

export const otpSessions = pgTable(
  'otp_sessions',
  {
    id: id(),
    phoneNumber: text('phone_number').notNull(),
    /** 'registration' or 'auth'. */
    process: text('process').notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    /** HMAC of the code with a server secret: a leaked table does not leak live codes. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: optionalTime('consumed_at'),
    createdAt: createdAt(),
    /** Requester address, for per-IP limits. */
    ip: text('ip'),
  },
  (t) => [
    index('otp_sessions_phone_created_idx').on(t.phoneNumber, t.createdAt.desc().nullsFirst()),
    index('otp_sessions_ip_created_idx').on(t.ip, t.createdAt.desc().nullsFirst()),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    /** Every rotation of one sign-in shares a family; reuse of a rotated token revokes the family. */
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Absolute expiry of the family: rotation does not extend a sign-in forever. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: optionalTime('rotated_at'),
    revokedAt: optionalTime('revoked_at'),
    replacedBy: uuid('replaced_by'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * One sign-in: the refresh-token family of that id and every access token issued in it (their `sid`
 * claim). Logout and reuse detection set revoked_at; every authenticated request checks it, so a
 * revoked sign-in's access tokens stop at once, on every server (rows are kept, not deleted).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: createdAt(),
    /** The family's absolute expiry (refresh_tokens.expires_at). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: optionalTime('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Codes "sent" by the dev SMS provider; read by GET /api/dev/sms-outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    /** Insertion order: "newest first" must hold even when a test clock stands still. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    code: text('code').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_outbox_phone_sent_idx').on(
      t.phoneNumber,
      t.sentAt.desc().nullsFirst(),
      t.seq.desc().nullsFirst(),
    ),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: id(),
    ownerId: belongsTo('owner_id', () => users.id),
    status: text('status').notNull().default('draft'),
    wizardStep: integer('wizard_step').notNull().default(1),
    ...registryColumns(),
    activePublications: integer('active_publications').notNull().default(0),
    hasEngagements: boolean('has_engagements').notNull().default(false),
    /** 0..100, computed by domain on every write so lists can filter and sort on it. */
    dataCompletion: integer('data_completion').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: optionalTime('deleted_at'),
    /** City and address reduced to the search's one form (domain/search-text.ts), kept by PostgreSQL. */
    searchText: text('search_text').generatedAlwaysAs(sql.raw(SEARCH_TEXT_SQL)),
    /** The create request's Idempotency-Key: a repeat of it updates this property instead of adding one. */
    createKey: text('create_key'),
  },
  (t) => [
    uniqueIndex('properties_owner_create_key_key').on(t.ownerId, t.createKey),
    // "My live properties, newest first": a page is an ordered index range scan, a count an
    // index-only scan. Partial on deleted_at IS NULL because the planner cannot treat an IS NULL
    // column inside the key as constant, so with deleted_at as a key column every page was a sort.
    index('properties_owner_listing_idx')
      .on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} IS NULL`),
    // One per sort of the list (domain/property-list-query.ts): a sorted page, from the top or from
    // a cursor, is an ordered range scan of the owner's live rows, read forward or backward. A field
    // the list also bounds by a range carries the kind after the key, so a range's count with a kind
    // filter is an index-only scan instead of a pass over every row (docs/decisions.md, issue 21).
    ...Object.entries(PROPERTY_SORTS).map(([sort, field]) =>
      index(`properties_owner_sort_${SORT_INDEX_NAMES[sort as PropertySort] ?? columnName(sort)}_idx`)
        .on(t.ownerId, t[field], t.id, ...(RANGE_FIELDS.has(field) ? [t[KIND_FIELD]] : []))
        .where(sql`${t.deletedAt} IS NULL`),
    ),
    // Free-text search (LIKE '%x%') over the normalised city and address; needs pg_trgm.
    // fastupdate off: PGlite never autovacuums, so new entries would sit in the pending list (up to
    // 4 MB) that every search reads end to end: 60-150 ms at 100k rows against 2-3 ms for the index.
    index('properties_search_text_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    check('properties_status_check', sql`${t.status} in ('draft', 'published')`),
    check('properties_wizard_step_check', sql`${t.wizardStep} between 1 and 6`),
    check('properties_data_completion_check', sql`${t.dataCompletion} between 0 and 100`),
  ],
);

export const propertyFiles = pgTable(
  'property_files',
  {
    id: id(),
    propertyId: belongsTo('property_id', () => properties.id),
    /** Denormalised so a file can be authorised without joining its property. */
    ownerId: belongsTo('owner_id', () => users.id),
    /** Media group key of domain MEDIA_GROUPS (propertyImages, floorplans, ...). */
    groupKey: text('group_key').notNull(),
    category: text('category').notNull(),
    fileType: text('file_type').notNull(),
    /** The uploader's name, for display and Content-Disposition only; never a path. */
    fileName: text('file_name').notNull(),
    /** Detected from the content, not taken from the client. */
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-256 of the bytes (base64url), taken while they streamed in; the download's ETag. */
    sha256: text('sha256').notNull(),
    /** Where the bytes live in the file store (DATA_DIR or an object store). */
    storageKey: text('storage_key').notNull(),
    /** Display order within the group; the first image is the cover. */
    position: integer('position').notNull().default(0),
    /** A photo's caption (domain MAX_CAPTION_LENGTH), shown under it and as its alt text; null for none. */
    caption: text('caption'),
    createdAt: createdAt(),
  },
  (t) => [
    index('property_files_property_group_idx').on(t.propertyId, t.groupKey, t.position),
    uniqueIndex('property_files_storage_key_key').on(t.storageKey),
    // An owner's storage use (the quota) is summed on every upload.
    index('property_files_owner_idx').on(t.ownerId),
  ],
);

/**
 * A number per owner that moves whenever any of their properties or files changes, bumped by
 * triggers on both tables in the writing transaction (migration property-list-revisions), so every
 * writer counts, whichever server or script it is. Cached list pages and totals are valid only for
 * the revision they were read at (server/properties/property-list-cache.ts).
 */
export const propertyListRevisions = pgTable('property_list_revisions', {
  ownerId: uuid('owner_id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(1),
});

/** Variants of a photo made for the screen (resized WebP and JPEG), made once and kept in the file store. */
export const propertyFileVariants = pgTable(
  'property_file_variants',
  {
    fileId: belongsTo('file_id', () => propertyFiles.id),
    width: integer('width').notNull(),
    /** 'webp' or 'jpeg'. */
    format: text('format').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.width, t.format] }),
    uniqueIndex('property_file_variants_storage_key_key').on(t.storageKey),
  ],
);

/**
 * Public links to one property. The token is never stored: its SHA-256 finds the row, and a copy
 * sealed with the server secret (AES-GCM) lets the broker copy the link again.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: id(),
    propertyId: belongsTo('property_id', () => properties.id),
    ownerId: belongsTo('owner_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    label: text('label'),
    expiresAt: optionalTime('expires_at'),
    showExactAddress: boolean('show_exact_address').notNull().default(false),
    /** 'he' or 'en': the page's first language. */
    language: text('language').notNull().default('he'),
    /** Files of the property (documents, not photos) the page offers for download. */
    documentFileIds: uuid('document_file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    revokedAt: optionalTime('revoked_at'),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_key').on(t.tokenHash),
    index('share_links_property_created_idx').on(t.propertyId, t.createdAt.desc().nullsFirst()),
    // Active publications: the live links of a property, probed once per listed row.
    index('share_links_live_property_idx').on(t.propertyId, t.expiresAt).where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * Opens of a share link, one row per link, day and device. A device is an HMAC of the day, the
 * address and the browser's User-Agent under a server key: neither is stored, and the same device
 * cannot be followed from one day to the next.
 */
export const shareLinkOpens = pgTable(
  'share_link_opens',
  {
    linkId: belongsTo('link_id', () => shareLinks.id),
    day: text('day').notNull(),
    deviceHash: text('device_hash').notNull(),
    opens: integer('opens').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day, t.deviceHash] })],
);

/**
 * Codes sent per UTC day by the whole service (SMS_DAILY_LIMIT): one row a day, counted up in
 * the same transaction that records the send, so every server sees one count.
 */
export const smsDailySends = pgTable('sms_daily_sends', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sent: integer('sent').notNull(),
});

/**
 * Issue 23: a broker asks a client to sign a brokerage order before properties are revealed. The
 * status is machines/exposure-request's state; the machine's context is the columns sends,
 * last_sent_at, expires_at and verified_phone, so the server rebuilds the snapshot from the row,
 * applies an event and stores what changed. `terms` is the order as the broker set it
 * (BrokerageOrderTerms, the broker's details copied in), frozen when the request was made.
 */
export const exposureRequests = pgTable(
  'exposure_requests',
  {
    id: id(),
    ownerId: belongsTo('owner_id', () => users.id),
    status: text('status').notNull().default('draft'),
    clientName: text('client_name').notNull(),
    /** E.164: the only phone that may verify and sign. */
    clientPhone: text('client_phone').notNull(),
    terms: jsonb('terms').notNull(),
    orderVersion: integer('order_version').notNull().default(1),
    /** 'he' or 'en': the SMS's language and the client's page's first one. */
    language: text('language').notNull().default('he'),
    linkDays: integer('link_days').notNull().default(14),
    /** SHA-256 of the current link's token; null before the first SMS. */
    tokenHash: text('token_hash'),
    expiresAt: optionalTime('expires_at'),
    sends: integer('sends').notNull().default(0),
    lastSentAt: optionalTime('last_sent_at'),
    verifiedPhone: text('verified_phone'),
    sentAt: optionalTime('sent_at'),
    openedAt: optionalTime('opened_at'),
    verifiedAt: optionalTime('verified_at'),
    signedAt: optionalTime('signed_at'),
    declinedAt: optionalTime('declined_at'),
    revokedAt: optionalTime('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exposure_requests_token_hash_key').on(t.tokenHash),
    index('exposure_requests_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
  ],
);

/** The properties a request reveals once signed, in the broker's order. */
export const exposureRequestProperties = pgTable(
  'exposure_request_properties',
  {
    requestId: belongsTo('request_id', () => exposureRequests.id),
    propertyId: belongsTo('property_id', () => properties.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.propertyId] }),
    index('exposure_request_properties_property_idx').on(t.propertyId),
  ],
);

/**
 * A signed order: the canonical text exactly as signed, its SHA-256, and the evidence of who signed
 * (the verified phone, the typed name, address and browser). One row per version; rows are only ever
 * inserted: a change to the terms makes a new version, never an update.
 */
export const signedOrders = pgTable(
  'signed_orders',
  {
    id: id(),
    requestId: belongsTo('request_id', () => exposureRequests.id),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    contentSha256: text('content_sha256').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    signedName: text('signed_name').notNull(),
    verifiedPhone: text('verified_phone').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The optional drawn signature: a PNG's base64, beside the signed text, never part of it. */
    drawingPng: text('drawing_png'),
    /** The SHA-256 (hex) of the drawing's PNG bytes; null when the client only typed the name. */
    drawingSha256: text('drawing_sha256'),
  },
  (t) => [uniqueIndex('signed_orders_request_version_key').on(t.requestId, t.version)],
);

/**
 * What each request's latest signed version engages (issue 23, "active engagements"): its properties
 * and the last day of its exclusivity (null: no exclusivity, so no end). Derived from the signed order
 * and replaced in the transaction that stores a later signature, so an amended version the client has
 * not signed leaves the signed one in force. The list's engagement check is one probe of the property
 * index here, instead of a join to the request and a read of its terms.
 */
export const orderEngagements = pgTable(
  'order_engagements',
  {
    requestId: belongsTo('request_id', () => exposureRequests.id),
    propertyId: belongsTo('property_id', () => properties.id),
    endsOn: date('ends_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.propertyId] }),
    index('order_engagements_property_ends_idx').on(t.propertyId, t.endsOn),
  ],
);

export type Company = typeof companies.$inferSelect;
export type User = typeof users.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type OtpSession = typeof otpSessions.$inferSelect;
export type RefreshToken = typeof refreshTokens.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
export type Property = typeof properties.$inferSelect;
export type PropertyFile = typeof propertyFiles.$inferSelect;
export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type ExposureRequestRow = typeof exposureRequests.$inferSelect;
export type SignedOrderRow = typeof signedOrders.$inferSelect;
