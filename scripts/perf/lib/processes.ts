import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a TypeScript file in one Node process (no tsx wrapper process), so its pid is the server's. */
export function spawnTs(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { detached?: boolean; nodeArgs?: string[] } = {},
): ChildProcess {
  return spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', resolve(ROOT, script), ...args],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: options.detached ?? false,
    },
  );
}

/** Resolves with the file's JSON once the process writes it; rejects if the process exits first. */
export async function waitForFile<T>(file: string, child: ChildProcess, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    if (existsSync(file)) {
      const text = await readFile(file, 'utf8');
      if (text.trim()) return JSON.parse(text) as T;
    }
    await sleep(50);
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

/** Polls GET url until it answers 200; returns the milliseconds since `since` (performance.now()). */
export async function waitForHealthy(url: string, since: number, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await sleep(25);
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms`);
}

/** Resident and peak resident memory of one process, in MiB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakRssMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
    return { rssMb: field('VmRSS'), peakRssMb: field('VmHWM') };
  } catch {
    return null;
  }
}

/** Every process whose ancestry includes `pid` (npm start → sh → node dist/server/main.mjs). */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; ppid is the second field after it.
      const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(afterName[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** SIGTERM, then SIGKILL after a grace period; `group` signals the whole process group we started. */
export async function stopProcess(child: ChildProcess, options: { group?: boolean } = {}): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(options.group ? -pid : pid, name);
    } catch {
      // Already gone.
    }
  };
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  signal('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
  if (timedOut) {
    signal('SIGKILL');
    await exited;
  }
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { dirname } = await import('node:path');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Runs `main` when the module at `moduleUrl` (its import.meta.url) is the script node was started
 * with, not when another benchmark imports it; a failure prints and exits 1.
 */
export function runWhenMain(moduleUrl: string, main: () => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
