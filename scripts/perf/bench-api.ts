/**
 * The API benchmark (`npm run bench:api`): 100,000 properties for one user, then every list and
 * search query timed in-process with its plan, then autocannon against the real server (production
 * settings) for each endpoint, on PGlite and on PostgreSQL in one run:
 *
 *   npm run bench:api                              both databases (PostgreSQL through scripts/with-postgres.sh)
 *   tsx scripts/perf/bench-api.ts --db pglite      one of them (postgres uses DATABASE_URL when set)
 *     [--duration 10] [--connections 50] [--count 100000] [--json-out file]
 *     [--only 'sorted|area|rent']   only the endpoints and SQL cases whose name matches (exports still run)
 *     [--cache both|on|off]         every endpoint with the list page cache on (warm), off (cold), or both
 *     [--profile]                   where each request's time goes, from inside the server (request-profiler.ts)
 *
 * Prints a Markdown summary; `npm run bench` puts the JSON into docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { filterItemsFor } from '@domain/property-filters';
import autocannon from 'autocannon';
import { sql as sqlText } from 'drizzle-orm';
import { queryRows } from '../../server/db/database';
import { DEV_OUTBOX_PHONE_PREFIX, HELLO_PATH, PROFILE_PATH } from './bench-server';
import { startBenchServer } from './bench-server-start';
import { openSeededDatabase } from './lib/bench-database';
import { benchServerEnv } from './lib/bench-server-env';
import { describeTail, type LatencySample } from './lib/latency-tail';
import { resetPeakMemory } from './lib/peak-memory';
import { memoryOf, ROOT, runWhenMain, writeJson } from './lib/processes';
import type { RequestProfile } from './lib/request-profiler';
import { startSmsGatewayStub } from './lib/sms-gateway-stub';
import {
  DEEP_PAGE,
  FILTERS,
  LIST_TOOL_LISTS,
  measureListQueries,
  SEARCH_TERM,
  type SqlMeasurement,
} from './lib/sql-bench';
import { round } from './lib/stats';

export type DatabaseKind = 'pglite' | 'postgres';

export interface EndpointResult {
  name: string;
  request: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** p99 of every request but each connection's first (lib/latency-tail.ts). */
  p99Established?: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** req/s over the hello route's req/s measured at the start of the same run. */
  ratioToCeiling: number;
  /** Where the time went inside the server (--profile). */
  profile?: RequestProfile;
}

/** The list page cache on (pages kept per list revision, the default) or off (LIST_PAGE_CACHE=off). */
export type CacheMode = 'on' | 'off';

export interface ApiRun {
  database: DatabaseKind;
  databaseVersion: string;
  properties: number;
  seedSeconds: number;
  connections: number;
  durationSeconds: number;
  sql: SqlMeasurement[];
  /** With the list page cache on (warm); empty when only the cold run was asked for. */
  endpoints: EndpointResult[];
  /** The same endpoints with the list page cache off for the whole run (cold). */
  coldEndpoints?: EndpointResult[];
  /** The hello route at the end of the run: how far the ceiling itself drifted (other load, heat). */
  ceilingAtEnd: number;
  serverRssMb: number | null;
  serverPeakRssMb: number | null;
  exports?: ExportResult[];
}

export interface ExportResult {
  format: 'csv' | 'xlsx';
  rows: number;
  seconds: number;
  megabytes: number;
  /** The server's resident memory before the export and its peak (VmHWM) after it. */
  rssBeforeMb: number | null;
  peakRssMb: number | null;
  /** Whether the peak was reset before the export (its own peak), or is the whole run's. */
  peakOfExport?: boolean;
}

export interface ApiBenchOptions {
  /** Only the scenarios and SQL cases whose name matches (e.g. "sorted|area|rent"); the exports run too. */
  only?: RegExp | undefined;
  /** Which list page cache modes to run the endpoints in; both by default. */
  cache?: CacheMode[] | undefined;
  profile?: boolean | undefined;
  database: DatabaseKind;
  databaseUrl?: string | undefined;
  count: number;
  durationSeconds: number;
  connections: number;
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Builds each request (a fresh phone, a fresh refresh token); gets the response to recycle state. */
  dynamic?: (authHeader: Record<string, string>) => autocannon.Request;
}

