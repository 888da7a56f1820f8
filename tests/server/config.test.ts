import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveJwtSecret } from '../../server/config';
import { PRODUCTION_ENVIRONMENT } from './helpers/production-environment';

const SECRET = 'x'.repeat(32);
const PRODUCTION = PRODUCTION_ENVIRONMENT;

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
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
      ...PRODUCTION,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/nechasim',
      DATABASE_URL: 'postgres://app@db:5432/nechasim',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com/',
      REQUEST_TIMEOUT_MS: '5000',
      UPLOAD_TIMEOUT_MS: '60000',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      MAX_UPLOAD_REQUEST_MB: '100',
      STORAGE_QUOTA_MB: '500',
      SMS_COUNTRIES: 'il, ps',
      SMS_DAILY_LIMIT: '300',
    });

    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/nechasim',
      databaseUrl: 'postgres://app@db:5432/nechasim',
      jwtSecret: PRODUCTION.JWT_SECRET,
      smsProvider: 'http',
      logLevel: 'warn',
      trustProxy: 1,
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      validateResponses: false,
      requestTimeoutMs: 5000,
      uploadTimeoutMs: 60_000,
      maxConnectionsPerAddress: 0,
      maxUploadRequestBytes: 100 * 1024 * 1024,
      storageQuotaBytes: 500 * 1024 * 1024,
      smsCountries: ['IL', 'PS'],
      smsDailyLimit: 300,
    });
  });

  it('defaults to Israel alone for codes, and bounds requests, connections and storage', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 15_000,
      uploadTimeoutMs: 600_000,
      maxConnectionsPerAddress: 100,
      maxUploadRequestBytes: 250 * 1024 * 1024,
      storageQuotaBytes: 2048 * 1024 * 1024,
      smsCountries: ['IL'],
      smsDailyLimit: 2000,
    });
  });

  it.each([
    ['a JWT secret of one repeated character', { JWT_SECRET: 'a'.repeat(32) }, /JWT_SECRET/],
    ['a JWT secret of a repeated word', { JWT_SECRET: 'password'.repeat(4) }, /JWT_SECRET/],
    ['a JWT secret of 31 bytes', { JWT_SECRET: PRODUCTION.JWT_SECRET.slice(1) }, /JWT_SECRET/],
    ['the dev SMS provider', { SMS_PROVIDER: 'dev' }, /SMS_PROVIDER/],
    ['an http CORS origin', { CORS_ORIGINS: 'https://a.example.com,http://b.example.com' }, /CORS_ORIGINS/],
    ['TRUST_PROXY=true', { TRUST_PROXY: 'true' }, /TRUST_PROXY/],
  ])('refuses production with %s', (_name, change, message) => {
    expect(() => loadConfig(PRODUCTION)).not.toThrow();
    expect(() => loadConfig({ ...PRODUCTION, ...change })).toThrow(message);
  });

  it('takes a random secret in production, and http origins and the dev provider in development', () => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: 'kJ3nX0qPz8rT5vW2yB7mC4dF9gH1sL6a' })).not.toThrow();
    expect(loadConfig({ CORS_ORIGINS: 'http://localhost:5173', JWT_SECRET: 'a'.repeat(32) })).toMatchObject({
      corsOrigins: ['http://localhost:5173'],
      smsProvider: 'dev',
    });
  });

  it('listens on loopback in development and on every interface in production, unless HOST says', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });

  it('keeps list pages unless LIST_PAGE_CACHE=off, and refuses anything but on or off', () => {
    expect(loadConfig({}).listPageCache).toBe(true);
    expect(loadConfig({ LIST_PAGE_CACHE: 'on' }).listPageCache).toBe(true);
    expect(loadConfig({ LIST_PAGE_CACHE: 'off' }).listPageCache).toBe(false);
    expect(() => loadConfig({ LIST_PAGE_CACHE: 'no' })).toThrow('LIST_PAGE_CACHE must be on or off');
  });

  it('opens ten PostgreSQL connections unless DATABASE_POOL_SIZE says otherwise, a positive integer', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE must be a positive integer',
    );
  });

  it('refuses to start production without a JWT secret', () => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: undefined })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: undefined })).toThrow(/JWT_SECRET/);
  });

  it('makes production choose its SMS provider explicitly', () => {
    expect(() => loadConfig({ ...PRODUCTION, SMS_PROVIDER: undefined })).toThrow(/SMS_PROVIDER/);
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
    [{ SMS_COUNTRIES: 'Israel' }, /SMS_COUNTRIES/],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '-1' }, /MAX_CONNECTIONS_PER_ADDRESS/],
    [{ REQUEST_TIMEOUT_MS: '0' }, /REQUEST_TIMEOUT_MS/],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads TRUST_PROXY as off, a hop count or a list, never as "trust everyone"', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
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
