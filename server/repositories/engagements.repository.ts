import type { BrokerageOrderTerms } from '@domain/brokerage-order';
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { orderEngagements, properties } from '../db/schema';

/** Exclusivity ends on an Israeli calendar day: the order's dates are days in Israel. */
const ISRAEL_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' });

/**
 * SQL for "this listed property is engaged" (issue 23): the latest signed version of a client's
 * brokerage order names it and has not ended, that is, it has no exclusivity (no end date) or its
 * exclusivity's last day is today or later in Israel; or an engagement recorded outside Nechasim
 * (`has_engagements`, set by imports and the seed). The live engagements are hashed once per query.
 */
export function isEngagedOf(propertyIdColumn: SQL, hasEngagementsColumn: unknown, now: Date): SQL<boolean> {
  return isEngagedOn(propertyIdColumn, hasEngagementsColumn, israelDayOf(now));
}

/** The last minute israelDayOf formatted: every list request asks, and Intl's format shows in its profile. */
let lastDay = { minute: Number.NaN, day: '' };

/**
 * The Israeli calendar day of an instant (YYYY-MM-DD), as isEngagedOn takes it. Israel's offsets
 * from UTC are whole hours, so its days change on a UTC minute and one minute has one day.
 */
export function israelDayOf(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: ISRAEL_DAY.format(now) };
  return lastDay.day;
}

/** isEngagedOf on a given Israeli day: a value, or a prepared statement's placeholder. */
export function isEngagedOn(
  propertyIdColumn: SQL,
  hasEngagementsColumn: unknown,
  today: string | Placeholder,
): SQL<boolean> {
  // IN, not EXISTS: under the OR both run as one hash of the live engagements, but PostgreSQL costs an
  // EXISTS as an index probe per row, and that estimate on a whole portfolio's count switched its JIT
  // compiler on, which then cost more than the count (docs/benchmarks.md, History, issue 23).
  return sql<boolean>`(${hasEngagementsColumn} or ${propertyIdColumn} in (select engaged.property_id
    from order_engagements as engaged where engaged.ends_on is null or engaged.ends_on >= ${today}::date))`;
}

/**
 * A version was signed: what it engages replaces what the request's earlier signed version engaged
 * (the same transaction as the signature). Properties dropped by the amendment stop being engaged by it.
 */
export async function recordOrderEngagements(
  db: Pick<Db, 'delete' | 'insert'>,
  requestId: string,
  terms: Pick<BrokerageOrderTerms, 'properties' | 'exclusivity'>,
): Promise<void> {
  await db.delete(orderEngagements).where(eq(orderEngagements.requestId, requestId));
  await db.insert(orderEngagements).values(
    terms.properties.map((property) => ({
      requestId,
      propertyId: property.propertyId,
      endsOn: terms.exclusivity?.endsOn ?? null,
    })),
  );
}

/** One property's engagement (its page), by the same rule as the list's. */
export async function isPropertyEngaged(
  db: Db,
  property: { id: string; hasEngagements: boolean },
  now: Date,
): Promise<boolean> {
  if (property.hasEngagements) return true;
  const [row] = await db
    .select({ engaged: isEngagedOf(sql.raw('"properties"."id"'), sql`false`, now) })
    .from(properties)
    .where(eq(properties.id, property.id));
  return row?.engaged === true;
}

/**
 * A signature changes the owner's list (its engagements) without touching a property row, so the
 * cached pages are told here, as the triggers do for property writes (property_list_revisions).
 */
export async function bumpPropertyListRevision(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`insert into property_list_revisions as r (owner_id, revision) values (${ownerId}, 1)
    on conflict (owner_id) do update set revision = r.revision + 1`);
}