export async function runApiBench(options: ApiBenchOptions): Promise<ApiRun> {
  const { database, count, durationSeconds, connections } = options;
  log(`[${database}] seeding ${count.toLocaleString('en')} properties…`);
  const seeded = await openSeededDatabase({ databaseUrl: options.databaseUrl, count });
  let sql: SqlMeasurement[];
  let databaseVersion: string;
  try {
    const [version] = await queryRows<{ v: string }>(seeded.database.db, sqlText`select version() as v`);
    databaseVersion = String(version?.v ?? '').split(' on ')[0] ?? '';
    log(`[${database}] seeded in ${(seeded.seedMilliseconds / 1000).toFixed(1)} s; timing SQL in-process…`);
    sql = await measureListQueries(seeded.database.db, seeded.userId, { only: options.only });
  } finally {
    // PGlite is one process: the server can open the directory only once this one lets go.
    await seeded.database.close();
  }

  const dataDir = seeded.dataDir ?? (await mkdtemp(join(tmpdir(), 'nechasim-bench-pg-')));
  const gateway = await startSmsGatewayStub();
  try {
    const modes = options.cache ?? ['on', 'off'];
    let warm: ServedRun | undefined;
    let cold: ServedRun | undefined;
    for (const mode of modes) {
      const served = await runServed(options, dataDir, mode, {
        withExports: mode === modes[0],
        smsGatewayUrl: gateway.url,
      });
      if (mode === 'on') warm = served;
      else cold = served;
    }
    const main = (warm ?? cold) as ServedRun;
    return {
      database,
      databaseVersion,
      properties: count,
      seedSeconds: round(seeded.seedMilliseconds / 1000),
      connections,
      durationSeconds,
      sql,
      endpoints: warm?.endpoints ?? [],
      ...(cold ? { coldEndpoints: cold.endpoints } : {}),
      ceilingAtEnd: main.ceilingAtEnd,
      serverRssMb: main.serverRssMb,
      serverPeakRssMb: main.serverPeakRssMb,
      exports: main.exports,
    };
  } finally {
    await gateway.close();
    if (seeded.dataDir) await seeded.dispose();
    else await rm(dataDir, { recursive: true, force: true });
  }
}

interface ServedRun {
  endpoints: EndpointResult[];
  ceilingAtEnd: number;
  serverRssMb: number | null;
  serverPeakRssMb: number | null;
  exports: ExportResult[];
}

