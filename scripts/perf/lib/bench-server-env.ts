import { randomBytes } from 'node:crypto';

/**
 * The environment the benchmarks start the real server with (scripts/perf/bench-server.ts): production
 * settings over a seeded data directory, with the limits that would stop a load test lifted.
 */
export function benchServerEnv(
  dataDir: string,
  listPageCache: 'on' | 'off',
  /** The gateway stub's address (lib/sms-gateway-stub.ts); without it every code goes to the dev outbox. */
  smsGatewayUrl?: string,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    // Production refuses the dev provider and plain HTTP; bench-server points the provider at the
    // stub (or swaps the dev outbox in), so nothing is ever sent to this address.
    SMS_PROVIDER: 'http',
    SMS_GATEWAY_URL: 'https://sms.invalid/send',
    ...(smsGatewayUrl ? { BENCH_SMS_GATEWAY_URL: smsGatewayUrl } : {}),
    SMS_GATEWAY_TOKEN: 'bench',
    SMS_SENDER: 'Nechasim',
    SMS_DAILY_LIMIT: '1000000000',
    // Every OTP request names its own client address (X-Forwarded-For), as a crowd would; the
    // benchmark's connections come from loopback, which stands in for the proxy.
    TRUST_PROXY: 'loopback',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000000',
    // The app's own switch (server/config.ts): off measures every list page read from the database.
    LIST_PAGE_CACHE: listPageCache,
  };
}
