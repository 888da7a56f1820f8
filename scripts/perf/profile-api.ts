/**
 * Where one API request's time goes (issue 26): the bench server (scripts/perf/bench-server.ts
 * --profile, production settings) over the bench portfolio, each request kind of `bench:api` first
 * one request at a time, then under load, with the profile the server measured inside itself
 * (scripts/perf/lib/request-profiler.ts): CPU per request, Fastify's phases, database calls per
 * request and their time, the slowest statements, the event loop's delay.
 *
 *   tsx scripts/perf/profile-api.ts [--count 100000] [--data-dir DIR] [--cache on|off]
 *     [--connections 1,50] [--duration 3] [--only 'by id|OTP']
 *
 * PGlite in DIR (a bench portfolio seeded before and kept, e.g. by an earlier run of this script
 * with --keep), or a fresh one; PostgreSQL when DATABASE_URL is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchScenarios, hit } from './bench-api';
import { PROFILE_PATH } from './bench-server';
import { startBenchServer } from './bench-server-start';
import { openSeededDatabase } from './lib/bench-database';
import { benchServerEnv } from './lib/bench-server-env';
import { describeTail, type LatencySample } from './lib/latency-tail';
import type { RequestProfile } from './lib/request-profiler';
import { startSmsGatewayStub } from './lib/sms-gateway-stub';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      'data-dir': { type: 'string' },
      keep: { type: 'boolean', default: false },
      cache: { type: 'string', default: 'off' },
      connections: { type: 'string', default: '1,50' },
      duration: { type: 'string', default: '3' },
      only: { type: 'string' },
    },
  });
  let dataDir = values['data-dir'];
  let dispose = async () => {};
  if (!dataDir) {
    const seeded = await openSeededDatabase({
      databaseUrl: process.env.DATABASE_URL,
      count: Number(values.count),
    });
    await seeded.database.close();
    // PostgreSQL keeps its rows in the cluster; the server still wants a data directory of its own.
    const own = seeded.dataDir ?? (await mkdtemp(join(tmpdir(), 'nechasim-profile-')));
    dataDir = own;
    if (values.keep && seeded.dataDir) process.stderr.write(`seeded data kept in ${own}\n`);
    else dispose = async () => rm(own, { recursive: true, force: true });
  }
  const loads = values.connections.split(',').map(Number);
  const readyFile = join(dataDir, `profile-ready-${process.pid}.json`);
  const gateway = await startSmsGatewayStub();
  const server = await startBenchServer({
    readyFile,
    env: benchServerEnv(dataDir, values.cache === 'on' ? 'on' : 'off', gateway.url),
    sessions: Math.max(...loads) * 8,
    profile: true,
  });
  try {
    const { handshake, base, auth } = server;
    const only = values.only ? new RegExp(values.only) : undefined;
    const scenarios = benchScenarios(server.propertyId, handshake.refreshTokens, server.deepCursor).filter(
      (scenario) => !only || only.test(scenario.name),
    );
    const profile = async () => (await (await fetch(`${base}${PROFILE_PATH}`)).json()) as RequestProfile;

    const lines = [
      `cache ${values.cache}; per request: CPU of the server process, in-server time, phases (means), database calls`,
      '',
      '| request | connections | req/s | client p50 / p99 / max ms | p99 without each connection’s first | first requests: count, p50 / max | connections accepted, first read after p50 / max | CPU ms | in-server p50 / p99 | before handler | handler | serialise | queries (auth) | SQL ms | loop delay p99 / max | loop busy | GC pauses, total / max ms, major |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    const statements: string[] = [];
    for (const scenario of scenarios) {
      for (const connections of loads) {
        if (!scenario.dynamic) await hit(base, auth, scenario, { connections, durationSeconds: 1 });
        await profile();
        const samples: LatencySample[] = [];
        const result = await hit(base, auth, scenario, {
          connections,
          durationSeconds: Number(values.duration),
          samples,
        });
        const p = await profile();
        const tail = describeTail(samples);
        const line = `| ${scenario.name} | ${connections} | ${result.requestsPerSecond} | ${tail.p50} / ${tail.p99} / ${tail.max} | ${tail.p99Established} | ${tail.firstRequests.count}, ${tail.firstRequests.p50} / ${tail.firstRequests.max} | ${p.newConnections.count}, ${p.newConnections.firstRequestWait.p50} / ${p.newConnections.firstRequestWait.max} | ${p.cpuMsPerRequest} | ${p.total.p50} / ${p.total.p99} | ${p.beforeHandler.mean} | ${p.handler.mean} | ${p.serialise.mean} | ${p.queries} (${p.queriesBeforeHandler}) | ${p.sql.mean} | ${p.eventLoopDelay.p99} / ${p.eventLoopDelay.max} | ${p.eventLoopUtilization} | ${p.gc.pauses}, ${p.gc.totalMs} / ${p.gc.maxMs}, ${p.gc.major} |`;
        lines.push(line);
        process.stderr.write(`${line}\n`);
        if (connections === loads[0]) {
          statements.push(
            `${scenario.name}:`,
            ...p.topStatements.map((entry) => `  ${entry.calls}× ${entry.meanMs} ms  ${entry.text}`),
          );
        }
      }
    }
    process.stdout.write(
      `${lines.join('\n')}\n\nSlowest statements (total time), one request at a time:\n${statements.join('\n')}\n`,
    );
  } finally {
    await server.stop();
    await gateway.close();
    await dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
