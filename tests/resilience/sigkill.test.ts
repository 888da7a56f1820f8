import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileParts, multipart, SAMPLE_FILES } from '../server/helpers/properties';
import { listAll, registerBroker, type ServerProcess, startServer } from './support/server-process';

/**
 * The server killed with SIGKILL in the middle of a stream of creates, then started again on the
 * same DATA_DIR (PGlite): every create that was answered 2xx is there, and nothing is half-made:
 * each property the database has is one that was sent, whole, with all of its files readable.
 */

const WORKERS = 6;
/** Creates answered before the kill; the kill lands while the next ones are in flight. */
const ACKED_BEFORE_KILL = 60;

interface Sent {
  address: string;
  withFile: boolean;
}

describe('SIGKILL in the middle of a stream of creates', () => {
  let dataDir: string;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of servers) await server.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged create and no half-made one after a restart on the same DATA_DIR', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nechasim-sigkill-'));
    const first = await startServer({ DATA_DIR: dataDir });
    servers.push(first);
    const headers = await registerBroker(first.base, '+972541230001');

    const sent = new Map<string, Sent>();
    const acked = new Map<string, string>();
    let failedInFlight = 0;
    let sequence = 0;
    let killed = false;
    const create = async (): Promise<void> => {
      sequence += 1;
      const address = `רחוב היציבות ${sequence}`;
      const withFile = sequence % 3 === 0;
      sent.set(address, { address, withFile });
      const property = { status: 'draft', wizardStep: 2, propertyKind: 'retail', city: 'חיפה', address };
      const init: RequestInit = withFile
        ? (() => {
            const body = multipart([
              { name: 'property', value: JSON.stringify(property) },
              ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: `${sequence}.png` }),
            ]);
            return {
              method: 'POST',
              headers: { ...headers, ...body.headers },
              body: new Uint8Array(body.payload),
            };
          })()
        : {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(property),
          };
      const url = `${first.base}/api/property/${withFile ? 'create-with-files' : 'create'}`;
      try {
        const response = await fetch(url, init);
        const json = (await response.json()) as { data: { id: string } };
        if (response.status === 201) acked.set(json.data.id, address);
        else throw new Error(`create → ${response.status} ${JSON.stringify(json)}`);
      } catch (error) {
        if (!killed) throw error;
        failedInFlight += 1;
      }
    };
    const worker = async () => {
      while (!killed) await create();
    };

    const workers = Array.from({ length: WORKERS }, worker);
    while (acked.size < ACKED_BEFORE_KILL) await new Promise((resolve) => setTimeout(resolve, 5));
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(workers);
    const exit = await first.exited;
    expect(exit.signal).toBe('SIGKILL');

    const second = await startServer({ DATA_DIR: dataDir });
    servers.push(second);
    const health = await fetch(`${second.base}/api/health`);
    const listed = await listAll(second.base, headers);

    expect(health.status).toBe(200);
    const listedIds = new Set(listed.map((item) => item.id));
    for (const [id, address] of acked) {
      expect(listedIds.has(id), `acknowledged ${address} (${id}) is missing`).toBe(true);
    }
    // Nothing half-made: each stored property is one that was sent, whole, and its files are readable.
    for (const item of listed) {
      const request = sent.get(item.address ?? '');
      expect(request, `unknown property ${item.id} ${item.address}`).toBeDefined();
      const response = await fetch(`${second.base}/api/property/${item.id}`, { headers });
      expect(response.status).toBe(200);
      const property = ((await response.json()) as { data: PropertyView }).data;
      expect(property).toMatchObject({
        status: 'draft',
        city: 'חיפה',
        propertyKind: 'retail',
        address: item.address,
      });
      expect(property.files.propertyImages).toHaveLength(request?.withFile ? 1 : 0);
      for (const file of property.files.propertyImages) {
        const bytes = await fetch(`${second.base}${file.url}`);
        expect(bytes.status).toBe(200);
        expect(Buffer.from(await bytes.arrayBuffer())).toEqual(SAMPLE_FILES.png);
      }
    }
    console.info(
      `sigkill: ${sent.size} creates sent, ${acked.size} acknowledged before the kill, ${failedInFlight} cut off, ${listed.length} stored after restart`,
    );
  });
});

interface PropertyView {
  status: string;
  files: { propertyImages: { url: string }[] };
}
