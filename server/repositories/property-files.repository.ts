import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { properties, propertyFiles, propertyFileVariants } from '../db/schema';

export type PropertyFileRow = typeof propertyFiles.$inferSelect;
export type NewPropertyFileRow = typeof propertyFiles.$inferInsert;

/** The files of some properties, by group and display order (one query for any number of properties). */
export async function listFilesOfProperties(db: Db, propertyIds: string[]): Promise<PropertyFileRow[]> {
  if (propertyIds.length === 0) return [];
  return db
    .select()
    .from(propertyFiles)
    .where(inArray(propertyFiles.propertyId, propertyIds))
    .orderBy(
      asc(propertyFiles.propertyId),
      asc(propertyFiles.groupKey),
      asc(propertyFiles.position),
      asc(propertyFiles.createdAt),
      asc(propertyFiles.id),
    );
}

export async function insertPropertyFiles(db: Db, rows: NewPropertyFileRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(propertyFiles).values(rows);
}

/** How many files each group of a property holds and the next free position in it. */
export async function groupTallies(
  db: Db,
  propertyId: string,
): Promise<Map<string, { count: number; nextPosition: number }>> {
  const rows = await db
    .select({
      groupKey: propertyFiles.groupKey,
      count: sql<number>`count(*)::int`,
      nextPosition: sql<number>`(max(${propertyFiles.position}) + 1)::int`,
    })
    .from(propertyFiles)
    .where(eq(propertyFiles.propertyId, propertyId))
    .groupBy(propertyFiles.groupKey);
  return new Map(rows.map((row) => [row.groupKey, { count: row.count, nextPosition: row.nextPosition }]));
}

/** A file the signed URL names, as long as its property is live; no owner check (the signature is the check). */
export async function findDownloadableFile(db: Db, fileId: string): Promise<PropertyFileRow | undefined> {
  const [row] = await db
    .select({ file: propertyFiles })
    .from(propertyFiles)
    .innerJoin(properties, eq(properties.id, propertyFiles.propertyId))
    .where(and(eq(propertyFiles.id, fileId), isNull(properties.deletedAt)))
    .limit(1);
  return row?.file;
}

/** One of the owner's files on a live property; another owner's file finds nothing. */
export async function findOwnedFile(
  db: Db,
  ownerId: string,
  fileId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PropertyFileRow | undefined> {
  const query = db
    .select({ file: propertyFiles })
    .from(propertyFiles)
    .innerJoin(properties, eq(properties.id, propertyFiles.propertyId))
    .where(
      and(
        eq(propertyFiles.id, fileId),
        eq(propertyFiles.ownerId, ownerId),
        eq(properties.ownerId, ownerId),
        isNull(properties.deletedAt),
      ),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: properties }) : await query;
  return row?.file;
}

/**
 * Deletes file rows of one property; returns their storage keys and their resized copies' (whose
 * rows go with them), for removal from the store after commit.
 */
export async function deletePropertyFiles(db: Db, propertyId: string, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const variants = await db
    .select({ storageKey: propertyFileVariants.storageKey })
    .from(propertyFileVariants)
    .where(inArray(propertyFileVariants.fileId, fileIds));
  const rows = await db
    .delete(propertyFiles)
    .where(and(eq(propertyFiles.propertyId, propertyId), inArray(propertyFiles.id, fileIds)))
    .returning({ storageKey: propertyFiles.storageKey });
  return [...rows, ...variants].map((row) => row.storageKey);
}

/** Closes the gap a removed file leaves in its group. */
export async function shiftPositionsAfter(
  db: Db,
  propertyId: string,
  groupKey: string,
  position: number,
): Promise<void> {
  await db
    .update(propertyFiles)
    .set({ position: sql`${propertyFiles.position} - 1` })
    .where(
      and(
        eq(propertyFiles.propertyId, propertyId),
        eq(propertyFiles.groupKey, groupKey),
        gt(propertyFiles.position, position),
      ),
    );
}

/** The columns set file by file in one statement: each one's value and its SQL element type. */
type FileColumnValues = { position: number; caption: string | null };
const FILE_COLUMN_TYPES = { position: 'int', caption: 'text' } as const satisfies Record<
  keyof FileColumnValues,
  string
>;

/**
 * Sets one column of some of a property's files, each file its own value, in one statement: the
 * display order of many files, or their captions (null clears one).
 */
export async function setFilesColumn<Column extends keyof FileColumnValues>(
  db: Db,
  propertyId: string,
  column: Column,
  files: ({ id: string } & Record<Column, FileColumnValues[Column]>)[],
): Promise<void> {
  if (files.length === 0) return;
  const ids = files.map((file) => file.id);
  const values = files.map((file) => file[column]);
  // sql.param keeps each list one array parameter (a bare array would expand into a list of them).
  await db.execute(sql`
    update ${propertyFiles} set ${sql.identifier(column)} = v.value
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(values)}::${sql.raw(FILE_COLUMN_TYPES[column])}[]) as v(id, value)
    where ${propertyFiles.id} = v.id and ${propertyFiles.propertyId} = ${propertyId}`);
}

export async function listStorageKeysOfProperty(db: Db, propertyId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: propertyFiles.storageKey })
    .from(propertyFiles)
    .where(eq(propertyFiles.propertyId, propertyId));
  const variants = await db
    .select({ storageKey: propertyFileVariants.storageKey })
    .from(propertyFileVariants)
    .innerJoin(propertyFiles, eq(propertyFiles.id, propertyFileVariants.fileId))
    .where(eq(propertyFiles.propertyId, propertyId));
  return [...rows, ...variants].map((row) => row.storageKey);
}

/** Bytes of every file the owner keeps (soft-deleted properties' files too: they still take room). */
export async function storageUsedBytes(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${propertyFiles.size}), 0)` })
    .from(propertyFiles)
    .where(eq(propertyFiles.ownerId, ownerId));
  return Number(row?.used ?? 0);
}

/**
 * Holds the owner's user row until the transaction ends, so two uploads of one owner add up their
 * bytes one after the other instead of each passing the quota on its own.
 */
export async function lockOwnerForStorage(db: Db, ownerId: string): Promise<void> {
  // NO KEY UPDATE: serialises these checks against each other, yet not against the KEY SHARE lock
  // that inserting the owner's property takes for its foreign key (FOR UPDATE deadlocked there).
  await db.execute(sql`select 1 from users where id = ${ownerId} for no key update`);
}
