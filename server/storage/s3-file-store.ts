import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey, type FileStore, stagedUploads } from './file-store';
import type { S3Settings } from './file-store-config';

/** A presigned read lives 15 minutes: longer than a browser keeps our redirect to it (10 minutes). */
export const S3_PRESIGNED_READ_SECONDS = 15 * 60;

/**
 * Property files in an S3-compatible bucket, under the same `<ownerId>/<uuid>` keys as on disk.
 * Uploads are still staged, counted, hashed and sniffed on local disk (`${DATA_DIR}/files/.tmp`);
 * moving one into place uploads it and deletes the staged copy, so a failed create removes what it
 * uploaded just as the disk store removes what it renamed. Reads are presigned GETs that the API's
 * own signed file URL redirects to, with the type, name and caching of the file set on the answer.
 */
export function createS3FileStore(settings: S3Settings, stagingRoot: string): FileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible stores refuse the trailing ones
    // the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    ...stagedUploads(stagingRoot),
    async moveIntoPlace(tempPath, storageKey) {
      assertStorageKey(storageKey);
      const { size } = await stat(tempPath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: storageKey,
          Body: createReadStream(tempPath),
          ContentLength: size,
        }),
      );
      await rm(tempPath, { force: true });
    },
    async remove(storageKey) {
      assertStorageKey(storageKey);
      // Deleting a key that is not there succeeds, as removing a missing file does on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: storageKey }));
    },
    async sizeOf(storageKey) {
      assertStorageKey(storageKey);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: storageKey }));
        return head.ContentLength ?? null;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return null;
        throw error;
      }
    },
    openRead(storageKey, range) {
      assertStorageKey(storageKey);
      const out = new PassThrough();
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: storageKey,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        .then(
          (object) => (object.Body as Readable).on('error', (error) => out.destroy(error)).pipe(out),
          (error: Error) => out.destroy(error),
        );
      return out;
    },
    presignRead(storageKey, answer) {
      assertStorageKey(storageKey);
      const command = new GetObjectCommand({
        Bucket,
        Key: storageKey,
        ResponseContentType: answer.contentType,
        ResponseContentDisposition: answer.contentDisposition,
        ResponseCacheControl: answer.cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn: S3_PRESIGNED_READ_SECONDS });
    },
  };
}

/** The origin presigned reads are served from: the page's CSP must let images and videos load it. */
export function s3ReadOrigin(settings: S3Settings): string {
  if (!settings.endpoint) return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const endpoint = new URL(settings.endpoint);
  return settings.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}
