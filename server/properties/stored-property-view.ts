import type { Property } from '@openapi/schema';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { isPropertyEngaged } from '../repositories/engagements.repository';
import type { PropertyRow } from '../repositories/property.repository';
import { listFilesOfProperties } from '../repositories/property-files.repository';
import { countLivePublications } from '../repositories/share-links.repository';
import type { FileStore } from '../storage/file-store';
import type { FileUrlSigner } from '../storage/file-url-signer';
import { toApiProperty } from './property-mapper';

/** What both property services work on: the database, the clock, the stored files and their URLs. */
export interface StoredPropertyDeps {
  db: Db;
  clock: Clock;
  store: FileStore;
  signer: FileUrlSigner;
}

/**
 * A property as the API answers it after a change: the row with its live links, its engagement and
 * its files, read through `executor` (the change's transaction, where there is one).
 */
export function storedPropertyView({ clock, signer }: Pick<StoredPropertyDeps, 'clock' | 'signer'>) {
  return async (executor: Db, row: PropertyRow): Promise<Property> =>
    toApiProperty(
      {
        ...row,
        activePublications: await countLivePublications(executor, row.id, clock.now()),
        hasEngagements: await isPropertyEngaged(executor, row, clock.now()),
      },
      await listFilesOfProperties(executor, [row.id]),
      signer,
    );
}
