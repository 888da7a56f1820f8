import { join } from 'node:path';
import type { AppResources } from '../app-resources';
import { readPropertyListRevision } from '../repositories/property-list.repository';
import { createFileStore } from '../storage/file-store';
import { createFileUrlSigner } from '../storage/file-url-signer';
import { createImageVariants } from '../storage/image-variants';
import { createS3FileStore } from '../storage/s3-file-store';
import { createListRevisions } from './list-revisions';
import { createPropertyService } from './property.service';
import { createPropertyFilesService } from './property-files.service';
import { createPropertyListCache } from './property-list-cache';

/**
 * The property services of one app, sharing one file store (`${DATA_DIR}/files`), one URL signer,
 * one list cache and the list revisions it is keyed by.
 */
export function createPropertyServices({
  config,
  db,
  database,
  clock,
}: Pick<AppResources, 'config' | 'db' | 'database' | 'clock'>) {
  const files = join(config.dataDir, 'files');
  const store =
    config.fileStore.kind === 's3' ? createS3FileStore(config.fileStore, files) : createFileStore(files);
  const signer = createFileUrlSigner(config.jwtSecret, clock);
  const deps = { db, clock, store, signer };
  const revisions = createListRevisions(database, (ownerId) => readPropertyListRevision(db, ownerId));
  return {
    store,
    revisions,
    variants: createImageVariants({ db, store }),
    properties: createPropertyService({
      ...deps,
      listCache: createPropertyListCache(clock, undefined, { keepPages: config.listPageCache }),
      revisions,
    }),
    files: createPropertyFilesService({
      ...deps,
      storage: { quotaBytes: config.storageQuotaBytes, maxRequestBytes: config.maxUploadRequestBytes },
    }),
  };
}
