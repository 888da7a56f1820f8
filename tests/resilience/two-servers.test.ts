import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresCluster, type PostgresCluster } from './support/postgres-cluster';
import {
  registerBroker,
  registerBrokerTokens,
  type ServerProcess,
  startServer,
} from './support/server-process';

/**
 * Two server processes on one PostgreSQL, as a deployment behind a load balancer runs them: what
 * one server does, the other sees on the next request. List totals and pages (cached per list
 * revision, which the database moves), code limits (counted in the database) and revoked sign-ins
 * (sessions in the database) agree. The per-address minute ceiling of the sign-in routes is kept
 * in each process (docs/decisions.md): each server counts its own.
 */
describe('two servers, one PostgreSQL', () => {
  let cluster: PostgresCluster;
  const dataDirs: string[] = [];
  let first: ServerProcess;
  let second: ServerProcess;
  const ROUTE_CEILING = 40;

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    const start = async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'nechasim-two-servers-'));
      dataDirs.push(dataDir);
      return startServer({
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_PER_MINUTE: String(ROUTE_CEILING),
      });
    };
    first = await start();
    second = await start();
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await cluster?.remove();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  const json = async (response: Response) => ({
    status: response.status,
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own answer
    body: (await response.json()) as any,
  });
  const post = (server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const total = async (server: ServerProcess, headers: Record<string, string>) =>
    (await json(await fetch(`${server.base}/api/property/list?pageSize=5`, { headers }))).body.data
      .totalCount;

  it('agrees on list totals and pages: a write through one shows through the other at once', async () => {
    const headers = await registerBroker(first.base, '+972541239001');
    for (let i = 0; i < 7; i++) {
      expect(
        (await post(first, '/property/create', { status: 'draft', address: `הברזל ${i + 1}` }, headers))
          .status,
      ).toBe(201);
    }
    // Both servers have now read (and kept) this list.
    expect(await total(first, headers)).toBe(7);
    expect(await total(second, headers)).toBe(7);

    const created = await json(
      await post(second, '/property/create', { status: 'draft', address: 'המסגר 9' }, headers),
    );
    expect(created.status).toBe(201);
    expect(await total(first, headers)).toBe(8);
    const page = await json(await fetch(`${first.base}/api/property/list?pageSize=5`, { headers }));
    expect(page.body.data.items[0].id).toBe(created.body.data.id);

    const removed = await fetch(`${first.base}/api/property/delete/soft/${created.body.data.id}`, {
      method: 'DELETE',
      headers,
    });
    expect(removed.status).toBe(200);
    expect(await total(second, headers)).toBe(7);
  });

  it('agrees on code limits: a second code within the resend interval is refused by the other server', async () => {
    const phoneNumber = '+972541239002';
    const send = (server: ServerProcess) => post(server, '/login/Otp/send', { phoneNumber, process: 'auth' });

    expect((await send(first)).status).toBe(200);
    const again = await json(await send(second));

    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ success: false, code: 'otp_resend_too_soon' });
  });

  it('agrees on revocations: a logout through one server stops the access token on the other', async () => {
    const { jwtToken, refreshToken } = await registerBrokerTokens(second.base, '+972541239003');
    const summary = (server: ServerProcess) =>
      fetch(`${server.base}/api/property/summary`, { headers: { authorization: `Bearer ${jwtToken}` } });
    expect((await summary(first)).status).toBe(200);
    expect((await summary(second)).status).toBe(200);

    expect((await post(first, '/login/auth/logout', { refreshToken })).status).toBe(200);

    expect((await summary(second)).status).toBe(401);
    expect((await summary(first)).status).toBe(401);
    expect((await post(second, '/auth/refresh', { refreshToken })).status).toBe(401);
  });

  it('keeps the per-address minute ceiling of the sign-in routes per process, as documented', async () => {
    const refresh = (server: ServerProcess) =>
      post(server, '/auth/refresh', { refreshToken: 'x'.repeat(43) });
    // This file's earlier sign-in calls count too: call until the first server's ceiling is reached.
    let status = 0;
    for (let i = 0; i <= ROUTE_CEILING && status !== 429; i++) status = (await refresh(first)).status;
    expect(status).toBe(429);

    // The second server has its own count for the same address: it still answers the request.
    expect((await refresh(second)).status).toBe(401);
  });
});
