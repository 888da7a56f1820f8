import { ConfigError } from '../config-error';

/** Where property files live: the local disk (`${DATA_DIR}/files`, the default) or an S3 bucket. */
export type FileStoreSettings = { kind: 'local' } | S3Settings;

export interface S3Settings {
  kind: 's3';
  /** An S3-compatible endpoint (MinIO, R2, …); unset means AWS's own for the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most non-AWS stores). */
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

/** FILE_STORE=local|s3 and, for s3, the S3_* settings; production talks to an endpoint over TLS only. */
export function fileStoreSettings(env: Env, isProduction: boolean): FileStoreSettings {
  const kind = env.FILE_STORE?.trim() || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new ConfigError(`FILE_STORE must be local or s3, not ${JSON.stringify(kind)}`);
  const bucket = env.S3_BUCKET?.trim();
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new ConfigError('FILE_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint !== null) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new ConfigError('S3_ENDPOINT must be a URL');
    }
    if (url.protocol !== 'https:' && (isProduction || url.protocol !== 'http:')) {
      throw new ConfigError('S3_ENDPOINT must be https:// in production');
    }
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  if (pathStyle !== undefined && pathStyle !== '' && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new ConfigError('S3_FORCE_PATH_STYLE must be true or false');
  }
  return {
    kind: 's3',
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === 'true',
  };
}
