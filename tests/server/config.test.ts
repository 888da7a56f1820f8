import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveJwtSecret } from '../../server/config';

const SECRET = 'x'.repeat(32);

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      smsProvider: 'dev',
      jwtSecret: null,
      logLevel: 'info',
      trustProxy: false,
      corsOrigins: [],
      validateResponses: true,
    });
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.clientDir).toMatch(/dist[/\\]client$/);
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/nechasim',
      DATABASE_URL: 'postgres://app@db:5432/nechasim',
      SMS_PROVIDER: 'dev',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com/',
    });

    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/nechasim',
      databaseUrl: 'postgres://app@db:5432/nechasim',
      jwtSecret: SECRET,
      logLevel: 'warn',
      trustProxy: 1,
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      validateResponses: false,
    });
  });

  it('refuses to start production without a JWT secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'dev' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'dev' })).toThrow(/JWT_SECRET/);
  });

  it('makes production choose its SMS provider explicitly', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(/SMS_PROVIDER/);
  });

  it.each([
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, /SMS_PROVIDER/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DATABASE_URL: 'mysql://db/x' }, /DATABASE_URL/],
    [{ CORS_ORIGINS: 'example.com' }, /CORS_ORIGINS/],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads TRUST_PROXY as on, off, a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });
});

describe('FILE_STORE', () => {
  const s3 = {
    FILE_STORE: 's3',
    S3_ENDPOINT: 'https://files.example.co.il',
    S3_BUCKET: 'nechasim',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files on the local disk unless told otherwise', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
  });

  it('reads the bucket settings for s3', () => {
    expect(loadConfig({ ...s3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'true' }).fileStore).toEqual({
      kind: 's3',
      endpoint: 'https://files.example.co.il',
      bucket: 'nechasim',
      region: 'eu-central-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses an unknown store, missing credentials and a plain-http endpoint in production', () => {
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://files.example.co.il',
        NODE_ENV: 'production',
        SMS_PROVIDER: 'http',
        SMS_GATEWAY_URL: 'https://sms.example.co.il/send',
        SMS_GATEWAY_TOKEN: 'gateway-token',
        SMS_SENDER: 'Nechasim',
        JWT_SECRET: 'kV9rT2xQ7mB4nZ8cW1yH6fJ3sL5dG0aP',
      }),
    ).toThrow('S3_ENDPOINT must be https:// in production');
  });
});

describe('resolveJwtSecret in development', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nechasim-config-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('generates a 256-bit secret once, keeps it in DATA_DIR with mode 0600, and reuses it', async () => {
    const first = await resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    const second = await resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    const file = join(dataDir, 'jwt-secret');

    expect(Buffer.from(first.jwtSecret, 'base64url')).toHaveLength(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('prefers JWT_SECRET from the environment and writes nothing', async () => {
    const elsewhere = join(dataDir, 'other');
    const config = await resolveJwtSecret(loadConfig({ DATA_DIR: elsewhere, JWT_SECRET: SECRET }));

    expect(config.jwtSecret).toBe(SECRET);
    await expect(stat(elsewhere)).rejects.toThrow();
  });
});