/** One server over the seeded data, the list page cache on or off, every scenario in turn. */
async function runServed(
  options: ApiBenchOptions,
  dataDir: string,
  cache: CacheMode,
  { withExports, smsGatewayUrl }: { withExports: boolean; smsGatewayUrl: string },
): Promise<ServedRun> {
  const { database, count, durationSeconds, connections } = options;
  const tag = `[${database}, cache ${cache}]`;
  const readyFile = join(dataDir, `ready-${cache}.json`);
  const env = benchServerEnv(dataDir, cache, smsGatewayUrl);
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  const server = await startBenchServer({
    readyFile,
    env,
    sessions: connections * 4,
    profile: options.profile ?? false,
  });
  try {
    const { handshake, base, auth, propertyId, deepCursor } = server;
    const scenarios = benchScenarios(propertyId, handshake.refreshTokens, deepCursor).filter(
      (scenario) => !options.only || options.only.test(scenario.name),
    );
    const hello: Scenario = { name: 'hello (ceiling)', method: 'GET', path: HELLO_PATH };
    // Warm-up, not measured: JIT, connection pools and each list's first total, so that every list,
    // search and filter is measured warm, not only the first ones (a cold total costs 60–80 ms once).
    // The OTP and refresh scenarios spend state (phones, tokens) and warm up on their own.
    for (const scenario of [hello, ...scenarios.filter((item) => !item.dynamic)]) {
      await hit(base, auth, scenario, { connections, durationSeconds: 1 });
    }
    const profile = async (): Promise<RequestProfile | undefined> =>
      options.profile
        ? ((await (await fetch(`${base}${PROFILE_PATH}`)).json()) as RequestProfile)
        : undefined;
    await profile();

    const endpoints: EndpointResult[] = [];
    const ceiling = await hit(base, auth, hello, { connections, durationSeconds });
    endpoints.push({ ...ceiling, ratioToCeiling: 1, ...withProfile(await profile()) });
    log(`${tag} ${format(endpoints[0] as EndpointResult)}`);
    for (const scenario of scenarios) {
      await settle();
      // The profile's window starts here: the previous endpoint's leftover requests are not this one's.
      await profile();
      const result = await hit(base, auth, scenario, { connections, durationSeconds });
      const entry: EndpointResult = {
        ...result,
        ratioToCeiling: round(result.requestsPerSecond / ceiling.requestsPerSecond, 3),
        ...withProfile(await profile()),
      };
      endpoints.push(entry);
      log(`${tag} ${format(entry)}`);
    }
    const exports: ExportResult[] = [];
    for (const format of withExports ? (['csv', 'xlsx'] as const) : []) {
      const peakReset = handshake.pid ? resetPeakMemory(handshake.pid) : false;
      const before = handshake.pid ? memoryOf(handshake.pid) : null;
      const started = performance.now();
      const response = await fetch(`${base}/api/property/export?format=${format}`, { headers: auth });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body ?? []) {
        bytes += (chunk as Uint8Array).byteLength;
        if (format === 'csv') for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
      }
      const after = handshake.pid ? memoryOf(handshake.pid) : null;
      const entry: ExportResult = {
        format,
        rows: format === 'csv' ? lines - 1 : count,
        seconds: round((performance.now() - started) / 1000, 2),
        megabytes: round(bytes / 1024 / 1024, 1),
        rssBeforeMb: before ? round(before.rssMb, 0) : null,
        peakRssMb: after ? round(after.peakRssMb, 0) : null,
        peakOfExport: peakReset,
      };
      exports.push(entry);
      log(
        `${tag} export ${format}: ${entry.rows} rows, ${entry.megabytes} MB in ${entry.seconds} s, RSS ${entry.rssBeforeMb} → peak ${entry.peakRssMb} MiB${peakReset ? '' : ' (peak of the whole run)'}`,
      );
    }
    const end = await hit(base, auth, hello, { connections, durationSeconds });
    const memory = handshake.pid ? memoryOf(handshake.pid) : null;
    return {
      endpoints,
      ceilingAtEnd: end.requestsPerSecond,
      serverRssMb: memory ? round(memory.rssMb, 0) : null,
      serverPeakRssMb: memory ? round(memory.peakRssMb, 0) : null,
      exports,
    };
  } finally {
    await server.stop();
  }
}

const withProfile = (profile: RequestProfile | undefined) => (profile ? { profile } : {});

/**
 * A pause before each measured endpoint. When the load generator stops, the requests its connections
 * left in the server still run; on PGlite the one thread works through them first, so without the
 * pause the next endpoint's first requests would be timed behind the previous endpoint's queue (a
 * cheap page measured after the deep OFFSET page took its tail).
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const SETTLE_MS = 1500;

/** Issue 21 item 4: sorted and range-filtered list pages (each sort reads its own index). */
const LIST_TOOL_SCENARIOS: Scenario[] = LIST_TOOL_LISTS.map((list) => ({
  name: list.name,
  method: 'GET',
  path: `/api/property/list?${list.search}`,
}));

/** The endpoints of the issue, in the order the report lists them. */
export function benchScenarios(
  propertyId: string,
  refreshTokens: string[],
  deepCursor: string | undefined,
  /** Where the OTP sends' phone numbers start: two servers over one database must not share them. */
  firstPhoneSerial = 0,
): Scenario[] {
  let phoneSerial = firstPhoneSerial;
  const nextPhoneSerial = () => {
    phoneSerial += 1;
    return phoneSerial;
  };
  // Rotation spends a refresh token on every use: each request takes one and returns its successor.
  const tokenPool = [...refreshTokens];
  return [
    { name: 'list, first page', method: 'GET', path: '/api/property/list' },
    {
      name: `list, search "${SEARCH_TERM}"`,
      method: 'GET',
      path: `/api/property/list?search=${encodeURIComponent(SEARCH_TERM)}`,
    },
    ...FILTERS.map(
      (filter): Scenario => ({
        name: `filter ${filter}`,
        method: 'POST',
        path: '/api/property/filter',
        body: filterItemsFor(filter),
      }),
    ),
    {
      name: `list, page ${DEEP_PAGE.toLocaleString('en')}`,
      method: 'GET',
      path: `/api/property/list?page=${DEEP_PAGE}`,
    },
    ...(deepCursor
      ? [
          {
            name: `list, page ${DEEP_PAGE.toLocaleString('en')} by cursor`,
            method: 'GET',
            path: `/api/property/list?page=${DEEP_PAGE}&after=${deepCursor}`,
          } satisfies Scenario,
        ]
      : []),
    ...LIST_TOOL_SCENARIOS,
    { name: 'property by id', method: 'GET', path: `/api/property/${propertyId}` },
    otpSendScenario(OTP_SEND_GATEWAY, '+97252', nextPhoneSerial),
    otpSendScenario(OTP_SEND_DEV_OUTBOX, DEV_OUTBOX_PHONE_PREFIX, nextPhoneSerial),
    {
      name: 'token refresh (rotation)',
      method: 'POST',
      path: '/api/auth/refresh-token',
      dynamic: () => ({
        method: 'POST',
        path: '/api/auth/refresh-token',
        setupRequest(request) {
          const refreshToken = tokenPool.shift() ?? 'pool-empty';
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ refreshToken }),
          };
        },
        onResponse(status, body) {
          if (status !== 200) return;
          const next = (JSON.parse(body) as { data?: { refreshToken?: string } }).data?.refreshToken;
          if (next) tokenPool.push(next);
        },
      }),
    },
  ];
}

