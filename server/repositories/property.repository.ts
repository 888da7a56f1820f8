import { and, eq, isNotNull, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { properties } from '../db/schema';

export type PropertyRow = typeof properties.$inferSelect;
export type NewPropertyRow = typeof properties.$inferInsert;
/** The columns a save writes: everything the owner controls plus the stored score and times. */
export type PropertyChanges = Omit<NewPropertyRow, 'id' | 'ownerId' | 'createdAt' | 'deletedAt'>;

/** Which rows a lookup sees: live ones (the default everywhere), soft-deleted ones, or both. */
export type Visibility = 'live' | 'deleted' | 'any';

export async function insertProperty(db: Db, values: NewPropertyRow): Promise<PropertyRow> {
  const [row] = await db.insert(properties).values(values).returning();
  if (!row) throw new Error('property insert returned nothing');
  return row;
}

/**
 * One of the owner's properties. Another owner's id finds nothing, exactly like an unknown id, so
 * callers answer 404 for both. `forUpdate` locks the row until the transaction ends.
 */
export async function findOwnedProperty(
  db: Db,
  ownerId: string,
  id: string,
  options: { visibility?: Visibility; forUpdate?: boolean } = {},
): Promise<PropertyRow | undefined> {
  const query = db
    .select()
    .from(properties)
    .where(ownedProperty(ownerId, id, options.visibility));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateOwnedProperty(
  db: Db,
  ownerId: string,
  id: string,
  changes: PropertyChanges,
): Promise<PropertyRow | undefined> {
  const [row] = await db.update(properties).set(changes).where(ownedProperty(ownerId, id)).returning();
  return row;
}

/**
 * Soft delete (a time) or restore (null). Only a row in the other state changes, so deleting twice
 * or restoring a live property finds nothing. The last update is left as it was: neither is an edit
 * of the listing, and the list sorts by it, so an undo puts the row back where it stood.
 */
export async function setOwnedPropertyDeletedAt(
  db: Db,
  ownerId: string,
  id: string,
  deletedAt: Date | null,
): Promise<PropertyRow | undefined> {
  const [row] = await db
    .update(properties)
    .set({ deletedAt })
    .where(ownedProperty(ownerId, id, deletedAt === null ? 'deleted' : 'live'))
    .returning();
  return row;
}

/** Removes the row for good; its file rows go with it (ON DELETE CASCADE). */
export async function deleteOwnedProperty(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(properties)
    .where(ownedProperty(ownerId, id, 'any'))
    .returning({ id: properties.id });
  return rows.length > 0;
}

/**
 * The owner's property with this id, if it is as visible as asked: another owner's id matches
 * nothing, exactly like an unknown one.
 */
export function ownedProperty(
  ownerId: string | Placeholder,
  id: string | Placeholder,
  visibility: Visibility = 'live',
): SQL | undefined {
  return and(eq(properties.id, id), eq(properties.ownerId, ownerId), visible(visibility));
}

function visible(visibility: Visibility): SQL | undefined {
  if (visibility === 'live') return isNull(properties.deletedAt);
  if (visibility === 'deleted') return isNotNull(properties.deletedAt);
  return undefined;
}

/** The owner's property made by the create request with this Idempotency-Key, deleted or not. */
export async function findPropertyByCreateKey(
  db: Db,
  ownerId: string,
  createKey: string,
): Promise<PropertyRow | undefined> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.ownerId, ownerId), eq(properties.createKey, createKey)));
  return row;
}

/** A second insert of one owner's create key lost the race (PostgreSQL's unique_violation). */
export function isCreateKeyTaken(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === 'properties_owner_create_key_key';
  }
  return false;
}
