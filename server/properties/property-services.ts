import { join } from 'node:path';
import type { HandlerContext } from '../handlers/types';
import { createFileStore } from '../storage/file-store';
import { createFileUrlSigner } from '../storage/file-url-signer';
import { createImageVariants } from '../storage/image-variants';
import { createPropertyService } from './property.service';
import { createPropertyFilesService } from './property-files.service';

/** The property services of one app, sharing one file store (`${DATA_DIR}/files`) and one URL signer. */
export function createPropertyServices({
  config,
  db,
  clock,
  database,
}: Pick<HandlerContext, 'config' | 'db' | 'clock' | 'database'>) {
  const store = createFileStore(join(config.dataDir, 'files'));
  const signer = createFileUrlSigner(config.jwtSecret, clock);
  const deps = { db, clock, store, signer };
  // PGlite is one writer (this process) running every query on the event loop: there, a list page
  // read once is worth keeping until the owner's next write. PostgreSQL may have other writers.
  const keepListPages = database.kind === 'pglite';
  return {
    store,
    variants: createImageVariants({ db, store }),
    properties: createPropertyService({ ...deps, keepListPages }),
    files: createPropertyFilesService(deps),
  };
}
