/**
 * The server's CPU per request, two checkouts side by side (issue 26): both bench servers
 * (scripts/perf/bench-server.ts of each checkout, production settings, no page cache unless
 * `--cache on`) over one seeded PostgreSQL, or without DATABASE_URL each over its own copy of one
 * seeded PGlite portfolio, and for each request kind bursts against one then the other, their order
 * swapped every round, so both meet the same load from the machine's other users. Each burst
 * reads the server process's CPU time (/proc/<pid>/stat, user + system) and PostgreSQL's (its
 * postmaster and backends) before and after and divides by the requests answered; the report gives
 * each side's median and the median of each round's ratio, and the requests per second.
 *
 *   bash scripts/with-postgres.sh npx tsx scripts/perf/cpu-ab.ts --a /path/to/checkout-a --b /path/to/checkout-b
 *     [--count 20000] [--rounds 5] [--seconds 3] [--connections 50] [--only 'by id|refresh'] [--cache on]
 *   npx tsx scripts/perf/cpu-ab.ts --a … --b … [--data-dir DIR]   (PGlite; DIR: a seeded portfolio to copy)
 *   CPU_AB_ENV_A / CPU_AB_ENV_B: settings for one side (e.g. DATABASE_POOL_SIZE=20), the same checkout twice.
 * OTP sends go to one gateway stub (lib/sms-gateway-stub.ts) both sides share.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../server/db/database';
import { benchScenarios, hit, type Scenario } from './bench-api';
import type { BenchServerHandshake } from './bench-server';
import { BENCH_PHONE, openSeededDatabase } from './lib/bench-database';
import { benchServerEnv } from './lib/bench-server-env';
import { cpuMs, treeCpuMs } from './lib/process-cpu';
import { stopProcess, waitForFile } from './lib/processes';
import { startSmsGatewayStub } from './lib/sms-gateway-stub';
import { median } from './lib/stats';

interface Side {
  label: string;
  child: ChildProcess;
  pid: number;
  base: string;
  auth: { authorization: string };
  scenarios: Scenario[];
}

/**
 * Settings for one side only: `CPU_AB_ENV_A='DATABASE_POOL_SIZE=5'` (space-separated NAME=value),
 * so one checkout can be compared with itself under two settings.
 */
