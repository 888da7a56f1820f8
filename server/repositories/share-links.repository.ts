import { and, desc, eq, gt, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  properties,
  propertyListRevisions,
  type ShareLinkRow,
  shareLinkOpens,
  shareLinks,
} from '../db/schema';
import type { PropertyRow } from './property.repository';
import { findUserWithCompany } from './users.repository';

export type NewShareLinkRow = typeof shareLinks.$inferInsert;

export interface ShareLinkOpensRow {
  total: number;
  devices: number;
  firstAt: Date | null;
  lastAt: Date | null;
}

export async function insertShareLink(db: Db, values: NewShareLinkRow): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  if (!row) throw new Error('share link insert returned nothing');
  return row;
}

/** A property's links, newest first (the owner was checked by the caller). */
export async function listShareLinksOfProperty(db: Db, propertyId: string): Promise<ShareLinkRow[]> {
  return db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.propertyId, propertyId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
}

/**
 * Revokes one of the owner's links on a live property; a link already revoked keeps its first
 * time. Another owner's link finds nothing, like an unknown id.
 */
export async function revokeOwnedShareLink(
  db: Db,
  ownerId: string,
  linkId: string,
  now: Date,
): Promise<ShareLinkRow | undefined> {
  const [row] = await db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(shareLinks.id, linkId),
        eq(shareLinks.ownerId, ownerId),
        sql`exists (select 1 from ${properties} where ${properties.id} = ${shareLinks.propertyId} and ${properties.deletedAt} is null)`,
      ),
    )
    .returning();
  return row;
}

/**
 * The link a token hash names, whatever its state (the caller tells revoked and expired apart), with
 * whether its property is still live: one indexed lookup, made on every public request.
 */
export type ShareLinkOfToken = ShareLinkRow & {
  propertyLive: boolean;
  /**
   * The owner's list revision (0 without a row): it moves with every write to their properties,
   * files, links and opens (migrations property-list-revisions, share-links-move-list-revisions),
   * so a page rendered at this revision is current while it holds.
   */
  revision: number;
};

/**
 * The link of a token hash with its property's state and its owner's revision, in one indexed
 * query, prepared once per database: every share page request makes it, and a prepared statement
 * skips building and planning the SQL each time (docs/decisions.md, issue 22).
 */
export function prepareShareLinkLookup(db: Db): (tokenHash: string) => Promise<ShareLinkOfToken | undefined> {
  const query = db
    .select({
      link: shareLinks,
      propertyDeletedAt: properties.deletedAt,
      revision: propertyListRevisions.revision,
    })
    .from(shareLinks)
    .innerJoin(properties, eq(properties.id, shareLinks.propertyId))
    .leftJoin(propertyListRevisions, eq(propertyListRevisions.ownerId, properties.ownerId))
    .where(eq(shareLinks.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('share_link_by_token_hash');
  return async (tokenHash) => {
    const [row] = await query.execute({ tokenHash });
    return row && { ...row.link, propertyLive: row.propertyDeletedAt === null, revision: row.revision ?? 0 };
  };
}

/** The broker's card: only what a client may see (no id, no e-mail). */
export async function findBrokerCard(
  db: Db,
  userId: string,
): Promise<
  { firstName: string; lastName: string; phoneNumber: string; companyName: string | null } | undefined
> {
  const row = await findUserWithCompany(db, userId);
  return (
    row && {
      firstName: row.firstName,
      lastName: row.lastName,
      phoneNumber: row.phoneNumber,
      companyName: row.companyName,
    }
  );
}

/** Opens per link, for any number of links in one query. */
export async function opensOfLinks(db: Db, linkIds: string[]): Promise<Map<string, ShareLinkOpensRow>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .select({
      linkId: shareLinkOpens.linkId,
      total: sql<number>`sum(${shareLinkOpens.opens})::int`,
      devices: sql<number>`count(*)::int`,
      firstAt: sql<string | null>`min(${shareLinkOpens.firstAt})`,
      lastAt: sql<string | null>`max(${shareLinkOpens.lastAt})`,
    })
    .from(shareLinkOpens)
    .where(inArray(shareLinkOpens.linkId, linkIds))
    .groupBy(shareLinkOpens.linkId);
  return new Map(
    rows.map((row) => [
      row.linkId,
      {
        total: row.total,
        devices: row.devices,
        firstAt: row.firstAt ? new Date(row.firstAt) : null,
        lastAt: row.lastAt ? new Date(row.lastAt) : null,
      },
    ]),
  );
}

/** Opens of one (link, day, device): a new row, or added to it. */
export async function recordOpen(
  db: Db,
  open: { linkId: string; day: string; deviceHash: string; opens: number; firstAt: Date; lastAt: Date },
): Promise<void> {
  await db
    .insert(shareLinkOpens)
    .values(open)
    .onConflictDoUpdate({
      target: [shareLinkOpens.linkId, shareLinkOpens.day, shareLinkOpens.deviceHash],
      set: { opens: sql`${shareLinkOpens.opens} + ${open.opens}`, lastAt: open.lastAt },
    });
}

/**
 * SQL for "how many live links this listed property has" (the list's active publications) at an
 * instant given as ISO text: a value, or a prepared statement's placeholder.
 */
export function livePublicationsAt(propertyIdColumn: SQL, now: string | Placeholder): SQL<number> {
  return sql<number>`(select count(*)::int from share_links as live
    where live.property_id = ${propertyIdColumn} and live.revoked_at is null
    and (live.expires_at is null or live.expires_at > ${now}::timestamptz))`;
}

/**
 * SQL for "this listed property has a live link" at an instant given as ISO text (a value, or a
 * prepared statement's placeholder), which the planner can run as a semi-join.
 */
export function hasLivePublicationAt(propertyIdColumn: SQL, now: string | Placeholder): SQL {
  return sql`exists (select 1 from share_links as live
    where live.property_id = ${propertyIdColumn} and live.revoked_at is null
    and (live.expires_at is null or live.expires_at > ${now}::timestamptz))`;
}

/** SQL for "all opens of this listed property's links". */
export function shareOpensOf(propertyIdColumn: SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(o.opens), 0)::int from share_links as l
    join share_link_opens as o on o.link_id = l.id where l.property_id = ${propertyIdColumn})`;
}

/** The live links of one property (its active publications) at `now`. */
export async function countLivePublications(db: Db, propertyId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(shareLinks)
    .where(
      and(
        eq(shareLinks.propertyId, propertyId),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
      ),
    );
  return row?.count ?? 0;
}

/** A shared property, live (not in the trash); the link is the authorisation, not an owner. */
export async function findLivePropertyOfLink(db: Db, propertyId: string): Promise<PropertyRow | undefined> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt)))
    .limit(1);
  return row;
}
