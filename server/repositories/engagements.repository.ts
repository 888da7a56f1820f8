import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { properties } from '../db/schema';

/** Exclusivity ends on an Israeli calendar day: the order's dates are days in Israel. */
const ISRAEL_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' });

/**
 * SQL for "this listed property is engaged" (issue 23): a client signed a brokerage order for it that
 * has not ended, that is, one without exclusivity (no end date) or whose exclusivity's last day is today
 * or later in Israel; or an engagement recorded outside Nechasim (`has_engagements`, set by imports and
 * the seed). An EXISTS over exposure_request_properties_property_idx, one probe per row.
 */
export function isEngagedOf(propertyIdColumn: SQL, hasEngagementsColumn: unknown, now: Date): SQL<boolean> {
  const today = ISRAEL_DAY.format(now);
  return sql<boolean>`(${hasEngagementsColumn} or exists (select 1 from exposure_request_properties as engaged
    join exposure_requests as engaged_request on engaged_request.id = engaged.request_id
    where engaged.property_id = ${propertyIdColumn} and engaged_request.status = 'signed'
    and (jsonb_typeof(engaged_request.terms -> 'exclusivity') is distinct from 'object'
      or engaged_request.terms -> 'exclusivity' ->> 'endsOn' >= ${today})))`;
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
