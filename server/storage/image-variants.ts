import { writeFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/database';
import { propertyFileVariants } from '../db/schema';
import type { PropertyFileRow } from '../repositories/property-files.repository';
import type { FileStore } from './file-store';

/** Widths offered to `srcset`: a phone thumbnail, a phone's full width at 2x, a laptop, a large screen. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
export type VariantFormat = 'webp' | 'jpeg';

/** What sharp may decode: 15 MB photos are at most ~50 MP; more is a decompression bomb. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface StoredVariant {
  storageKey: string;
  size: number;
  mimeType: string;
}

export interface ImageVariants {
  /** The stored variant, made on first request; null when the file is not a photo sharp can read. */
  variantOf(file: PropertyFileRow, width: VariantWidth, format: VariantFormat): Promise<StoredVariant | null>;
}

const MIME_OF: Record<VariantFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Resized copies of photos, made lazily on the first request for a (file, width, format) and kept
 * in the file store next to the originals, with a row that finds them again. Two first requests at
 * once in this process share one resize; across processes the row's primary key decides and the
 * loser removes its copy.
 */
export function createImageVariants({ db, store }: { db: Db; store: FileStore }): ImageVariants {
  const making = new Map<string, Promise<StoredVariant | null>>();

  const find = async (fileId: string, width: number, format: VariantFormat) => {
    const [row] = await db
      .select()
      .from(propertyFileVariants)
      .where(
        and(
          eq(propertyFileVariants.fileId, fileId),
          eq(propertyFileVariants.width, width),
          eq(propertyFileVariants.format, format),
        ),
      )
      .limit(1);
    return row;
  };

  const make = async (file: PropertyFileRow, width: VariantWidth, format: VariantFormat) => {
    const original = await readAll(store, file.storageKey);
    let resized: Buffer;
    try {
      const pipeline = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true });
      resized = await (format === 'webp'
        ? pipeline.webp({ quality: 72, effort: 4 })
        : pipeline.jpeg({ quality: 78, mozjpeg: true, progressive: true })
      ).toBuffer();
    } catch {
      return null;
    }
    const tempPath = await store.newTempPath();
    const storageKey = store.newStorageKey(file.ownerId);
    try {
      await writeFile(tempPath, resized);
      await store.moveIntoPlace(tempPath, storageKey);
    } finally {
      await store.removeTemp(tempPath);
    }
    const [inserted] = await db
      .insert(propertyFileVariants)
      .values({ fileId: file.id, width, format, storageKey, size: resized.length })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { storageKey, size: resized.length, mimeType: MIME_OF[format] };
    await store.remove(storageKey);
    const winner = await find(file.id, width, format);
    return winner ? { storageKey: winner.storageKey, size: winner.size, mimeType: MIME_OF[format] } : null;
  };

  return {
    async variantOf(file, width, format) {
      if (!RESIZABLE.has(file.mimeType)) return null;
      const kept = await find(file.id, width, format);
      if (kept && (await store.sizeOf(kept.storageKey)) !== null) {
        return { storageKey: kept.storageKey, size: kept.size, mimeType: MIME_OF[format] };
      }
      if (kept)
        await db.delete(propertyFileVariants).where(eq(propertyFileVariants.storageKey, kept.storageKey));
      const key = `${file.id}/${width}/${format}`;
      let promise = making.get(key);
      if (!promise) {
        promise = make(file, width, format).finally(() => making.delete(key));
        making.set(key, promise);
      }
      return promise;
    },
  };
}

async function readAll(store: FileStore, storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.openRead(storageKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
