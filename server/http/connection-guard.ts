import type { FastifyInstance } from 'fastify';
import { FALLBACK_SECURITY_HEADERS } from '../plugins/security-headers';
import { errorMessage, languageOf } from './error-messages';

export interface ConnectionLimits {
  /** Open connections one remote address may hold; 0 is no cap. */
  maxConnectionsPerAddress: number;
  /** Longest a request other than a multipart upload may take to arrive. */
  requestTimeoutMs: number;
}

/**
 * Slow clients cannot hold the server: a body that trickles in is cut off when its time is up, and
 * one address cannot open more than its share of connections (each one holds a file descriptor;
 * at 1,024 of them the server could not even answer /api/health). Uploads keep the longer,
 * server-wide request timeout that buildApp gives Node.
 */
export function guardConnections(app: FastifyInstance, limits: ConnectionLimits): void {
  const bodyDeadlines = new WeakMap<object, NodeJS.Timeout>();
  if (limits.maxConnectionsPerAddress > 0) capConnectionsPerAddress(app, limits.maxConnectionsPerAddress);

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // `complete` is the parser's word on a socket; an injected request only says `readableEnded`.
    const arrived = () => raw.complete || raw.readableEnded;
    if (!announcesBody(request.headers) || arrived() || isMultipart(request.headers['content-type'])) {
      return done();
    }
    // The deadline is on the body's arrival, whatever was answered meanwhile: a 401 or 429 sent
    // before the body is in leaves the connection reading it.
    const timer = setTimeout(() => {
      if (arrived() || !raw.socket || raw.socket.destroyed) return;
      request.log.info({ timeoutMs: limits.requestTimeoutMs }, 'request body arrived too slowly; closing');
      if (reply.raw.headersSent) {
        closeSocket(raw.socket);
        return;
      }
      const body = JSON.stringify({
        success: false,
        Message: errorMessage('request_timeout', languageOf(request.headers['accept-language'])),
        code: 'request_timeout',
      });
      reply.raw.writeHead(408, {
        ...FALLBACK_SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      });
      reply.raw.end(body, () => closeSocket(raw.socket));
    }, limits.requestTimeoutMs);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    reply.raw.once('close', () => {
      if (arrived()) clearTimeout(timer);
    });
    done();
  });

  // Once answered, a request needs no deadline of its own: the answer went out with `connection:
  // close` if its body was still arriving (below), and Node then ends the connection. Without this, a
  // request whose body was never read (a GET, or one answered by inject in tests) kept its timer.
  app.addHook('onResponse', (request, _reply, done) => {
    clearTimeout(bodyDeadlines.get(request));
    bodyDeadlines.delete(request);
    done();
  });

  // An answer given before the body is in (401, 429, 413) ends the connection with it, so the rest
  // of the body is never waited for.
  app.addHook('onSend', async (request, reply, payload) => {
    const unread = !request.raw.complete && !request.raw.readableEnded;
    if (announcesBody(request.headers) && unread) reply.header('connection', 'close');
    return payload;
  });
}

/** A request without a body has nothing left to arrive once its headers are in. */
function announcesBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/** Injected requests (tests) have a stand-in socket without destroy(). */
function closeSocket(socket: { destroy?: unknown } | null | undefined): void {
  if (typeof socket?.destroy === 'function') socket.destroy();
}

function isMultipart(contentType: string | undefined): boolean {
  return contentType?.trim().toLowerCase().startsWith('multipart/') ?? false;
}

/** Connections past the cap are closed as they open, before a byte of them is read. */
function capConnectionsPerAddress(app: FastifyInstance, max: number): void {
  const open = new Map<string, number>();
  let refusedSinceLog = 0;
  app.server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      // One line per burst, not one per refused socket: a flood must not flood the logs too.
      if (refusedSinceLog++ === 0) {
        setTimeout(() => {
          app.log.warn({ refused: refusedSinceLog, max }, 'connections over the per-address cap closed');
          refusedSinceLog = 0;
        }, 1_000).unref();
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
