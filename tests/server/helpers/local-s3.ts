import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../../server/storage/file-store-config';

export interface LocalS3 {
  settings: S3Settings;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Deletes every object (between tests). */
  empty(): Promise<void>;
  stop(): Promise<void>;
}

/** s3rver on 127.0.0.1 and a port the OS picks, with one empty bucket in a temporary directory. */
export async function startLocalS3(bucket = 'nechasim-files'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'nechasim-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's one account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint as string,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const keys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((object) => object.Key as string).sort();
  };
  return {
    settings,
    keys,
    async empty() {
      for (const key of await keys())
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
