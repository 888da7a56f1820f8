/**
 * Starting the bench server (bench-server.ts) from a benchmark, and what every run of the scenarios
 * starts from: its address, the signed-in user's header, the first listed property (the by-id
 * scenarios) and the cursor of the page before the deep one. bench:api and profile:api start it alike.
 */
import type { ChildProcess } from 'node:child_process';
import type { BenchServerHandshake } from './bench-server';
import { BENCH_PHONE } from './lib/bench-database';
import { spawnTs, stopProcess, waitForFile } from './lib/processes';
import { DEEP_PAGE } from './lib/sql-bench';

export interface RunningBenchServer {
  handshake: BenchServerHandshake;
  base: string;
  auth: { authorization: string };
  propertyId: string;
  deepCursor: string | undefined;
  stop(): Promise<void>;
}

export async function startBenchServer(options: {
  /** Where the server writes its handshake once it listens. */
  readyFile: string;
  env: NodeJS.ProcessEnv;
  /** Sign-ins made before listening: one refresh token each, spent by the refresh scenario. */
  sessions: number;
  profile: boolean;
}): Promise<RunningBenchServer> {
  const server: ChildProcess = spawnTs(
    'scripts/perf/bench-server.ts',
    [
      '--ready-file',
      options.readyFile,
      '--phone',
      BENCH_PHONE,
      '--sessions',
      String(options.sessions),
      ...(options.profile ? ['--profile'] : []),
    ],
    options.env,
    // A CPU profile of the server itself (node refuses --cpu-prof in NODE_OPTIONS).
    {
      nodeArgs: process.env.BENCH_SERVER_CPU_PROF_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF_DIR}`]
        : [],
    },
  );
  const stop = () => stopProcess(server);
  try {
    const handshake = await waitForFile<BenchServerHandshake>(options.readyFile, server);
    const base = `http://127.0.0.1:${handshake.port}`;
    const auth = { authorization: `Bearer ${handshake.accessToken}` };
    const listed = async (search: string) =>
      (
        (await (await fetch(`${base}/api/property/list${search}`, { headers: auth })).json()) as {
          data: { items: { id: string }[]; nextCursor?: string | null };
        }
      ).data;
    const propertyId = (await listed('')).items[0]?.id;
    if (!propertyId) throw new Error('the seeded list is empty');
    const deepCursor = (await listed(`?page=${DEEP_PAGE - 1}`)).nextCursor ?? undefined;
    return { handshake, base, auth, propertyId, deepCursor, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
