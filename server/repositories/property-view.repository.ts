import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { properties } from '../db/schema';
import { isEngagedOn, israelDayOf } from './engagements.repository';
import { ownedProperty, type PropertyRow } from './property.repository';
import type { PropertyFileRow } from './property-files.repository';
import { livePublicationsAt } from './share-links.repository';

/** What the property page shows of a file. */
export type PropertyFileView = Pick<
  PropertyFileRow,
  'id' | 'groupKey' | 'category' | 'fileType' | 'fileName' | 'mimeType' | 'size' | 'position' | 'caption'
>;

/** The property's files as JSON, by group and display order (listFilesOfProperties' order). */
const filesOfProperty = sql<PropertyFileView[]>`coalesce((
  select json_agg(json_build_object(
    'id', f.id, 'groupKey', f.group_key, 'category', f.category, 'fileType', f.file_type,
    'fileName', f.file_name, 'mimeType', f.mime_type, 'size', f.size, 'position', f.position,
    'caption', f.caption
  ) order by f.group_key, f.position, f.created_at, f.id)
  from property_files f where f.property_id = "properties"."id"
), '[]'::json)`;

/**
 * One of the owner's live properties as its page shows it: the row with its live links counted,
 * its engagement decided at `now` by the list's own rules, and its files, in one statement. The
 * property page used to ask four times (the row, the links, the engagement, the files); on PGlite
 * every statement holds the server's thread, on PostgreSQL each is a round trip and a share of
 * the server's CPU (docs/decisions.md, issue 26).
 */
export async function findOwnedPropertyView(
  db: Db,
  ownerId: string,
  id: string,
  now: Date,
): Promise<{ property: PropertyRow; files: PropertyFileView[] } | undefined> {
  let statement = propertyViewStatements.get(db);
  if (!statement) {
    statement = propertyViewStatement(db);
    propertyViewStatements.set(db, statement);
  }
  const [row] = await statement.execute({ ownerId, id, now: now.toISOString(), today: israelDayOf(now) });
  if (!row) return undefined;
  const { livePublications, engaged, files, ...property } = row;
  return {
    property: { ...property, activePublications: livePublications, hasEngagements: engaged === true },
    files,
  };
}

/**
 * The view's statement, built once per database: it names every column of a property, and building
 * its text was the largest part of the page's CPU in this server (docs/benchmarks.md, issue 26).
 */
function propertyViewStatement(db: Db) {
  const propertyId = sql.raw('"properties"."id"');
  return db
    .select({
      ...getTableColumns(properties),
      livePublications: livePublicationsAt(propertyId, sql.placeholder('now')),
      engaged: isEngagedOn(propertyId, properties.hasEngagements, sql.placeholder('today')),
      files: filesOfProperty,
    })
    .from(properties)
    .where(ownedProperty(sql.placeholder('ownerId'), sql.placeholder('id')))
    .prepare('property_view');
}

const propertyViewStatements = new WeakMap<Db, ReturnType<typeof propertyViewStatement>>();
