/**
 * The real server (server/app.ts, production settings from the environment) as the API benchmark
 * runs it, with three differences, all outside the product code:
 *
 * - `GET /api/bench/hello` answers a constant on the same Fastify instance, behind the same hooks
 *   (rate limit, security headers, request id, error envelope): the ceiling of this server on this
 *   machine, against which every endpoint's req/s is compared. A separate bare Fastify would measure
 *   Fastify, not our server.
 * - The per-address ceiling of the API is raised (buildApp's rateLimitMax): fifty connections from
 *   one address would otherwise measure 429s.
 * - Before listening it signs in one user `--sessions` times through the real sign-in token service,
 *   so the refresh benchmark has a refresh token per request in flight (tokens rotate on use).
 *
 * - Codes go where the phone number says: numbers starting DEV_OUTBOX_PHONE_PREFIX to the dev SMS
 *   outbox (a table write, as in development), every other number through the production HTTP
 *   provider to the gateway stub the benchmark started (BENCH_SMS_GATEWAY_URL, lib/sms-gateway-stub.ts),
 *   so one server reports both. Production refuses SMS_PROVIDER=dev and plain-HTTP gateways, so the
 *   environment names a placeholder https gateway and the stub's address is set here. Without a
 *   stub every code goes to the outbox.
 *
 * - With `--profile` it measures where each request's time goes (scripts/perf/lib/request-profiler.ts)
 *   and answers the window's profile at `GET /api/bench/profile`, starting a new window.
 *
 * It writes `{ port, accessToken, refreshTokens }` as JSON to `--ready-file` once it listens.
 * PGlite is one process: the benchmark seeds DATA_DIR before starting this, never while it runs.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { createSignInTokens } from '../../server/auth/sign-in-tokens';
import { loadAppConfig, type SmsGatewaySettings } from '../../server/config';
import { users } from '../../server/db/schema';
import { createDevSmsProvider } from '../../server/sms/dev-sms-provider';
import { createHttpSmsProvider } from '../../server/sms/http-sms-provider';
import type { SmsProvider } from '../../server/sms/sms-provider';
import { runWhenMain } from './lib/processes';
import { installRequestProfiler } from './lib/request-profiler';

export interface BenchServerHandshake {
  port: number;
  pid: number;
  accessToken: string;
  refreshTokens: string[];
}

/** OTP sends to numbers starting so go to the dev outbox; the others to the gateway, when there is one. */
export const DEV_OUTBOX_PHONE_PREFIX = '+97253';

export const HELLO_PATH = '/api/bench/hello';
export const PROFILE_PATH = '/api/bench/profile';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'ready-file': { type: 'string' },
      phone: { type: 'string' },
      sessions: { type: 'string', default: '0' },
      profile: { type: 'boolean', default: false },
    },
  });
  if (!values['ready-file'] || !values.phone) throw new Error('--ready-file and --phone are required');

  const loaded = await loadAppConfig(process.env);
  const gatewayUrl = process.env.BENCH_SMS_GATEWAY_URL;
  const config = gatewayUrl
    ? { ...loaded, smsGateway: { ...(loaded.smsGateway as SmsGatewaySettings), url: gatewayUrl } }
    : { ...loaded, smsProvider: 'dev' as const, smsGateway: null };
  let outbox: SmsProvider | undefined;
  const gateway = config.smsGateway ? createHttpSmsProvider(config.smsGateway) : undefined;
  const sms: SmsProvider = {
    name: gateway ? 'http, dev outbox by prefix' : 'dev',
    send(message) {
      const provider = gateway && !message.phoneNumber.startsWith(DEV_OUTBOX_PHONE_PREFIX) ? gateway : outbox;
      if (!provider) throw new Error('the dev outbox is not open yet');
      return provider.send(message);
    },
  };
  const app = await buildApp(config, { rateLimitMax: 1_000_000_000, sms });
  outbox = createDevSmsProvider(app.db, app.clock);
  app.get(HELLO_PATH, async () => ({ success: true, data: { hello: 'world' } }));
  if (values.profile) {
    const profiler = installRequestProfiler(app, app.database);
    app.get(PROFILE_PATH, async () => profiler.take());
  }
  await app.ready();

  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, values.phone));
  if (!user) throw new Error(`no user with phone ${values.phone}: seed first`);
  // Access tokens that outlast a whole benchmark run.
  const tokens = createSignInTokens({
    db: app.db,
    clock: app.clock,
    config: { ...config, accessTokenTtlSeconds: 4 * 60 * 60 },
  });
  const refreshTokens: string[] = [];
  for (let i = 0; i < Number(values.sessions); i++) {
    refreshTokens.push((await tokens.signIn(app.db, user.id)).refreshToken);
  }
  const { jwtToken: accessToken } = await tokens.signIn(app.db, user.id);

  await app.listen({ port: config.port, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const handshake: BenchServerHandshake = { port, pid: process.pid, accessToken, refreshTokens };
  await writeFile(values['ready-file'], JSON.stringify(handshake));

  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

runWhenMain(import.meta.url, main);
