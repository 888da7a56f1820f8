/**
 * `npm run dev`: the API (tsx watch, restarting on server changes) on API_PORT and Vite (hot
 * reload) on PORT, which proxies /api to the API. Both are children of this process: when one
 * exits, or on Ctrl-C, the other is stopped too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '5173';

function bin(packageName: string, name: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = require(manifestPath) as { bin: string | Record<string, string> };
  const relative = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name];
  if (!relative) throw new Error(`${packageName} has no "${name}" binary`);
  return join(dirname(manifestPath), relative);
}

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, args: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[dev] ${name} exited (${signal ?? code}); stopping the rest.`);
    stop(code ?? 1);
  });
}

function stop(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  // Give the API its graceful shutdown, then leave regardless.
  setTimeout(() => process.exit(exitCode), 3_000).unref();
  Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  ).then(() => process.exit(exitCode));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', [bin('tsx', 'tsx'), 'watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: apiPort,
  HOST: process.env.API_HOST ?? '127.0.0.1',
});
start('vite', [bin('vite', 'vite'), '--port', webPort, '--strictPort'], { API_PORT: apiPort });
console.log(`[dev] app on http://localhost:${webPort} (API on http://localhost:${apiPort})`);
