import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from './config-error';
import { REPO_ROOT } from './repo-root';
import { type FileStoreSettings, fileStoreSettings } from './storage/file-store-config';

export type NodeEnv = 'development' | 'production' | 'test';
export type SmsProviderName = 'dev' | 'http';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/**
 * Fastify's trustProxy: off, a hop count, or a list of proxy addresses/CIDRs. Never `true`: that
 * takes the leftmost X-Forwarded-For entry, which the client writes itself.
 */
export type TrustProxy = false | number | string[];

/**
 * What the environment says, validated; the JWT secret may still be pending (see resolveJwtSecret).
 * Relative paths (DATA_DIR, CLIENT_DIR) are taken from the project root, not the shell's directory.
 */
/** The server's PostgreSQL pool (DATABASE_POOL_SIZE): ten connections unless measured otherwise. */
export const DEFAULT_POOL_SIZE = 10;

export interface EnvConfig {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL connections the server's pool opens at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  smsProvider: SmsProviderName;
  /** null: development without JWT_SECRET; resolveJwtSecret() keeps one in DATA_DIR. */
  jwtSecret: string | null;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  corsOrigins: string[];
  /** The built client (index.html and assets); served when index.html exists. */
  clientDir: string;
  /** Check 2xx bodies against the contract's response schemas (off in production: it costs time). */
  validateResponses: boolean;
  /** Lifetime of an access token; 15 minutes unless a test shortens it to watch a refresh happen. */
  accessTokenTtlSeconds: number;
  /** The HTTP SMS gateway; set exactly when smsProvider is 'http'. */
  smsGateway: SmsGatewaySettings | null;
  /**
   * Requests per minute one client address may make to each sign-in and registration route, on top
   * of the per-phone and per-address limits kept in the database.
   */
  authRateLimitPerMinute: number;
  /** Longest a request other than an upload may take to arrive, headers and body. */
  requestTimeoutMs: number;
  /** Longest a multipart upload may take to arrive. */
  uploadTimeoutMs: number;
  /** Open connections one client address may hold at once; 0 turns the cap off (behind a proxy). */
  maxConnectionsPerAddress: number;
  /** Bytes one upload request may carry in all its files together. */
  maxUploadRequestBytes: number;
  /** Bytes of files one user may keep. */
  storageQuotaBytes: number;
  /** ISO 3166 countries whose phones may be sent a code. */
  smsCountries: string[];
  /** Codes the whole service sends per UTC day, whoever asks. */
  smsDailyLimit: number;
  /**
   * MACHINE_INSPECTION=on: a signed-in user who opens the app with `?inspect` gets the machine
   * inspector (Stately's when online, the app's live machines page either way). Off by default.
   */
  machineInspection: boolean;
  /** Where property files live (FILE_STORE, S3_*): the local disk unless set to s3. */
  fileStore: FileStoreSettings;
  /**
   * LIST_PAGE_CACHE=off: every list page runs its query instead of being kept per list revision
   * (totals are still kept). On by default; the API benchmark turns it off to measure reads cold.
   */
  listPageCache: boolean;
  /**
   * SETTABLE_CLOCK=on: the server's clock can be moved forward from this machine
   * (`POST /api/dev/clock`), for the browser journeys. Off by default; production refuses it.
   */
  settableClock: boolean;
}

export interface SmsGatewaySettings {
  /** Where messages are POSTed as JSON. */
  url: string;
  /** Sent as `Authorization: Bearer …`; never logged. */
  token: string;
  /** The sender name or number the gateway shows on the phone. */
  sender: string;
  timeoutMs: number;
}

export interface AppConfig extends EnvConfig {
  jwtSecret: string;
}

export { ConfigError } from './config-error';

type Env = Record<string, string | undefined>;

