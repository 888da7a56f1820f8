import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** What a presigned read answers with, set by the store on the object's response. */
export interface PresignedReadAnswer {
  contentType: string;
  contentDisposition: string;
  cacheControl: string;
}

/**
 * Where property files live: the local disk (below) or an S3 bucket (s3-file-store.ts). Both stage
 * uploads on local disk and name stored files alike (stagedUploads).
 */
export interface FileStore {
  /** The staging directory (tests check it is left empty). */
  readonly tempDir: string;
  /** A fresh path in the staging directory, the directory created on demand. */
  newTempPath(): Promise<string>;
  /** A fresh storage key under the owner's directory. */
  newStorageKey(ownerId: string): string;
  /** Moves a staged file to its storage key. */
  moveIntoPlace(tempPath: string, storageKey: string): Promise<void>;
  /** Removes a stored file; a file already gone is not an error. */
  remove(storageKey: string): Promise<void>;
  /** Removes a staged file; one already gone is not an error. */
  removeTemp(tempPath: string): Promise<void>;
  /** Size in bytes, or null when the file is not on disk. */
  sizeOf(storageKey: string): Promise<number | null>;
  openRead(storageKey: string, range?: { start: number; end: number }): Readable;
  /**
   * A URL the browser reads the file from directly, for stores that serve files themselves (S3);
   * absent where the API streams the bytes (the local disk).
   */
  presignRead?(storageKey: string, answer: PresignedReadAnswer): Promise<string>;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A storage key is exactly `<uuid>/<uuid>`: a key from the database can never point elsewhere. */
const STORAGE_KEY = new RegExp(`^${UUID}/${UUID}$`);

export function assertStorageKey(storageKey: string): void {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`Not a storage key: ${JSON.stringify(storageKey)}`);
}

/**
 * What both stores share. Uploads are staged in `<root>/.tmp` on local disk (where they are counted,
 * hashed and sniffed before they are kept), and a stored file is named `<ownerId>/<uuid>`: never a
 * client's name, so no upload can choose where it lands.
 */
export function stagedUploads(
  root: string,
): Pick<FileStore, 'tempDir' | 'newTempPath' | 'removeTemp' | 'newStorageKey'> {
  const tempDir = join(root, '.tmp');
  return {
    tempDir,
    async newTempPath() {
      await mkdir(tempDir, { recursive: true });
      return join(tempDir, randomUUID());
    },
    async removeTemp(tempPath) {
      await rm(tempPath, { force: true });
    },
    newStorageKey(ownerId) {
      return `${ownerId}/${randomUUID()}`;
    },
  };
}

/**
 * Property files on local disk under `${DATA_DIR}/files`. Staged uploads sit in `.tmp/` on the same
 * file system, so moving one into place is an atomic rename.
 */
export function createFileStore(rootDir: string): FileStore {
  const pathOf = (storageKey: string) => {
    assertStorageKey(storageKey);
    return join(rootDir, storageKey);
  };
  const ignoreMissing = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  };

  return {
    ...stagedUploads(rootDir),
    async moveIntoPlace(tempPath, storageKey) {
      const target = pathOf(storageKey);
      await mkdir(join(target, '..'), { recursive: true });
      await rename(tempPath, target);
    },
    async remove(storageKey) {
      await unlink(pathOf(storageKey)).catch(ignoreMissing);
    },
    async sizeOf(storageKey) {
      try {
        return (await stat(pathOf(storageKey))).size;
      } catch (error) {
        ignoreMissing(error as NodeJS.ErrnoException);
        return null;
      }
    },
    openRead(storageKey, range) {
      return createReadStream(pathOf(storageKey), range);
    },
  };
}
