import { join } from 'node:path';
import type { HandlerContext } from '../handlers/types';
import { createFileStore } from '../storage/file-store';
import { createFileUrlSigner } from '../storage/file-url-signer';
import { createPropertyService } from './property.service';
import { createPropertyFilesService } from './property-files.service';

/** The property services of one app, sharing one file store (`${DATA_DIR}/files`) and one URL signer. */
export function createPropertyServices({
  config,
  db,
  clock,
}: Pick<HandlerContext, 'config' | 'db' | 'clock'>) {
  const store = createFileStore(join(config.dataDir, 'files'));
  const signer = createFileUrlSigner(config.jwtSecret, clock);
  const deps = { db, clock, store, signer };
  return { store, properties: createPropertyService(deps), files: createPropertyFilesService(deps) };
}
