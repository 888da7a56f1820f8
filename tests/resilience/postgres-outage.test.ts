import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresCluster, type PostgresCluster } from './support/postgres-cluster';
import { listAll, registerBroker, type ServerProcess, startServer } from './support/server-process';

/**
 * PostgreSQL stopped under a running server and started again: while it is down every request
 * that needs it fails fast with 503 and the error envelope (never a 500, never a hang), and once it
 * is back the same process serves again, without a restart, with nothing lost.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL briefly unavailable', () => {
  let cluster: PostgresCluster | undefined;
  let dataDir: string;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    await cluster?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while the database is down and recovers without a restart', async () => {
    cluster = await createPostgresCluster();
    dataDir = await mkdtemp(join(tmpdir(), 'nechasim-pg-outage-'));
    server = await startServer({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });
    const { base } = server;
    const headers = await registerBroker(base, '+972541230003');
    const create = (address: string) =>
      fetch(`${base}/api/property/create`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ status: 'draft', address }),
      });
    const before = await create('לפני ההשבתה');
    expect(before.status).toBe(201);
    const beforeId = ((await before.json()) as { data: { id: string } }).data.id;

    await cluster.stop();
    const outage: { what: string; status: number; body: unknown; retryAfter: string | null; ms: number }[] =
      [];
    const attempt = async (what: string, call: () => Promise<Response>) => {
      const started = Date.now();
      const response = await call();
      outage.push({
        what,
        status: response.status,
        body: await response.json(),
        retryAfter: response.headers.get('retry-after'),
        ms: Date.now() - started,
      });
    };
    await attempt('health', () => fetch(`${base}/api/health`, { headers: { 'accept-language': 'en' } }));
    await attempt('create', () => create('בזמן ההשבתה'));
    await attempt('list', () => fetch(`${base}/api/property/list`, { headers }));
    await attempt('send code', () =>
      fetch(`${base}/api/login/Otp/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: '+972541230004', process: 'auth' }),
      }),
    );

    await cluster.start();
    let health = 0;
    const deadline = Date.now() + 30_000;
    while (health !== 200 && Date.now() < deadline) {
      health = (await fetch(`${base}/api/health`)).status;
      if (health !== 200) await sleep(250);
    }
    const after = await create('אחרי ההשבתה');
    const listed = await listAll(base, headers);

    for (const entry of outage) {
      expect(entry.status, entry.what).toBe(503);
      expect(entry.body, entry.what).toMatchObject({ success: false, code: 'service_unavailable' });
      expect(entry.ms, `${entry.what} took ${entry.ms} ms`).toBeLessThan(10_000);
    }
    expect(outage.find((entry) => entry.what === 'create')?.retryAfter).toBe('5');
    expect(health).toBe(200);
    expect(after.status).toBe(201);
    expect(listed.map((item) => item.address).sort()).toEqual(['אחרי ההשבתה', 'לפני ההשבתה'].sort());
    expect(listed.map((item) => item.id)).toContain(beforeId);
    // The same process all along.
    expect(server.child.exitCode).toBeNull();
    console.info(
      `postgres-outage: ${outage.map((entry) => `${entry.what} ${entry.status} in ${entry.ms} ms`).join('; ')}`,
    );
  });
});
