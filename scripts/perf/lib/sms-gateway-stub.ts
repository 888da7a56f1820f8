import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * A local SMS gateway for the benchmarks: it answers the production provider's POST
 * (server/sms/http-sms-provider.ts) as a gateway accepting a message does — the whole JSON body
 * read and parsed, the bearer token checked, 202 with a message id — so an OTP send is timed with
 * the HTTP round trip production makes instead of the dev outbox's table write. Keep-alive, like a
 * real gateway behind a load balancer; no TLS (over loopback a handshake per connection would
 * measure this stub's certificate, and undici keeps the connection open across sends).
 */
export interface SmsGatewayStub {
  url: string;
  token: string;
  /** Messages accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

export async function startSmsGatewayStub(token = 'bench'): Promise<SmsGatewayStub> {
  let accepted = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${token}`) {
        answer(401, { error: 'unauthorized' });
        return;
      }
      try {
        const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        if (typeof message.to !== 'string' || typeof message.text !== 'string') throw new Error('fields');
      } catch {
        answer(400, { error: 'bad request' });
        return;
      }
      accepted += 1;
      answer(202, { id: randomUUID(), status: 'accepted' });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/send`,
    token,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
