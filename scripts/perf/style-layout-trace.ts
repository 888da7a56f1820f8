/**
 * What a page's style and layout do on a phone, event by event: Chromium's trace of one load at
 * Lighthouse's mobile CPU slowdown, its main thread's style recalculations (elements styled), layouts
 * (objects laid out of the tree's), stylesheet parses, paints and script evaluations in time order, each
 * with its CPU time and the task it ran in, and what invalidated the style or layout before it.
 *
 *   npx tsx scripts/perf/style-layout-trace.ts --client-dir dir [--path /properties] [--signed-out]
 *                                              [--loads 2] [--count 1000] [--until-ms 6000]
 *                                              [--trace-out prefix] [--category name…]
 *   npx tsx scripts/perf/style-layout-trace.ts --trace-in file [--trace-in file…]
 *
 * Figures are CPU time at the slowdown on whatever machine runs it: compare within one run.
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
  args?: {
    elementCount?: number;
    name?: string;
    beginData?: { dirtyObjects?: number; totalObjects?: number; stackTrace?: StackFrame[] };
    data?: {
      styleSheetUrl?: string;
      url?: string;
      documentLoaderURL?: string;
      reason?: string;
      nodeName?: string;
      invalidationList?: { classes?: string[]; attribute?: string; pseudoClass?: string }[];
      stackTrace?: StackFrame[];
    };
  };
}

interface StackFrame {
  functionName?: string;
  url?: string;
}

/** The main thread's events this report names, and what each adds to its line. */
const RENDER_EVENTS: Record<string, (event: TraceEvent) => string> = {
  ParseHTML: () => '',
  ParseAuthorStyleSheet: (event) => fileOf(event.args?.data?.styleSheetUrl),
  UpdateLayoutTree: (event) => `${event.args?.elementCount ?? '?'} elements`,
  Layout: (event) =>
    `${event.args?.beginData?.dirtyObjects ?? '?'} of ${event.args?.beginData?.totalObjects ?? '?'} objects`,
  PrePaint: () => '',
  Paint: () => '',
  'v8.evaluateModule': () => '',
  TimerFire: () => '',
  RunMicrotasks: () => '',
  FunctionCall: () => '',
};

/** Invalidation tracking's events: why a restyle or a layout was scheduled. */
const INVALIDATIONS = new Set([
  'StyleRecalcInvalidationTracking',
  'StyleInvalidatorInvalidationTracking',
  'LayoutInvalidationTracking',
  'ScheduleStyleInvalidationTracking',
]);

const { values } = parseArgs({
  options: {
    ...phoneTraceOptions('2'),
    'until-ms': { type: 'string', default: '6000' },
    'from-ms': { type: 'string', default: '1' },
    category: { type: 'string', multiple: true, default: [] },
  },
});
const untilMs = Number(values['until-ms']);
const fromMs = Number(values['from-ms']);

await printPhoneTraces<TraceEvent>(
  values,
  {
    categories: [
      ...TIMELINE_CATEGORIES,
      'disabled-by-default-devtools.timeline.invalidationTracking',
      ...(values.category ?? []),
    ],
    afterLoadMs: untilMs,
  },
  (events) => describe(events),
);

function describe(events: TraceEvent[]): string {
  const page = pageMainThread(events);
  if (typeof page === 'string') return page;
  const { navigation } = page;
  const main = page.main.filter((event) => event.ts - navigation.ts <= untilMs * 1000);
  const tasks = main.filter((event) => event.name === 'RunTask' && event.ph === 'X');
  const taskOf = (event: TraceEvent) =>
    tasks.find((task) => task.ts <= event.ts && event.ts < task.ts + (task.dur ?? 0));
  const lines: string[] = [];
  let pending = new Map<string, number>();
  for (const event of main) {
    if (INVALIDATIONS.has(event.name)) {
      const key = invalidationOf(event);
      pending.set(key, (pending.get(key) ?? 0) + 1);
      continue;
    }
    const detail = RENDER_EVENTS[event.name];
    if (!detail || event.ph !== 'X' || (event.tdur ?? 0) / 1000 < fromMs) continue;
    const task = taskOf(event);
    const why =
      (event.name === 'UpdateLayoutTree' || event.name === 'Layout') && pending.size
        ? `  ← ${[...pending]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 4)
            .map(([key, count]) => `${key} ×${count}`)
            .join('; ')}`
        : '';
    if (event.name === 'UpdateLayoutTree' || event.name === 'Layout') pending = new Map();
    lines.push(
      `${ms(event.ts - navigation.ts).padStart(6)} ms  ${ms(event.tdur ?? 0).padStart(6)} CPU  ` +
        `${event.name} ${detail(event)}` +
        `${task ? `  [task at ${ms(task.ts - navigation.ts)}, ${ms(task.tdur ?? 0)} CPU]` : ''}${why}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function invalidationOf(event: TraceEvent): string {
  const data = event.args?.data;
  const list = data?.invalidationList?.[0];
  const what = list?.attribute ?? list?.pseudoClass ?? list?.classes?.join('.') ?? '';
  return [event.name.replace('InvalidationTracking', ''), data?.reason, data?.nodeName, what]
    .filter(Boolean)
    .join(' ');
}

function fileOf(url: string | undefined): string {
  return url?.split('/').pop()?.split('?')[0] ?? '';
}

function ms(microseconds: number): string {
  return (microseconds / 1000).toFixed(1);
}
