/**
 * What a page's large style recalculations and layouts spend their CPU on, on a phone: Chromium's trace
 * of a load at Lighthouse's mobile CPU slowdown with Blink's own categories (`blink`, `blink_style`,
 * `fonts`), each large `UpdateLayoutTree` and `Layout` split by the self CPU time of the events nested in
 * it, summed into parts: text shaping, font matching (the font service's lookups and render styles),
 * rule sets built from the stylesheets, the style recalculation itself (selector matching and computed
 * styles), the layout tree's rebuild, and box layout (what `performLayout` does outside shaping and fonts).
 *
 *   npx tsx scripts/perf/first-frame-breakdown.ts --client-dir dir [--path /properties] [--signed-out]
 *                                                 [--loads 3] [--count 1000] [--min-items 100]
 *                                                 [--trace-out prefix] [--events]
 *   npx tsx scripts/perf/first-frame-breakdown.ts --trace-in file [--trace-in file…] [--events]
 *
 * `--events` lists every nested event's self CPU as well. Blink's categories add a little overhead of their
 * own: compare within one run, and take the parts as shares rather than as the page's times.
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
  tts?: number;
  args?: {
    elementCount?: number;
    name?: string;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    data?: { documentLoaderURL?: string };
  };
}

interface Span {
  name: string;
  cat: string;
  ts: number;
  dur: number;
  cpu: number;
  event: TraceEvent;
}

/** The part of the work an event's self time belongs to. */
function partOf(span: Span): string {
  if (span.name.startsWith('InlineNode::Shape') || span.name.includes('Shaper')) return 'text shaping';
  if (span.cat.split(',').some((cat) => cat === 'fonts' || cat === 'disabled-by-default-fonts'))
    return 'font matching';
  if (
    span.name.startsWith('RuleSet::') ||
    span.name.startsWith('StyleEngine::') ||
    span.name.includes('StyleSheet')
  )
    return 'rule sets and stylesheets';
  if (span.name === 'Document::recalcStyle') return 'style recalculation (selectors, computed styles)';
  if (span.name === 'Document::rebuildLayoutTree') return 'layout tree rebuild';
  if (span.name === 'LocalFrameView::performLayout') return 'box layout';
  return 'other';
}

const { values } = parseArgs({
  options: {
    ...phoneTraceOptions('3'),
    'min-items': { type: 'string', default: '100' },
    events: { type: 'boolean', default: false },
  },
});
const minItems = Number(values['min-items']);

await printPhoneTraces<TraceEvent>(
  values,
  {
    categories: [
      ...TIMELINE_CATEGORIES,
      'blink',
      'blink_style',
      'fonts',
      'disabled-by-default-fonts',
      'disabled-by-default-blink.debug.layout',
    ],
    afterLoadMs: 1000,
  },
  describe,
);

function describe(events: TraceEvent[]): string {
  const page = pageMainThread(events);
  if (typeof page === 'string') return page;
  const { navigation } = page;
  const spans = spansOf(page.main);
  const large = spans.filter(
    (span) =>
      (span.name === 'UpdateLayoutTree' && (span.event.args?.elementCount ?? 0) >= minItems) ||
      (span.name === 'Layout' &&
        span.cat.includes('devtools.timeline') &&
        (span.event.args?.beginData?.dirtyObjects ?? 0) >= minItems),
  );
  const lines: string[] = [];
  for (const top of large) {
    const nested = spans.filter((span) => span.ts >= top.ts && span.ts + span.dur <= top.ts + top.dur);
    const self = selfTimes(nested);
    const parts = new Map<string, number>();
    for (const [span, cpu] of self) parts.set(partOf(span), (parts.get(partOf(span)) ?? 0) + cpu);
    const items =
      top.name === 'UpdateLayoutTree'
        ? `${top.event.args?.elementCount} elements`
        : `${top.event.args?.beginData?.dirtyObjects} of ${top.event.args?.beginData?.totalObjects} objects`;
    lines.push(`${ms(top.ts - navigation.ts).padStart(7)} ms  ${top.name} ${items}: ${ms(top.cpu)} CPU`);
    for (const [part, cpu] of [...parts].sort((a, b) => b[1] - a[1]))
      lines.push(`    ${ms(cpu).padStart(6)}  ${pct(cpu, top.cpu).padStart(4)}  ${part}`);
    if (values.events) {
      const byName = new Map<string, { cpu: number; count: number }>();
      for (const [span, cpu] of self) {
        const entry = byName.get(span.name) ?? { cpu: 0, count: 0 };
        byName.set(span.name, { cpu: entry.cpu + cpu, count: entry.count + 1 });
      }
      for (const [name, { cpu, count }] of [...byName].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 12))
        lines.push(`        ${ms(cpu).padStart(6)}  ×${count}  ${name}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Complete spans from `X` events and `B`/`E` pairs, in order of start (outer before inner). */
function spansOf(events: TraceEvent[]): Span[] {
  const spans: Span[] = [];
  const open: TraceEvent[] = [];
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'X')
      spans.push({
        name: event.name,
        cat: event.cat ?? '',
        ts: event.ts,
        dur: event.dur ?? 0,
        cpu: event.tdur ?? event.dur ?? 0,
        event,
      });
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begin = open.pop();
      if (begin)
        spans.push({
          name: begin.name,
          cat: begin.cat ?? '',
          ts: begin.ts,
          dur: event.ts - begin.ts,
          cpu: (event.tts ?? 0) - (begin.tts ?? 0),
          event: begin,
        });
    }
  }
  return spans.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/** Each span's CPU time less its direct children's: spans arrive outer first, so a stack finds parents. */
function selfTimes(spans: Span[]): Map<Span, number> {
  const self = new Map<Span, number>(spans.map((span) => [span, span.cpu]));
  const stack: Span[] = [];
  for (const span of spans) {
    let parent = stack.at(-1);
    while (parent && parent.ts + parent.dur < span.ts + span.dur) {
      stack.pop();
      parent = stack.at(-1);
    }
    if (parent) self.set(parent, (self.get(parent) ?? 0) - span.cpu);
    stack.push(span);
  }
  for (const [span, cpu] of self) self.set(span, Math.max(0, cpu));
  return self;
}

function ms(microseconds: number): string {
  return (microseconds / 1000).toFixed(1);
}

function pct(part: number, whole: number): string {
  return whole ? `${Math.round((100 * part) / whole)}%` : '';
}
