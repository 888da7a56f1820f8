import { inject } from 'vitest';

/** This worker's server (global-setup.ts starts one per worker; vitest numbers them from 1 in VITEST_POOL_ID). */
export function journeyServerUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('journeyServerUrl(): the global setup started no server');
  return url;
}
