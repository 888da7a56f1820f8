/**
 * The export's memory in a fresh process (issue 21): `--seed` fills a PGlite directory with
 * `--count` properties (the bench portfolio) and exits; without it, a new process opens that
 * directory, streams one export into a sink that reads as fast as it can, and prints the time and
 * the resident memory before → peak (VmHWM, reset before the export), so the growth is the export's
 * own and not the seeding's garbage.
 *
 *   tsx scripts/perf/export-memory.ts --seed --dir DIR --count 20000
 *   node --expose-gc --import tsx scripts/perf/export-memory.ts --dir DIR --format xlsx
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../server/db/database';
import { exportProperties } from '../../server/properties/property-export';
import { seedProperties } from '../seed';
import { BENCH_PHONE, BENCH_RANDOM_SEED } from './lib/bench-database';
import { resetPeakMemory } from './lib/peak-memory';

const { values } = parseArgs({
  options: {
    seed: { type: 'boolean', default: false },
    dir: { type: 'string' },
    format: { type: 'string', default: 'xlsx' },
    count: { type: 'string', default: '100000' },
  },
});
if (!values.dir) throw new Error('--dir is required');
const database = await openDatabase({ kind: 'pglite', dataDir: join(values.dir, 'pglite') });
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
const peakRss = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
try {
  if (values.seed) {
    await seedProperties(database, {
      count: Number(values.count),
      phone: BENCH_PHONE,
      randomSeed: BENCH_RANDOM_SEED,
    });
  } else {
    const format = values.format === 'csv' ? 'csv' : 'xlsx';
    const [owner] = await queryRows<{ owner_id: string; rows: number }>(
      database.db,
      sql`select owner_id, count(*)::int as rows from properties group by owner_id order by 2 desc limit 1`,
    );
    if (!owner) throw new Error('seed the directory first (--seed)');
    globalThis.gc?.();
    const before = process.memoryUsage();
    const peakReset = resetPeakMemory(process.pid);
    const most = { ...before };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      for (const key of Object.keys(most) as (keyof NodeJS.MemoryUsage)[])
        most[key] = Math.max(most[key], now[key]);
    }, 10);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let bytes = 0;
    const { stream } = exportProperties(database.db, { ownerId: owner.owner_id }, format, 'he');
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.byteLength;
          done();
        },
      }),
    );
    clearInterval(sampler);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(2);
    const after = process.memoryUsage();
    console.log(
      `${format} ${owner.rows} rows: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds} s (CPU ${cpuSeconds} s); RSS ${mib(before.rss)} → peak ${mib(peakRss())} (+${mib(peakRss() - before.rss)})${peakReset ? '' : ' (peak of the whole process)'}; most: heap used ${mib(before.heapUsed)} → ${mib(most.heapUsed)}, heap total ${mib(before.heapTotal)} → ${mib(most.heapTotal)}, external ${mib(before.external)} → ${mib(most.external)} (array buffers ${mib(before.arrayBuffers)} → ${mib(most.arrayBuffers)}); after: heap ${mib(after.heapUsed)}, external ${mib(after.external)}`,
    );
  }
} finally {
  await database.close();
}
