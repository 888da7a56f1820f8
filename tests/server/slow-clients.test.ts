import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { signedInUser } from './helpers/sign-in';

/**
 * Slow clients over real sockets: a body trickled in is cut off at the request timeout, an upload
 * gets its own longer one, and one address cannot hold more than its share of connections.
 */

const REQUEST_TIMEOUT_MS = 800;
const UPLOAD_TIMEOUT_MS = 3_000;
const MAX_PER_ADDRESS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Trickle {
  socket: Socket;
  /** Everything the server wrote back. */
  received: () => string;
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfter: Promise<number>;
  stop(): void;
}

/** Sends the head at once, then the body one byte every 100 ms until stopped or closed. */
function trickle(port: number, head: string, body: string, localAddress = '127.0.0.1'): Trickle {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  const started = Date.now();
  const closedAfter = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - started)),
  );
  let sent = 0;
  socket.write(head);
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= body.length) return clearInterval(timer);
    socket.write(body[sent++] ?? '');
  }, 100);
  return {
    socket,
    received: () => text,
    closedAfter,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([promise, sleep(ms).then(() => 'still open' as const)]);
}

describe('slow clients', () => {
  let ctx: TestApp;
  let port: number;
  let auth: Record<string, string>;

  beforeAll(async () => {
    ctx = await buildTestApp({
      config: {
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        uploadTimeoutMs: UPLOAD_TIMEOUT_MS,
        maxConnectionsPerAddress: MAX_PER_ADDRESS,
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    auth = (await signedInUser(ctx)).headers;
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('answers a JSON body that trickles in with 408 and closes it at the request timeout', async () => {
    const body = JSON.stringify({ firstName: 'דנה', lastName: 'כהן', phoneNumber: '+972501234567' });
    const head =
      'POST /api/login/leads/save HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Accept-Language: en\r\nContent-Length: ${Buffer.byteLength(body) + 400}\r\n\r\n`;
    const slow = trickle(port, head, body.padEnd(body.length + 400, ' '));

    const closed = await within(slow.closedAfter, REQUEST_TIMEOUT_MS + 2_500);
    slow.stop();

    expect(closed).not.toBe('still open');
    expect(closed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.received()).toContain('"code":"request_timeout"');
  });

  it('gives an upload its own, longer time, and closes it when that is up too', async () => {
    const boundary = 'slowboundary';
    const part =
      `--${boundary}\r\nContent-Disposition: form-data; name="property"\r\n\r\n` +
      `${JSON.stringify({ status: 'draft', propertyKind: 'office', city: 'חיפה' })}\r\n--${boundary}--\r\n`;
    const head =
      `POST /api/property/create-with-files HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth.authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(part) + 200}\r\n\r\n`;
    const slow = trickle(port, head, part.padEnd(part.length + 200, ' '));

    const atRequestTimeout = await within(slow.closedAfter, REQUEST_TIMEOUT_MS + 700);
    const atUploadTimeout = await within(slow.closedAfter, UPLOAD_TIMEOUT_MS + 2_500);
    slow.stop();

    expect(atRequestTimeout).toBe('still open');
    expect(atUploadTimeout).not.toBe('still open');
  });

  it('closes connections past the per-address cap at once; other addresses and health are unaffected', async () => {
    const sockets = Array.from({ length: MAX_PER_ADDRESS + 3 }, () =>
      // Headers that never end: nothing is answered, the connection is simply held.
      trickle(port, 'GET /api/health HTTP/1.1\r\nX-Slow: ', 'x'.repeat(900), '127.0.0.2'),
    );
    const states = await Promise.all(sockets.map((socket) => within(socket.closedAfter, 400)));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    for (const socket of sockets) socket.stop();
    await Promise.all(sockets.map((socket) => socket.closedAfter));
    // The server sees the closes a moment after the client does.
    await sleep(300);
    const again = trickle(
      port,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      '',
      '127.0.0.2',
    );
    await within(again.closedAfter, 2_000);

    expect(states.filter((state) => state === 'still open')).toHaveLength(MAX_PER_ADDRESS);
    expect(health.status).toBe(200);
    // The cap counts open connections: once they close, the address is served again.
    expect(again.received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});