function sideEnv(label: string): NodeJS.ProcessEnv {
  const spec = process.env[`CPU_AB_ENV_${label.toUpperCase()}`] ?? '';
  return Object.fromEntries(
    spec
      .split(' ')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

async function startSide(
  label: string,
  root: string,
  dataDir: string,
  smsGatewayUrl: string,
  listPageCache: 'on' | 'off',
): Promise<Side> {
  const readyFile = join(dataDir, 'ready.json');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'scripts/perf/bench-server.ts'),
      '--ready-file',
      readyFile,
      '--phone',
      BENCH_PHONE,
      '--sessions',
      '400',
    ],
    {
      cwd: root,
      env: { ...benchServerEnv(dataDir, listPageCache, smsGatewayUrl), ...sideEnv(label) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const handshake = await waitForFile<BenchServerHandshake>(readyFile, child);
  const base = `http://127.0.0.1:${handshake.port}`;
  const auth = { authorization: `Bearer ${handshake.accessToken}` };
  const page = (await (await fetch(`${base}/api/property/list`, { headers: auth })).json()) as {
    data: { items: { id: string }[] };
  };
  const propertyId = page.data.items[0]?.id;
  if (!propertyId) throw new Error('the seeded list is empty');
  return {
    label,
    child,
    pid: handshake.pid,
    base,
    auth,
    scenarios: benchScenarios(propertyId, handshake.refreshTokens, undefined, label === 'a' ? 0 : 5_000_000),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: 'string' },
      b: { type: 'string' },
      count: { type: 'string', default: '20000' },
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      only: { type: 'string', default: 'first page|filter publications|by id|OTP|refresh' },
      cache: { type: 'string', default: 'off' },
      'data-dir': { type: 'string' },
    },
  });
  if (!values.a || !values.b) throw new Error('--a and --b (two checkouts) are required');
  const databaseUrl = process.env.DATABASE_URL;
  const listPageCache = values.cache === 'on' ? 'on' : 'off';
  const dirs = [await mkdtemp(join(tmpdir(), 'cpu-ab-a-')), await mkdtemp(join(tmpdir(), 'cpu-ab-b-'))];
  // PostgreSQL: both servers over one cluster, its CPU read beside theirs. PGlite: a server owns its
  // data directory, so each side gets its own copy of one seeded portfolio.
  let postmaster: number | undefined;
  if (databaseUrl) {
    const seeded = await openSeededDatabase({ databaseUrl, count: Number(values.count) });
    postmaster = await postmasterPid(seeded.database.db);
    await seeded.database.close();
  } else {
    let source = values['data-dir'];
    let seeded: Awaited<ReturnType<typeof openSeededDatabase>> | undefined;
    if (!source) {
      seeded = await openSeededDatabase({ count: Number(values.count) });
      await seeded.database.close();
      source = seeded.dataDir as string;
    }
    for (const dir of dirs) await cp(join(source, 'pglite'), join(dir, 'pglite'), { recursive: true });
    if (seeded?.dataDir) await rm(seeded.dataDir, { recursive: true, force: true });
  }
  const databaseCpuMs = () => (postmaster === undefined ? 0 : treeCpuMs(postmaster));
  const gateway = await startSmsGatewayStub();
  const sides: Side[] = [];
  try {
    sides.push(await startSide('a', resolve(values.a), dirs[0] as string, gateway.url, listPageCache));
    sides.push(await startSide('b', resolve(values.b), dirs[1] as string, gateway.url, listPageCache));
    const only = new RegExp(values.only);
    const names = (sides[0] as Side).scenarios.map((s) => s.name).filter((name) => only.test(name));
    const perRequest = new Map<string, number[]>();
    const databasePerRequest = new Map<string, number[]>();
    const throughput = new Map<string, number[]>();
    const tail = new Map<string, number[]>();
    const load: string[] = [];
    // A first burst of each, not counted: the JIT compiles the request's path in it.
    for (const name of names) {
      for (const side of sides) {
        const scenario = side.scenarios.find((s) => s.name === name) as Scenario;
        await hit(side.base, side.auth, scenario, {
          connections: Number(values.connections),
          durationSeconds: 2,
        });
      }
    }
    for (let round = 0; round < Number(values.rounds); round++) {
      load.push(readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '));
      for (const name of names) {
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) {
          const scenario = side.scenarios.find((s) => s.name === name) as Scenario;
          const before = cpuMs(side.pid);
          const databaseBefore = databaseCpuMs();
          const result = await hit(side.base, side.auth, scenario, {
            connections: Number(values.connections),
            durationSeconds: Number(values.seconds),
          });
          const used = cpuMs(side.pid) - before;
          const databaseUsed = databaseCpuMs() - databaseBefore;
          const answered = Math.max(1, result.total);
          const key = `${name}\u0000${side.label}`;
          perRequest.set(key, [...(perRequest.get(key) ?? []), used / answered]);
          databasePerRequest.set(key, [...(databasePerRequest.get(key) ?? []), databaseUsed / answered]);
          throughput.set(key, [...(throughput.get(key) ?? []), result.requestsPerSecond]);
          tail.set(key, [...(tail.get(key) ?? []), result.p99]);
          if (result.non2xx > 0 || result.errors > 0)
            process.stderr.write(
              `${side.label} ${name}: ${result.non2xx} non-2xx, ${result.errors} errors\n`,
            );
        }
      }
    }
    const lines = [
      `${databaseUrl ? 'PostgreSQL' : 'PGlite'}, list page cache ${listPageCache}; median of ${values.rounds} bursts of ${values.seconds} s at ${values.connections} connections; load at each round: ${load.join(' | ')}`,
      '',
      ...abTable('server CPU ms per request', names, perRequest),
      '',
      ...(databaseUrl
        ? [
            ...abTable('PostgreSQL CPU ms per request (postmaster and backends)', names, databasePerRequest),
            '',
          ]
        : []),
      ...abTable('requests per second', names, throughput, 0),
      '',
      ...abTable('p99 ms (latency on a shared machine: compare the sides, not the targets)', names, tail, 0),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    for (const side of sides) await stopProcess(side.child);
    await gateway.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

/** One measure, a against b: each burst, each side's median and the median of the rounds' ratios. */
function abTable(title: string, names: string[], byKey: Map<string, number[]>, digits = 2): string[] {
  const list = (xs: number[]) => xs.map((x) => x.toFixed(digits)).join(' ');
  return [
    `| ${title} | a (each burst) | a median | b (each burst) | b median | b / a of each round, median |`,
    '|---|---|---|---|---|---|',
    ...names.map((name) => {
      const a = byKey.get(`${name}\u0000a`) ?? [];
      const b = byKey.get(`${name}\u0000b`) ?? [];
      const ratio = median(b.map((x, i) => x / (a[i] as number)));
      return `| ${name} | ${list(a)} | ${median(a).toFixed(digits)} | ${list(b)} | ${median(b).toFixed(digits)} | ${ratio.toFixed(2)} |`;
    }),
  ];
}

/** The cluster's postmaster, from the data directory's postmaster.pid (the cluster owner may read it). */
async function postmasterPid(db: Db): Promise<number> {
  const [row] = await queryRows<{ dir: string }>(
    db,
    sql`select setting as dir from pg_settings where name = 'data_directory'`,
  );
  const pid = Number((await readFile(`${row?.dir}/postmaster.pid`, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error('no postmaster pid');
  return pid;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