/**
 * OTP send as production makes it: the code posted to the SMS gateway (the stub bench-api starts).
 * The targets judge this one.
 */
export const OTP_SEND_GATEWAY = 'OTP send (SMS gateway stub)';
/** OTP send with the code written to the dev outbox instead: kept beside it, not judged. */
export const OTP_SEND_DEV_OUTBOX = 'OTP send (dev SMS outbox, not production)';

/** Each request a fresh phone (under `prefix`, which picks the bench server's SMS route) and address. */
function otpSendScenario(name: string, prefix: string, nextPhoneSerial: () => number): Scenario {
  return {
    name,
    method: 'POST',
    path: '/api/login/Otp/send',
    dynamic: () => ({
      method: 'POST',
      path: '/api/login/Otp/send',
      setupRequest(request) {
        const serial = nextPhoneSerial();
        const phoneNumber = `${prefix}${String(1_000_000 + serial).slice(-7)}`;
        const address = `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
        return {
          ...request,
          headers: { ...request.headers, 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ phoneNumber, process: 'auth' }),
        };
      },
    }),
  };
}

export async function hit(
  base: string,
  auth: Record<string, string>,
  scenario: Scenario,
  options: { connections: number; durationSeconds: number; samples?: LatencySample[] },
): Promise<Omit<EndpointResult, 'ratioToCeiling'>> {
  const headers: Record<string, string> = { ...auth };
  if (scenario.body !== undefined) headers['content-type'] = 'application/json';
  const samples = options.samples ?? [];
  const result = await runAutocannon(
    {
      url: base,
      connections: options.connections,
      duration: options.durationSeconds,
      requests: [
        scenario.dynamic?.(auth) ?? {
          method: scenario.method,
          path: scenario.path,
          headers,
          ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
        },
      ],
      headers,
    },
    samples,
  );
  return {
    name: scenario.name,
    request: `${scenario.method} ${scenario.path}`,
    requestsPerSecond: round(result.requests.average, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    p99Established: Math.round(describeTail(samples).p99Established),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** autocannon, and when asked each response's latency and when it came (for describeTail). */
function runAutocannon(options: autocannon.Options, samples: LatencySample[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance: autocannon.Instance = autocannon(
      options,
      (error: Error | null, result: autocannon.Result) => (error ? reject(error) : resolve(result)),
    );
    const seen = new WeakSet<object>();
    instance.on('response', (client: unknown, _status: number, _bytes: number, responseTime: number) => {
      const first = !seen.has(client as object);
      if (first) seen.add(client as object);
      samples.push({ ms: responseTime, first });
    });
  });
}

const format = (entry: EndpointResult) =>
  `${entry.name}: ${entry.requestsPerSecond} req/s, p50 ${entry.p50} ms, p99 ${entry.p99} ms, non-2xx ${entry.non2xx}, ×${entry.ratioToCeiling}`;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Runs this script again under scripts/with-postgres.sh, which hands it a throwaway cluster. */
async function runUnderPostgres(args: string[]): Promise<ApiRun> {
  const dir = await mkdtemp(join(tmpdir(), 'nechasim-bench-api-'));
  const out = join(dir, 'postgres.json');
  try {
    const code = await new Promise<number>((resolveExit, reject) => {
      const child = spawn(
        'bash',
        [
          join(ROOT, 'scripts/with-postgres.sh'),
          process.execPath,
          '--import',
          'tsx',
          join(ROOT, 'scripts/perf/bench-api.ts'),
          '--db',
          'postgres',
          '--json-out',
          out,
          ...args,
        ],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.once('error', reject);
      child.once('exit', (exitCode) => resolveExit(exitCode ?? 1));
    });
    if (code !== 0) throw new Error(`PostgreSQL run exited with ${code}`);
    return (JSON.parse(await readFile(out, 'utf8')) as ApiRun[])[0] as ApiRun;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PGlite in a temp dir; PostgreSQL from DATABASE_URL, or a throwaway cluster when there is none. */
export async function runApiBenches(
  databases: DatabaseKind[],
  common: Omit<ApiBenchOptions, 'database' | 'databaseUrl'>,
): Promise<ApiRun[]> {
  const runs: ApiRun[] = [];
  for (const database of databases) {
    if (database === 'pglite') {
      runs.push(await runApiBench({ ...common, database }));
    } else if (process.env.DATABASE_URL) {
      runs.push(await runApiBench({ ...common, database, databaseUrl: process.env.DATABASE_URL }));
    } else {
      runs.push(
        await runUnderPostgres([
          '--duration',
          String(common.durationSeconds),
          '--connections',
          String(common.connections),
          '--count',
          String(common.count),
          ...(common.only ? ['--only', common.only.source] : []),
          ...(common.cache
            ? ['--cache', common.cache.length === 2 ? 'both' : (common.cache[0] as string)]
            : []),
          ...(common.profile ? ['--profile'] : []),
        ]),
      );
    }
  }
  return runs;
}

/**
 * The server keeps list pages, totals and summaries per list revision (server/properties/
 * property-list-cache.ts); the report says so next to the figures it shapes, and the SQL table
 * still times every query itself.
 */
export const LIST_PAGE_CACHE_NOTE =
  '**List pages may come from the cache.** On PGlite and PostgreSQL alike the server keeps each list, ' +
  'search and filter page, total and summary it has read for the owner’s list revision, a number every ' +
  'write moves through a database trigger (server/properties/property-list-cache.ts), and for at most 30 s. ' +
  'A warm list request on PostgreSQL reads that revision (one primary-key read); on PGlite it is kept until ' +
  'the database announces a move (server/properties/list-revisions.ts), so a warm page runs no statement. ' +
  'After the first request of each row ' +
  'below, the page query and the count are not run again (the **warm** columns). The **cold** columns are a ' +
  'second server over the same data with `LIST_PAGE_CACHE=off` for the whole run: every list, search and ' +
  'filter request runs its page query, as a page not kept would (first visit, after a write); totals are ' +
  'still kept per revision in both.';

/** What the p99 in parentheses is (issue 26: where the tail comes from). */
const P99_NOTE =
  'p99 in parentheses: without the first request of each of the load generator’s connections, which ' +
  'waits for the server to accept and first read its connection (scripts/perf/lib/latency-tail.ts).';

/** The database's own time for the query, from its plan; the in-process times add the driver's. */
function executionTime(plan: string): string {
  return /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '—';
}

/** Warm (page cache on) and cold (off) side by side, each row one endpoint. */
function endpointTable(run: ApiRun): string[] {
  const cold = new Map((run.coldEndpoints ?? []).map((entry) => [entry.name, entry]));
  const names = [...new Set([...run.endpoints, ...(run.coldEndpoints ?? [])].map((entry) => entry.name))];
  const warm = new Map(run.endpoints.map((entry) => [entry.name, entry]));
  const cells = (entry: EndpointResult | undefined) =>
    entry
      ? `${entry.requestsPerSecond} | ${entry.p50} | ${entry.p99}${entry.p99Established === undefined ? '' : ` (${entry.p99Established})`} | ${entry.non2xx + entry.errors + entry.timeouts}`
      : '— | — | — | —';
  return [
    '| endpoint | warm req/s | p50 ms | p99 ms | non-2xx, errors | cold req/s | p50 ms | p99 ms | non-2xx, errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...names.map((name) => `| ${name} | ${cells(warm.get(name))} | ${cells(cold.get(name))} |`),
  ];
}

/** Inside the server, per request (means; p99 of the total): where the time of each endpoint went. */
function profileTable(run: ApiRun): string[] {
  const rows = [
    ...run.endpoints.map((entry) => ['warm', entry] as const),
    ...(run.coldEndpoints ?? []).map((entry) => ['cold', entry] as const),
  ].filter(([, entry]) => entry.profile);
  if (rows.length === 0) return [];
  return [
    '| endpoint | cache | CPU ms | in-server ms p50 / p99 | before handler ms | handler ms | serialise ms | queries (auth) | SQL ms | event-loop delay p99 / max ms |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(([mode, entry]) => {
      const p = entry.profile as RequestProfile;
      return `| ${entry.name} | ${mode} | ${p.cpuMsPerRequest} | ${p.total.p50} / ${p.total.p99} | ${p.beforeHandler.mean} | ${p.handler.mean} | ${p.serialise.mean} | ${p.queries} (${p.queriesBeforeHandler}) | ${p.sql.mean} | ${p.eventLoopDelay.p99} / ${p.eventLoopDelay.max} |`;
    }),
    '',
  ];
}

export function renderApiSummary(runs: ApiRun[]): string {
  const lines: string[] = [];
  for (const run of runs) {
    lines.push(
      `### ${run.database} (${run.databaseVersion}), ${run.properties.toLocaleString('en')} properties`,
      '',
      `${run.connections} connections, ${run.durationSeconds} s each. Seeded in ${run.seedSeconds} s. ` +
        `Hello at the end of the run: ${run.ceilingAtEnd} req/s. Server RSS after the run: ${run.serverRssMb ?? '?'} MiB (peak ${run.serverPeakRssMb ?? '?'} MiB).`,
      '',
      LIST_PAGE_CACHE_NOTE,
      '',
      P99_NOTE,
      '',
      ...endpointTable(run),
      '',
      ...profileTable(run),
      ...(run.exports?.length
        ? [
            '| export (whole list, streamed) | rows | seconds | MB | server RSS before → peak MiB | peak − before MiB |',
            '|---|---|---|---|---|---|',
            ...run.exports.map(
              (entry) =>
                `| ${entry.format} | ${entry.rows} | ${entry.seconds} | ${entry.megabytes} | ${entry.rssBeforeMb ?? '?'} → ${entry.peakRssMb ?? '?'}${entry.peakOfExport ? '' : ' (run’s peak)'} | ${entry.rssBeforeMb !== null && entry.peakRssMb !== null && entry.peakOfExport ? entry.peakRssMb - entry.rssBeforeMb : '?'} |`,
            ),
            '',
          ]
        : []),
      '| SQL (in-process) | runs | p50 ms | p95 ms | execution ms (EXPLAIN ANALYZE) | runs when |',
      '|---|---|---|---|---|---|',
      ...run.sql.map(
        (entry) =>
          `| ${entry.name} | ${entry.runs} | ${entry.p50.toFixed(2)} | ${entry.p95.toFixed(2)} | ${executionTime(entry.plan)} | ${entry.when} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

/** The load's options and defaults, as `bench:api` and `npm run bench` take them. */
export const API_LOAD_OPTIONS = {
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '50' },
  count: { type: 'string', default: '100000' },
} as const;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      ...API_LOAD_OPTIONS,
      'json-out': { type: 'string' },
      only: { type: 'string' },
      cache: { type: 'string', default: 'both' },
      profile: { type: 'boolean', default: false },
    },
  });
  const cache: CacheMode[] =
    values.cache === 'both' ? ['on', 'off'] : [values.cache === 'off' ? 'off' : 'on'];
  const common = {
    only: values.only ? new RegExp(values.only) : undefined,
    count: Number(values.count),
    durationSeconds: Number(values.duration),
    connections: Number(values.connections),
    cache,
    profile: values.profile,
  };
  const databases: DatabaseKind[] =
    values.db === 'both' ? ['pglite', 'postgres'] : [values.db === 'postgres' ? 'postgres' : 'pglite'];
  const runs = await runApiBenches(databases, common);
  if (values['json-out']) await writeJson(values['json-out'], runs);
  process.stdout.write(renderApiSummary(runs));
}

runWhenMain(import.meta.url, main);
