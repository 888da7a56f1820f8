import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { properties } from '../db/schema';
import { isEngagedOf } from './engagements.repository';
import { ownedProperty, type PropertyRow } from './property.repository';
import { livePublicationsOf } from './share-links.repository';

/**
 * One of the owner's live properties as its page shows it: the row with its live links counted and
 * its engagement decided at `now`, by the list's own rules, in one statement. The property page
 * used to ask three times (the row, the links, the engagement); on PGlite every statement holds the
 * server's thread, on PostgreSQL each is a round trip (docs/decisions.md, issue 26).
 */
export async function findOwnedPropertyView(
  db: Db,
  ownerId: string,
  id: string,
  now: Date,
): Promise<PropertyRow | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(properties),
      livePublications: livePublicationsOf(sql.raw('"properties"."id"'), now),
      engaged: isEngagedOf(sql.raw('"properties"."id"'), properties.hasEngagements, now),
    })
    .from(properties)
    .where(ownedProperty(ownerId, id));
  if (!row) return undefined;
  const { livePublications, engaged, ...property } = row;
  return { ...property, activePublications: livePublications, hasEngagements: engaged === true };
}
