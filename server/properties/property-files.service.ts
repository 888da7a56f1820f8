import type { Property, PropertyInput } from '@openapi/schema';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { findOwnedProperty, insertProperty } from '../repositories/property.repository';
import {
  deletePropertyFiles,
  findDownloadableFile,
  findOwnedFile,
  groupTallies,
  insertPropertyFiles,
  lockOwnerForStorage,
  type NewPropertyFileRow,
  type PropertyFileRow,
  shiftPositionsAfter,
  storageUsedBytes,
} from '../repositories/property-files.repository';
import { MAX_FILES_PER_GROUP } from './media-policy';
import { notFound, removeFromDisk } from './property.service';
import { parsePropertyInputText } from './property-input-schema';
import { inputToChanges, normalizeInput } from './property-mapper';
import { assertNoFileIds, assertSavable } from './property-rules';
import { type StoredPropertyDeps, storedPropertyView } from './stored-property-view';
import type { StagedFile, Upload, UploadLimits } from './upload-reader';

export interface PropertyFilesServiceDeps extends StoredPropertyDeps {
  /** What one owner may keep, and send in one request (STORAGE_QUOTA_MB, MAX_UPLOAD_REQUEST_MB). */
  storage: { quotaBytes: number; maxRequestBytes: number };
}

/**
 * Uploads and downloads. An upload is all or nothing: its files are staged and checked first; then
 * one transaction inserts the rows and moves the files into place, and if anything fails the moved
 * files are removed again. The caller discards the staging files in a finally.
 */
