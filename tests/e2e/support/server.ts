import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Builds the client and its server entry when dist is missing or stale (and bundles the server), as `npm start` does first. */
export function ensureClientBuild(): void {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/ensure-build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('building the client failed');
}

/**
 * A private copy of the built client for this run: another build of the same tree (a developer's
 * `vite build` during the run) empties dist/, and a server that cached the old index.html would then
 * answer its scripts with 404s.
 */
export async function snapshotClient(): Promise<{ clientDir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'nechasim-e2e-client-'));
  const clientDir = join(dir, 'client');
  await cp(join(ROOT, 'dist/client'), clientDir, { recursive: true });
  // The app's server entry, which the server finds beside the client (page-contract/page-renderer.ts).
  await cp(join(ROOT, 'dist/ssr'), join(dir, 'ssr'), { recursive: true });
  return { clientDir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The real server (`server/main.ts`) in its own process, on a free port, with a fresh PGlite data
 * directory and the dev SMS outbox. TRUST_PROXY (loopback as the proxy) lets each journey present its own client address
 * (X-Forwarded-For), so the per-address code limits — 30 sends an hour — hold for every journey
 * as they would for separate offices, instead of throttling the suite. SETTABLE_CLOCK lets a journey
 * move the server's time past its SMS spacing (api.ts's moveServerClock) instead of waiting it out.
 */
export async function startServer(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nechasim-e2e-'));
  await prepare?.(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMS_PROVIDER: 'dev',
      LOG_LEVEL: 'info',
      // Chromium connects from loopback: the one X-Forwarded-For entry a journey sends is its address.
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // The sign-in journey signs in with a French number; codes go to Israel only by default.
      SMS_COUNTRIES: 'IL,FR',
      SETTABLE_CLOCK: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await waitForListening(child);
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('the server did not start within 60 s')), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${output.slice(-4000)}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s:"]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining the pipes so a chatty server never blocks on a full buffer.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => fail(new Error(`the server exited with code ${code} before listening`)));
  });
}
