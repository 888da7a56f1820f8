/**
 * Start time and memory: `npm start` (client already built) on a PGlite DATA_DIR holding 100,000
 * properties, timed from the spawn to the first 200 of /api/health; then the server's resident
 * memory when healthy and after a signed-in user opened the list (page, summary, a search).
 *
 *   tsx scripts/perf/startup.ts [--runs 3] [--count 100000] [--json-out file]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createSignInTokens } from '../../server/auth/sign-in-tokens';
import { systemClock } from '../../server/clock';
import { loadConfig, resolveJwtSecret } from '../../server/config';
import { openSeededDatabase } from './lib/bench-database';
import {
  descendantsOf,
  freePort,
  memoryOf,
  ROOT,
  runWhenMain,
  stopProcess,
  waitForHealthy,
  writeJson,
} from './lib/processes';
import { median, round } from './lib/stats';

export interface StartupRun {
  startMs: number;
  rssHealthyMb: number;
  rssAfterListMb: number;
  peakRssMb: number;
}

export interface StartupResult {
  properties: number;
  runs: StartupRun[];
  medianStartMs: number;
  maxPeakRssMb: number;
}

export const STARTUP_TARGETS = { startMs: 5000, rssMb: 1024 };

export async function measureStartup(options: { runs: number; count: number }): Promise<StartupResult> {
  const seeded = await openSeededDatabase({ count: options.count });
  // Signed with the secret development keeps in DATA_DIR, which the server will read at start, in a
  // sign-in (session) of its own: access tokens of no live session are refused.
  const config = await resolveJwtSecret(loadConfig({ DATA_DIR: seeded.dataDir }));
  const { db } = seeded.database;
  const { jwtToken: token } = await createSignInTokens({
    db,
    clock: systemClock,
    config: { jwtSecret: config.jwtSecret, accessTokenTtlSeconds: 60 * 60 },
  }).signIn(db, seeded.userId);
  await seeded.database.close();
  const headers = { authorization: `Bearer ${token}` };
  const runs: StartupRun[] = [];
  try {
    for (let i = 0; i < options.runs; i++) {
      // Build outside the timing, as a deployment does, right before each start: the client's
      // sources may change while the database is seeded (another build in the same tree), and
      // `npm start` would then time a whole client build.
      await run(process.execPath, ['scripts/ensure-build.mjs']);
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: seeded.dataDir,
      };
      delete env.DATABASE_URL;
      delete env.NODE_ENV;
      const started = performance.now();
      // Its own process group, so stopping it stops npm, tsx and the server together.
      const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: 'ignore', detached: true });
      try {
        const base = `http://127.0.0.1:${port}`;
        const startMs = Math.round(await waitForHealthy(`${base}/api/health`, started));
        const rssHealthyMb = serverMemory(child).rssMb;
        for (const path of [
          '/api/property/list',
          '/api/property/summary',
          '/api/property/list?search=%D7%94%D7%A8%D7%A6',
        ]) {
          const response = await fetch(`${base}${path}`, { headers });
          if (!response.ok) throw new Error(`${path}: ${response.status}`);
        }
        const after = serverMemory(child);
        runs.push({
          startMs,
          rssHealthyMb: round(rssHealthyMb, 0),
          rssAfterListMb: round(after.rssMb, 0),
          peakRssMb: round(after.peakRssMb, 0),
        });
        process.stderr.write(
          `[startup] run ${i + 1}: healthy after ${startMs} ms, RSS ${round(after.rssMb, 0)} MiB\n`,
        );
      } finally {
        const server = child.pid === undefined ? [] : descendantsOf(child.pid);
        await stopProcess(child, { group: true });
        // npm exits on the signal at once; the server still closes its PGlite. The next start must
        // not open the data directory before this one has let go of it.
        await waitForExit(server);
      }
    }
  } finally {
    await seeded.dispose();
  }
  return {
    properties: options.count,
    runs,
    medianStartMs: median(runs.map((item) => item.startMs)),
    maxPeakRssMb: Math.max(...runs.map((item) => item.peakRssMb)),
  };
}

/** The heaviest process npm started: the server (npm and sh are small). */
function serverMemory(child: ChildProcess): { rssMb: number; peakRssMb: number } {
  const pids = child.pid === undefined ? [] : descendantsOf(child.pid);
  const memories = pids.map(memoryOf).filter((memory) => memory !== null);
  return memories.reduce((largest, memory) => (memory.rssMb > largest.rssMb ? memory : largest), {
    rssMb: 0,
    peakRssMb: 0,
  });
}

async function waitForExit(pids: number[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

export function renderStartupSummary(result: StartupResult): string {
  return [
    `\`npm start\` on PGlite with ${result.properties.toLocaleString('en')} properties (client already built):`,
    '',
    '| run | healthy after | RSS when healthy | RSS after opening the list | peak RSS |',
    '|---|---|---|---|---|',
    ...result.runs.map(
      (item, index) =>
        `| ${index + 1} | ${item.startMs} ms | ${item.rssHealthyMb} MiB | ${item.rssAfterListMb} MiB | ${item.peakRssMb} MiB |`,
    ),
    '',
    `Median start ${result.medianStartMs} ms (target ≤ ${STARTUP_TARGETS.startMs} ms: ${result.medianStartMs <= STARTUP_TARGETS.startMs ? 'met' : '**not met**'}); ` +
      `peak RSS ${result.maxPeakRssMb} MiB (target ≤ ${STARTUP_TARGETS.rssMb} MiB: ${result.maxPeakRssMb <= STARTUP_TARGETS.rssMb ? 'met' : '**not met**'}).`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      count: { type: 'string', default: '100000' },
      'json-out': { type: 'string' },
    },
  });
  const result = await measureStartup({ runs: Number(values.runs), count: Number(values.count) });
  if (values['json-out']) await writeJson(values['json-out'], result);
  process.stdout.write(renderStartupSummary(result));
}

runWhenMain(import.meta.url, main);
