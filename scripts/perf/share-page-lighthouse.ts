/**
 * Lighthouse on the share page, against issue 22's targets (mobile performance ≥ 0.98, accessibility
 * 1.00, LCP ≤ 1.5 s): the property of bench-share-page.ts (an office with ten photos that compress
 * like photographs, production settings, PGlite) opened by Debian's Chromium, mobile and desktop,
 * interleaved, median of the runs.
 *
 *   npx tsx scripts/perf/share-page-lighthouse.ts [--runs 3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig } from 'lighthouse';
import { type FormFactor, withChromium } from './bench-web';
import { likeAPhotograph, startSharePageFixture } from './lib/share-page-fixture';
import { median } from './lib/stats';

interface ShareRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Every byte the page brought, as Lighthouse counts them (encoded). */
  totalKiB: number;
  /** This machine's speed at the time: a busy machine scores lower. */
  benchmarkIndex: number;
}

async function lighthouseRun(url: string, port: number, formFactor: FormFactor): Promise<ShareRun> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(audit('total-blocking-time')),
    totalKiB: Math.round(audit('total-byte-weight') / 102.4) / 10,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** Lighthouse now and then loses the trace of a page this small (NO_NAVSTART): that run is taken again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`[share-page lighthouse] again after: ${String(error).slice(0, 160)}\n`);
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  const fixture = await startSharePageFixture({ decoratePhoto: likeAPhotograph });
  const work = await mkdtemp(join(tmpdir(), 'nechasim-share-lighthouse-'));
  const measured: Record<FormFactor, ShareRun[]> = { mobile: [], desktop: [] };
  try {
    // A first open makes the photo variants the page asks for (made once, then kept), unreported.
    await fetch(fixture.url, { headers: fixture.phoneHeaders });
    for (let run = 0; run < runs; run++) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const result = await withRetries(() =>
          withChromium(work, (port) => lighthouseRun(fixture.url, port, formFactor)),
        );
        measured[formFactor].push(result);
        process.stderr.write(
          `[share-page lighthouse] ${formFactor} #${run + 1}: ${JSON.stringify(result)}\n`,
        );
      }
    }
  } finally {
    await fixture.close();
    await rm(work, { recursive: true, force: true });
  }
  const lines = [
    `| form factor | performance | accessibility | LCP ms | CLS | TBT ms | KiB | benchmark index |`,
    `|---|---|---|---|---|---|---|---|`,
  ];
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const of = (pick: (run: ShareRun) => number) => median(measured[formFactor].map(pick));
    lines.push(
      `| ${formFactor} (median of ${runs}) | ${of((run) => run.performance)} | ${of((run) => run.accessibility)} | ${of((run) => run.lcpMs)} | ${of((run) => run.cls)} | ${of((run) => run.tbtMs)} | ${of((run) => run.totalKiB)} | ${of((run) => run.benchmarkIndex)} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
