/**
 * The share page's server figure: `/p/{token}` of an office with ten photos, served by the real app
 * (production settings, PGlite in a fresh DATA_DIR) on loopback, 50 connections for 10 s with
 * autocannon, as a phone asks for it (brotli, a phone's User-Agent: every request also counts an
 * open). The per-address limits are raised: fifty connections from one address would measure 429s.
 *
 *   npx tsx scripts/perf/bench-share-page.ts
 */
import autocannon from 'autocannon';
import { startSharePageFixture } from './lib/share-page-fixture';

async function main(): Promise<void> {
  const { base, url, phoneHeaders: headers, close } = await startSharePageFixture();
  try {
    const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
    const run = async (name: string, target: string, requestHeaders: Record<string, string>) => {
      const result = await autocannon({ url: target, connections, duration: 10, headers: requestHeaders });
      const { latency, requests } = result;
      console.log(
        `${name}: ${connections} connections, 10 s: ${Math.round(requests.average)} req/s; latency p50 ${latency.p50} ms, ` +
          `p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms; ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
      );
    };
    // The ceiling of this server on this machine right now: a route that only asks the database "select 1".
    await run('GET /api/health', `${base}/api/health`, headers);
    await run('GET /p/{token}', url, headers);
    await run('GET /p/{token} as a preview robot (no open counted)', url, {
      ...headers,
      'user-agent': 'WhatsApp/2.23.20.0 A',
    });
  } finally {
    await close();
  }
}

await main();