const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];
const SMS_PROVIDERS: readonly SmsProviderName[] = ['dev', 'http'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
/** 256 bits: HS256 wants a key at least as long as its hash. */
const MIN_JWT_SECRET_LENGTH = 32;
/**
 * What production asks of JWT_SECRET's characters beyond its length: their empirical Shannon
 * entropy times the length. 32 random base64 characters carry ~150 bits by this measure, a
 * repeated word or a run of one character far less than 128.
 */
const MIN_JWT_SECRET_BITS = 128;
const MB = 1024 * 1024;

/** Parses and checks the environment. Pure: no I/O, so tests pass their own env. Throws ConfigError. */
export function loadConfig(env: Env): EnvConfig {
  const nodeEnv = oneOf('NODE_ENV', env.NODE_ENV, NODE_ENVS, 'development');
  const isProduction = nodeEnv === 'production';
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR?.trim() || './data');

  const jwtSecret = env.JWT_SECRET?.trim() || null;
  if (jwtSecret === null && isProduction) {
    throw new ConfigError('JWT_SECRET is required in production');
  }
  if (jwtSecret !== null && Buffer.byteLength(jwtSecret, 'utf8') < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} bytes`);
  }
  if (jwtSecret !== null && isProduction && estimatedBits(jwtSecret) < MIN_JWT_SECRET_BITS) {
    throw new ConfigError(
      'JWT_SECRET is too predictable for production (repeated characters or a word); ' +
        'use 32 random bytes, e.g. `openssl rand -base64 32`',
    );
  }

  const smsDefault = isProduction ? undefined : 'dev';
  const smsProvider = oneOf('SMS_PROVIDER', env.SMS_PROVIDER, SMS_PROVIDERS, smsDefault);
  if (isProduction && smsProvider === 'dev') {
    throw new ConfigError('SMS_PROVIDER=dev keeps codes in a table anyone could read; production needs http');
  }
  const settableClock = onOff('SETTABLE_CLOCK', env.SETTABLE_CLOCK);
  if (isProduction && settableClock) {
    throw new ConfigError(
      'SETTABLE_CLOCK=on lets whoever is on this machine move the time codes, links and tokens expire by; production refuses it',
    );
  }

  return {
    nodeEnv,
    isProduction,
    port: port(env.PORT),
    // A laptop's development server (dev SMS outbox, generated secret) is no service for the network.
    host: env.HOST?.trim() || (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: databaseUrl(env.DATABASE_URL),
    databasePoolSize: positiveInteger('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, DEFAULT_POOL_SIZE),
    smsProvider,
    jwtSecret,
    logLevel: oneOf('LOG_LEVEL', env.LOG_LEVEL, LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    corsOrigins: corsOrigins(env.CORS_ORIGINS, isProduction),
    clientDir: env.CLIENT_DIR?.trim()
      ? resolve(REPO_ROOT, env.CLIENT_DIR.trim())
      : join(REPO_ROOT, 'dist/client'),
    validateResponses: !isProduction,
    accessTokenTtlSeconds: positiveInteger('ACCESS_TOKEN_TTL_SECONDS', env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    smsGateway: smsProvider === 'http' ? smsGateway(env, isProduction) : null,
    authRateLimitPerMinute: positiveInteger('AUTH_RATE_LIMIT_PER_MINUTE', env.AUTH_RATE_LIMIT_PER_MINUTE, 20),
    requestTimeoutMs: positiveInteger('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 15_000),
    uploadTimeoutMs: positiveInteger('UPLOAD_TIMEOUT_MS', env.UPLOAD_TIMEOUT_MS, 10 * 60_000),
    maxConnectionsPerAddress: nonNegativeInteger(
      'MAX_CONNECTIONS_PER_ADDRESS',
      env.MAX_CONNECTIONS_PER_ADDRESS,
      100,
    ),
    maxUploadRequestBytes: positiveInteger('MAX_UPLOAD_REQUEST_MB', env.MAX_UPLOAD_REQUEST_MB, 250) * MB,
    storageQuotaBytes: positiveInteger('STORAGE_QUOTA_MB', env.STORAGE_QUOTA_MB, 2048) * MB,
    smsCountries: countryList(env.SMS_COUNTRIES),
    smsDailyLimit: positiveInteger('SMS_DAILY_LIMIT', env.SMS_DAILY_LIMIT, 2_000),
    machineInspection: onOff('MACHINE_INSPECTION', env.MACHINE_INSPECTION),
    fileStore: fileStoreSettings(env, isProduction),
    listPageCache: env.LIST_PAGE_CACHE?.trim() ? onOff('LIST_PAGE_CACHE', env.LIST_PAGE_CACHE) : true,
    settableClock,
  };
}

function onOff(name: string, raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'off') return false;
  if (value === 'on') return true;
  throw new ConfigError(`${name} must be on or off`);
}

/** Bits by the characters' own frequencies (Shannon), times the length: a floor for guessability. */
function estimatedBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** Comma-separated ISO 3166-1 alpha-2 codes; Israel alone unless configured. */
function countryList(raw: string | undefined): string[] {
  if (!raw?.trim()) return ['IL'];
  return raw.split(',').map((entry) => {
    const code = entry.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) {
      throw new ConfigError(`SMS_COUNTRIES entries must be ISO country codes like IL; got "${entry.trim()}"`);
    }
    return code;
  });
}

/** SMS_PROVIDER=http needs its gateway; production talks to it over TLS only. */
function smsGateway(env: Env, isProduction: boolean): SmsGatewaySettings {
  const url = env.SMS_GATEWAY_URL?.trim();
  const token = env.SMS_GATEWAY_TOKEN?.trim();
  const sender = env.SMS_SENDER?.trim();
  if (!url || !token || !sender) {
    throw new ConfigError('SMS_PROVIDER=http needs SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN and SMS_SENDER');
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`SMS_GATEWAY_URL must be an http(s) URL; got "${url}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ConfigError(`SMS_GATEWAY_URL must be an http(s) URL; got "${url}"`);
  }
  if (isProduction && parsed.protocol !== 'https:') {
    throw new ConfigError('SMS_GATEWAY_URL must use https in production');
  }
  return {
    url: parsed.toString(),
    token,
    sender,
    timeoutMs: positiveInteger('SMS_GATEWAY_TIMEOUT_MS', env.SMS_GATEWAY_TIMEOUT_MS, 10_000),
  };
}

