/**
 * The synchronous calls a page's main thread makes to the browser's other processes during a load on a
 * phone (Lighthouse's 4× CPU slowdown): each one holds the task it is in until the other side answers,
 * so its wall time counts toward Lighthouse's blocking time even when the page's thread sits idle.
 * Lighthouse's own trace leaves Mojo's category out; this one records it.
 *
 *   npx tsx scripts/perf/main-thread-sync-calls.ts --client-dir dir [--path /properties] [--loads 3]
 *                                                  [--count 1000] [--signed-out] [--trace-out prefix]
 *   npx tsx scripts/perf/main-thread-sync-calls.ts --trace-in file [--trace-in file…]
 *
 * For each load: every call by interface and method (`RestrictedCookieManager::GetCookiesString` is a
 * read of document.cookie, `StorageArea::GetAll` the first read of localStorage or sessionStorage,
 * `FontDataService::MatchFamilyName` a font family looked up on Linux), its wall and thread time, and
 * what it ran inside (a style recalculation, a layout, a module's evaluation, a script's function).
 */
import { parseArgs } from 'node:util';
import {
  pageMainThread,
  phoneTraceOptions,
  printPhoneTraces,
  TIMELINE_CATEGORIES,
} from './lib/phone-load-traces';
import type { TraceEventTimes } from './lib/signed-in-phone';

interface TraceEvent extends TraceEventTimes {
  cat?: string;
  args?: {
    name?: string;
    data?: {
      documentLoaderURL?: string;
      url?: string;
      functionName?: string;
      lineNumber?: number;
      columnNumber?: number;
    };
  };
}

/** The events a call can sit in, innermost last: what the page was doing when it called. */
const CALLERS = new Set([
  'FunctionCall',
  'v8.evaluateModule',
  'EvaluateScript',
  'RunMicrotasks',
  'TimerFire',
  'UpdateLayoutTree',
  'Layout',
  'ParseHTML',
  'Paint',
]);

const { values } = parseArgs({ options: phoneTraceOptions('3') });
await printPhoneTraces<TraceEvent>(
  values,
  // Mojo's category names each call by its interface and method (FontDataService::MatchFamilyName).
  { categories: [...TIMELINE_CATEGORIES, 'mojom'], afterLoadMs: 3000 },
  describeSyncCalls,
);

function describeSyncCalls(events: TraceEvent[]): string {
  const page = pageMainThread(events);
  if (typeof page === 'string') return page;
  const { navigation, main } = page;
  const complete = main.filter((event) => event.ph === 'X');
  const calls = complete.filter((event) => event.cat === 'mojom' && event.name.includes('::'));
  const ms = (us: number | undefined) => Math.round((us ?? 0) / 100) / 10;
  const lines = ['| at ms | call | wall ms | thread ms | inside |', '|---|---|---|---|---|'];
  const totals = new Map<string, { calls: number; wall: number; thread: number }>();
  for (const call of calls) {
    const end = call.ts + (call.dur ?? 0);
    const inside = complete
      .filter(
        (event) =>
          event !== call &&
          CALLERS.has(event.name) &&
          event.ts <= call.ts &&
          event.ts + (event.dur ?? 0) >= end,
      )
      .map((event) => {
        const file = event.args?.data?.url?.split('/').pop();
        return file
          ? `${event.name} ${file}:${event.args?.data?.lineNumber}:${event.args?.data?.columnNumber}`
          : event.name;
      });
    lines.push(
      `| ${ms(call.ts - navigation.ts)} | ${call.name} | ${ms(call.dur)} | ${ms(call.tdur)} | ${inside.join(' › ')} |`,
    );
    const total = totals.get(call.name) ?? { calls: 0, wall: 0, thread: 0 };
    total.calls += 1;
    total.wall += call.dur ?? 0;
    total.thread += call.tdur ?? 0;
    totals.set(call.name, total);
  }
  lines.push('');
  for (const [name, total] of totals)
    lines.push(
      `${name}: ${total.calls} calls, ${ms(total.wall)} ms wall, ${ms(total.thread)} ms thread time`,
    );
  return `${lines.join('\n')}\n`;
}
