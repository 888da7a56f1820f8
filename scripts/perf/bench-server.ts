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
 * - Codes go to the dev SMS outbox, as in development: production refuses SMS_PROVIDER=dev, so the
 *   benchmark starts it with a placeholder gateway and the config is switched back here.
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
import { loadAppConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import { runWhenMain } from './lib/processes';
import { installRequestProfiler } from './lib/request-profiler';

export interface BenchServerHandshake {
  port: number;
  pid: number;
  accessToken: string;
  refreshTokens: string[];
}

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

  const config = { ...(await loadAppConfig(process.env)), smsProvider: 'dev' as const, smsGateway: null };
  const app = await buildApp(config, { rateLimitMax: 1_000_000_000 });
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
