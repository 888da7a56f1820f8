import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileParts, multipart, SAMPLE_FILES } from '../server/helpers/properties';
import { listAll, registerBroker, type ServerProcess, startServer } from './support/server-process';

/**
 * SIGTERM drains: requests already in flight (a slow upload still arriving, a burst of creates)
 * finish with their 2xx, new connections are refused, and the process exits 0; after a restart
 * everything that was answered is there.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A multipart POST whose body is sent in two halves with a pause between: in flight for a while. */
function slowUpload(
  base: string,
  headers: Record<string, string>,
  address: string,
  pauseMs: number,
  onHalf: () => void,
) {
  const body = multipart([
    {
      name: 'property',
      value: JSON.stringify({ status: 'draft', propertyKind: 'retail', city: 'חיפה', address }),
    },
    ...fileParts('PropertyImages', 0, Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(512 * 1024)]), {
      filename: 'slow.png',
    }),
  ]);
  const half = Math.floor(body.payload.length / 2);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(`${base}/api/property/create-with-files`);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...headers, ...body.headers, 'content-length': String(body.payload.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.write(body.payload.subarray(0, half), () => {
      onHalf();
      setTimeout(() => req.end(body.payload.subarray(half)), pauseMs);
    });
  });
}

describe('SIGTERM', () => {
  let dataDir: string;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of servers) await server.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('lets in-flight requests finish, refuses new connections, exits 0, and loses nothing', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nechasim-sigterm-'));
    const server = await startServer({ DATA_DIR: dataDir });
    servers.push(server);
    const headers = await registerBroker(server.base, '+972541230002');

    let halfSent!: () => void;
    const uploadStarted = new Promise<void>((resolve) => {
      halfSent = resolve;
    });
    const upload = slowUpload(server.base, headers, 'רחוב הסיום 1', 2500, halfSent);
    await uploadStarted;
    await sleep(300);
    const burst = Array.from({ length: 10 }, (_, i) =>
      fetch(`${server.base}/api/property/create`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'draft', address: `רחוב הסיום ${i + 2}` }),
      }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        (error: Error & { cause?: { code?: string } }) => ({
          status: 0,
          body: error.cause?.code ?? error.message,
        }),
      ),
    );
    await sleep(50);
    server.child.kill('SIGTERM');
    // The server serves on for a second after the signal (SHUTDOWN_DELAY_MS), then stops listening.
    await sleep(1500);
    const afterSignal = await fetch(`${server.base}/api/health`).then(
      (response) => `answered ${response.status}`,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );

    const uploaded = await upload.catch((error: Error) => ({ status: 0, body: error.message }));
    const created = await Promise.all(burst);
    const exit = await server.exited;

    expect(uploaded.status, uploaded.body).toBe(201);
    for (const response of created) expect(response.status, response.body).toBe(201);
    expect(afterSignal).toBe('ECONNREFUSED');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output.join('\n')).toContain('shutting down');

    const restarted = await startServer({ DATA_DIR: dataDir });
    servers.push(restarted);
    const listed = await listAll(restarted.base, headers);
    const answered = created.filter((response) => response.status === 201).length;
    expect(listed.map((item) => item.address)).toContain('רחוב הסיום 1');
    expect(answered).toBe(10);
    expect(listed).toHaveLength(11);
    console.info(`sigterm: slow upload 201; burst ${created.map((response) => response.status).join(',')}`);
  });
});
