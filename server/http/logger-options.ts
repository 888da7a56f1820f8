import type { FastifyServerOptions } from 'fastify';
import { type DestinationStream, destination } from 'pino';
import type { LogLevel } from '../config';

/** Body fields that carry codes or tokens; redacted wherever a body-like object gets logged. */
const SECRET_FIELDS = ['otpCode', 'code', 'refreshToken', 'jwtToken', 'accessToken'];
const BODY_CONTAINERS = ['body', 'req.body', 'request.body', 'payload', 'data', 'res.body', 'response.data'];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  // Plugins log request headers under their own keys too (@fastify/multipart's `busboyOptions` at trace).
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'res.headers["set-cookie"]',
  ...BODY_CONTAINERS.flatMap((container) => SECRET_FIELDS.map((field) => `${container}.${field}`)),
  // Top-level only for names that cannot be our own error `code`.
  ...SECRET_FIELDS.filter((field) => field !== 'code'),
];

/** Headers worth a log line; credentials stay on the list so their presence shows, redacted. */
const LOGGED_HEADERS = [
  'host',
  'user-agent',
  'referer',
  'origin',
  'content-type',
  'content-length',
  'accept-language',
  'x-forwarded-for',
  'authorization',
  'cookie',
];

/**
 * Addresses are logged without their query and fragment: pages carry phone numbers and lead ids
 * there (`/login?phone=%2B9725…`), and so do the Referer headers of the requests those pages make.
 */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Standard output, written asynchronously: pino's default writes every line with its own blocking
 * write(2) on the event loop, two per request; here the lines that come while a write is under way
 * go out together in the next one, and whatever is pending is written before the process exits.
 */
function standardOutput(): DestinationStream {
  return destination({ dest: 1, sync: false });
}

/** JSON logs (pino) with secrets redacted. Requests are logged with a few headers, never with bodies. */
export function loggerOptions(
  level: LogLevel,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    stream: stream ?? standardOutput(),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) {
        const headers = Object.fromEntries(
          LOGGED_HEADERS.filter((name) => request.headers[name] !== undefined).map((name) => [
            name,
            name === 'referer' ? withoutQuery(String(request.headers[name])) : request.headers[name],
          ]),
        );
        return { method: request.method, url: withoutQuery(request.url), ip: request.ip, headers };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