/**
 * Development keeps one generated secret in DATA_DIR so tokens survive restarts; it is created
 * once with mode 0600 and never logged.
 */
export async function resolveJwtSecret(config: EnvConfig): Promise<AppConfig> {
  if (config.jwtSecret !== null) return { ...config, jwtSecret: config.jwtSecret };
  if (config.isProduction) throw new ConfigError('JWT_SECRET is required in production');

  const file = join(config.dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null && existing.trim().length >= MIN_JWT_SECRET_LENGTH) {
    return { ...config, jwtSecret: existing.trim() };
  }

  const secret = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  // writeFile's mode applies only when it creates the file; tighten an existing one too.
  await chmod(file, 0o600);
  return { ...config, jwtSecret: secret };
}

export async function loadAppConfig(env: Env): Promise<AppConfig> {
  return resolveJwtSecret(loadConfig(env));
}

function oneOf<T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
  fallback?: T,
): T {
  const value = raw?.trim() || fallback;
  if (value === undefined) {
    throw new ConfigError(`${name} is required (one of: ${allowed.join(', ')})`);
  }
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}; got "${value}"`);
  }
  return value as T;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (!raw?.trim()) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigError(`${name} must be a positive integer; got "${raw}"`);
  }
  return value;
}

function nonNegativeInteger(name: string, raw: string | undefined, fallback: number): number {
  if (!raw?.trim()) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a whole number, 0 or more; got "${raw}"`);
  }
  return value;
}

function port(raw: string | undefined): number {
  if (!raw?.trim()) return 3000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535; got "${raw}"`);
  }
  return value;
}

function databaseUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return value;
}

/**
 * A hop count ("1": one proxy of ours in front) or the proxies' addresses ("10.0.0.0/8, loopback").
 * `true` would trust every hop, so the client's own leftmost X-Forwarded-For entry would be its
 * address: refused.
 */
function trustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true lets any client choose its address; give the number of proxies in front (e.g. 1) or their addresses',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function corsOrigins(raw: string | undefined, isProduction: boolean): string[] {
  if (!raw?.trim()) return [];
  return raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean)
    .map((origin) => {
      if (!/^https?:\/\/[^/]+$/.test(origin)) {
        throw new ConfigError(
          `CORS_ORIGINS entries must be origins like https://app.example.com; got "${origin}"`,
        );
      }
      if (isProduction && !origin.startsWith('https://')) {
        throw new ConfigError(`CORS_ORIGINS must be https origins in production; got "${origin}"`);
      }
      return origin;
    });
}