export function createPropertyFilesService({ db, clock, store, signer, storage }: PropertyFilesServiceDeps) {
  const view = storedPropertyView({ clock, signer });

  /** Inserts the rows and moves the staged files; `moved` collects what must be undone on failure. */
  const storeFiles = async (
    tx: Db,
    owner: { ownerId: string; propertyId: string },
    files: StagedFile[],
    nextPosition: (groupKey: string) => number,
    moved: string[],
  ) => {
    const now = clock.now();
    const rows: NewPropertyFileRow[] = files.map((file) => ({
      propertyId: owner.propertyId,
      ownerId: owner.ownerId,
      groupKey: file.group.key,
      category: file.group.category,
      fileType: file.group.fileType,
      fileName: file.fileName,
      mimeType: file.mimeType,
      size: file.size,
      sha256: file.sha256,
      storageKey: store.newStorageKey(owner.ownerId),
      position: nextPosition(file.group.key),
      caption: file.caption,
      createdAt: now,
    }));
    // The upload was measured against the quota as it streamed in; under the owner's lock the sum
    // decides, so parallel uploads cannot each fit and together exceed it.
    await lockOwnerForStorage(tx, owner.ownerId);
    await insertPropertyFiles(tx, rows);
    if ((await storageUsedBytes(tx, owner.ownerId)) > storage.quotaBytes)
      throw quotaExceeded(storage.quotaBytes);
    for (const [index, file] of files.entries()) {
      const storageKey = rows[index]?.storageKey as string;
      await store.moveIntoPlace(file.tempPath, storageKey);
      moved.push(storageKey);
    }
  };

  /** Runs `work` in a transaction; files it moved into place are removed again if it does not commit. */
  const atomically = async <T>(work: (tx: Db, moved: string[]) => Promise<T>): Promise<T> => {
    const moved: string[] = [];
    try {
      return await db.transaction((tx) => work(tx, moved));
    } catch (error) {
      await removeFromDisk(store, moved);
      throw error;
    }
  };

  return {
    /** "X of Y used", for the owner to see. */
    async storageUsage(ownerId: string): Promise<{ usedBytes: number; quotaBytes: number }> {
      return { usedBytes: await storageUsedBytes(db, ownerId), quotaBytes: storage.quotaBytes };
    },

    /** What the owner's next upload may carry, read before a byte of it is stored. */
    async uploadLimits(ownerId: string): Promise<UploadLimits> {
      const used = await storageUsedBytes(db, ownerId);
      return {
        maxRequestBytes: storage.maxRequestBytes,
        quotaBytes: storage.quotaBytes,
        quotaBytesLeft: Math.max(0, storage.quotaBytes - used),
      };
    },

    /** The `property` field was checked as it arrived (checkNewPropertyText); parsing again is cheap. */
    async createWithFiles(
      ownerId: string,
      upload: Upload,
      createKey: string | null = null,
    ): Promise<Property> {
      const input = checkNewPropertyText(upload.propertyText ?? '');
      const created = await atomically(async (tx, moved) => {
        const now = clock.now();
        const row = await insertProperty(tx, {
          ownerId,
          ...inputToChanges(input, now),
          createdAt: now,
          createKey,
        });
        const positions = new Map<string, number>();
        const next = (groupKey: string) => {
          const position = positions.get(groupKey) ?? 0;
          positions.set(groupKey, position + 1);
          return position;
        };
        await storeFiles(tx, { ownerId, propertyId: row.id }, upload.files, next, moved);
        return view(tx, row);
      });
      return created;
    },

    /** 404 unless the property is the owner's and live; checked before an upload is read. */
    async assertOwnsLiveProperty(ownerId: string, propertyId: string): Promise<void> {
      if (!(await findOwnedProperty(db, ownerId, propertyId))) throw notFound();
    },

    /** Appends to each group, after the files already there. */
    async addFiles(ownerId: string, propertyId: string, upload: Upload): Promise<Property> {
      const property = await atomically(async (tx, moved) => {
        const row = await findOwnedProperty(tx, ownerId, propertyId, { forUpdate: true });
        if (!row) throw notFound();
        const tallies = await groupTallies(tx, propertyId);
        for (const [groupKey, tally] of tallies) {
          const adding = upload.files.filter((file) => file.group.key === groupKey).length;
          if (tally.count + adding > MAX_FILES_PER_GROUP) {
            throw new AppError(413, 'too_many_files', {
              details: [{ path: groupKey, message: `maxFilesPerGroup:${MAX_FILES_PER_GROUP}` }],
            });
          }
        }
        const next = (groupKey: string) => {
          const tally = tallies.get(groupKey) ?? { count: 0, nextPosition: 0 };
          tallies.set(groupKey, { ...tally, nextPosition: tally.nextPosition + 1 });
          return tally.nextPosition;
        };
        await storeFiles(tx, { ownerId, propertyId }, upload.files, next, moved);
        return view(tx, row);
      });
      return property;
    },

    async deleteFile(ownerId: string, fileId: string): Promise<Property> {
      const { property, storageKeys } = await db.transaction(async (tx) => {
        const file = await findOwnedFile(tx, ownerId, fileId, { forUpdate: true });
        if (!file) throw notFound();
        const keys = await deletePropertyFiles(tx, file.propertyId, [file.id]);
        await shiftPositionsAfter(tx, file.propertyId, file.groupKey, file.position);
        const row = await findOwnedProperty(tx, ownerId, file.propertyId);
        if (!row) throw notFound();
        return { property: await view(tx, row), storageKeys: keys };
      });
      await removeFromDisk(store, storageKeys);
      return property;
    },

    /**
     * The file behind a signed URL. A wrong or expired signature, an unknown file, a file of a
     * soft-deleted property and a file missing on disk all look the same (null → 404), so a URL
     * cannot be used to probe which ids exist.
     */
    async findDownload(
      fileId: string,
      expires: number,
      signature: string,
    ): Promise<{ file: PropertyFileRow; size: number } | null> {
      if (!signer.verify(fileId, expires, signature)) return null;
      const file = await findDownloadableFile(db, fileId);
      if (!file) return null;
      const size = await store.sizeOf(file.storageKey);
      return size === null ? null : { file, size };
    },
  };
}

export type PropertyFilesService = ReturnType<typeof createPropertyFilesService>;

/** The multipart `property` field: the contract's schema, then the same rules as createProperty. */
export function checkNewPropertyText(text: string): PropertyInput {
  const body = parsePropertyInputText(text);
  assertNoFileIds(body, 'property');
  const input = normalizeInput(body);
  assertSavable(input, 'property');
  return input;
}

export function quotaExceeded(quotaBytes: number): AppError {
  return new AppError(413, 'storage_quota_exceeded', {
    details: [{ path: 'files', message: `quotaBytes:${quotaBytes}` }],
  });
}
