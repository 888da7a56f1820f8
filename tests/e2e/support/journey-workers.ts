/**
 * How many journey files run at once (tests/e2e/vitest.e2e.config.ts), and so how many servers the
 * global setup starts: each worker drives a server of its own, so one file's settable clock, SMS
 * outbox and rate limits never meet those of the file running beside it.
 */
export const JOURNEY_WORKERS = 2;
