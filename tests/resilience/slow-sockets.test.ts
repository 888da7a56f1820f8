import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './support/server-process';

/**
 * A slow-body flood (slowloris on the anonymous lead form) against the real server process, held
 * to 1,024 open files as a default Linux account is: 1,000 sockets from four loopback addresses
 * each send a request head and then one body byte a second. Before the fix every socket stayed open
 * and /api/health failed for as long as they did. Now the per-address cap closes all but 100 per
 * address at once and the request timeout closes the rest; health, asked from another address
 * throughout, keeps answering.
 */

const SOCKETS = 1_000;
const ATTACKERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const MAX_PER_ADDRESS = 100;
const REQUEST_TIMEOUT_MS = 8_000;
/** Health is asked every 250 ms for this long: past the request timeout, so the whole flood is seen. */
const WATCH_MS = REQUEST_TIMEOUT_MS + 4_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SlowSocket {
  socket: Socket;
  openedAt: number;
  closedAt: number | null;
  closed: Promise<void>;
}

function openSlowSocket(port: number, localAddress: string): SlowSocket {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  const slow: SlowSocket = { socket, openedAt: Date.now(), closedAt: null, closed: Promise.resolve() };
  slow.closed = new Promise((resolve) =>
    socket.once('close', () => {
      slow.closedAt = Date.now();
      resolve();
    }),
  );
  socket.on('error', () => {});
  socket.on('data', () => {});
  socket.once('connect', () => {
    socket.write(
      'POST /api/login/leads/save HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 10000\r\n\r\n{',
    );
  });
  return slow;
}

describe('a thousand slow sockets', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer(
      {
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        MAX_CONNECTIONS_PER_ADDRESS: String(MAX_PER_ADDRESS),
      },
      { fileLimit: 1_024 },
    );
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('keeps /api/health answering while they are open, and closes every one of them', async () => {
    const port = Number(new URL(server.base).port);
    const sockets: SlowSocket[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      sockets.push(openSlowSocket(port, ATTACKERS[i % ATTACKERS.length] ?? '127.0.0.2'));
      if (i % 50 === 49) await sleep(10);
    }
    const started = Date.now();
    const drip = setInterval(() => {
      for (const slow of sockets) if (slow.closedAt === null && slow.socket.writable) slow.socket.write(' ');
    }, 1_000);

    const health: { status: number; ms: number }[] = [];
    let openAfterOneSecond = 0;
    try {
      while (Date.now() - started < WATCH_MS) {
        if (openAfterOneSecond === 0 && Date.now() - started >= 1_000) {
          openAfterOneSecond = sockets.filter((slow) => slow.closedAt === null).length;
        }
        const asked = Date.now();
        const status = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.status,
          () => 0,
        );
        health.push({ status, ms: Date.now() - asked });
        await sleep(250);
      }
    } finally {
      clearInterval(drip);
    }
    const stillOpen = sockets.filter((slow) => slow.closedAt === null).length;
    for (const slow of sockets) slow.socket.destroy();
    const slowest = Math.max(...health.map((entry) => entry.ms));
    console.info(
      `slow sockets: ${SOCKETS} opened, ${openAfterOneSecond} still open after 1 s, ${stillOpen} after ${WATCH_MS / 1000} s; ` +
        `health ${health.filter((entry) => entry.status === 200).length}/${health.length} × 200, slowest ${slowest} ms`,
    );

    expect(health.length).toBeGreaterThan(20);
    expect(health.every((entry) => entry.status === 200)).toBe(true);
    expect(openAfterOneSecond).toBeLessThanOrEqual(ATTACKERS.length * MAX_PER_ADDRESS);
    expect(stillOpen).toBe(0);
  });
});
