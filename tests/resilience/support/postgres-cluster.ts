import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A private PostgreSQL cluster for one test file, as scripts/with-postgres.sh makes one: a temp
 * directory, a free port on 127.0.0.1, trust auth. PostgreSQL refuses to run as root, so as root
 * its binaries run as the postgres user. Missing binaries fail the test with what to install.
 */
export interface PostgresCluster {
  url: string;
  start(): Promise<void>;
  /** A fast shutdown: open connections are told to go away, as in a restart or failover. */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

export function findPostgresBinaries(): string {
  const candidates: string[] = [];
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  }
  candidates.push('/usr/local/pgsql/bin', '/usr/local/bin', '/usr/bin');
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found; install them (Debian: apt-get install -y postgresql)',
    );
  }
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBinaries();
  const isRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'nechasim-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const user = isRoot ? 'postgres' : (process.env.USER ?? 'postgres');
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dir, Number(stdout.trim()), -1);
  }
  const asOwner = (command: string, args: string[]) =>
    isRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), args);

  await asOwner('initdb', ['-D', data, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-U', user]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const cluster: PostgresCluster = {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    async start() {
      await asOwner('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        options,
        'start',
      ]);
    },
    async stop() {
      await asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    async remove() {
      if (existsSync(join(data, 'postmaster.pid'))) {
        await asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
