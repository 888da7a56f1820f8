/**
 * Whether an error means "the database cannot be reached right now" (stopped, restarting, network
 * gone) rather than "this query is wrong". Such failures answer 503 with Retry-After, so clients
 * retry instead of reporting a bug; the pool reconnects by itself once the server is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is going away or not accepting work: shutdown, crash recovery, full. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a dropped or unobtainable connection by message only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection closed',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; look a few levels down.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((message) => (current as Error).message.startsWith(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
