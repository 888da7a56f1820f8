/**
 * What runs in a page's long main-thread tasks on a phone, by function: a Chromium trace of one load at
 * Lighthouse's mobile CPU slowdown (4×), with V8's sampling profiler in it, read task by task.
 *
 *   npx tsx scripts/perf/hydration-profile.ts --client-dir dir [--path /properties] [--loads 3]
 *                                            [--count 1000] [--from-ms 20] [--trace-out prefix]
 *                                            [--signed-out]   (as bench-web.ts loads /login)
 *   npx tsx scripts/perf/hydration-profile.ts --trace-in file [--trace-in file…]   (saved traces again)
 *
 * The client is served by the real server in production mode over a seeded portfolio, signed in as
 * bench-web.ts does. For each task of at least `--from-ms` (CPU, slowed) it prints the functions that ran
 * longest in it, self time and time with callees, named as the build names them: build the client with
 * `vite build --minify false` (and its server entry beside it, ../ssr) to read the app's own names.
 * Figures are CPU time at the slowdown, on whatever machine runs it: compare within one run.
 */
import { parseArgs } from 'node:util';
import { phoneTraceOptions, printPhoneTraces, TIMELINE_CATEGORIES } from './lib/phone-load-traces';
import type { TraceEventTimes } from './lib/signed-in-phone';

interface TraceEvent extends TraceEventTimes {
  id?: string;
  args?: {
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      frame?: string;
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

interface Sample {
  ts: number;
  node: number;
}

const { values } = parseArgs({
  options: { ...phoneTraceOptions('3'), 'from-ms': { type: 'string', default: '20' } },
});
const fromMs = Number(values['from-ms']);
await printPhoneTraces<TraceEvent>(
  values,
  {
    categories: [...TIMELINE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler'],
    afterLoadMs: 4000,
  },
  (events) => describeTasks(events, fromMs),
);

/** The page's renderer main thread: the thread whose ProfileChunks belong to the page's profile. */
function describeTasks(events: TraceEvent[], fromMs: number): string {
  const main = mainThreadOf(events);
  if (!main) return 'no main thread found\n';
  const samples = samplesOf(events, main);
  const tasks = events
    .filter(
      (event) =>
        event.pid === main.pid &&
        event.tid === main.tid &&
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        (event.tdur ?? event.dur ?? 0) / 1000 >= fromMs,
    )
    .sort((a, b) => a.ts - b.ts);
  const navigation = events.find(
    (event) =>
      event.pid === main.pid &&
      event.name === 'navigationStart' &&
      String((event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL).startsWith(
        'http://127.0.0.1',
      ),
  )?.ts;
  const start = navigation ?? tasks[0]?.ts ?? 0;
  const lines: string[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inTask = samples.samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    lines.push(
      `- task at ${Math.round((task.ts - start) / 1000)} ms: ${round1((task.dur ?? 0) / 1000)} ms wall, ` +
        `${round1((task.tdur ?? 0) / 1000)} ms CPU (slowed), ${inTask.length} samples`,
    );
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    const interval = (task.tdur ?? task.dur ?? 0) / 1000 / Math.max(1, inTask.length);
    for (const sample of inTask) {
      const stack = stackOf(samples.nodes, sample.node);
      const [top] = stack;
      if (top) self.set(top, (self.get(top) ?? 0) + interval);
      for (const name of new Set(stack)) total.set(name, (total.get(name) ?? 0) + interval);
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, ms]) => `    ${round1(ms)} ms  ${name}`);
    lines.push('  self:', ...top(self, 12), '  with callees:', ...top(total, 25));
  }
  return `${lines.join('\n')}\n`;
}

function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number } | null {
  // The renderer that navigated to the served page (not the browser's own pages, as a new tab's).
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      String((event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL).startsWith(
        'http://127.0.0.1',
      ),
  );
  if (!navigation) return null;
  const thread = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.pid === navigation.pid &&
      (event.args as { name?: string } | undefined)?.name === 'CrRendererMain',
  );
  return thread ? { pid: thread.pid, tid: thread.tid } : null;
}

function samplesOf(events: TraceEvent[], main: { pid: number; tid: number }) {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === main.pid && event.tid === main.tid,
  );
  let ts = (profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const chunk of events.filter(
    (event) => event.name === 'ProfileChunk' && event.pid === main.pid && event.id === profile?.id,
  )) {
    const cpuProfile = chunk.args?.data?.cpuProfile;
    for (const node of cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (cpuProfile?.samples ?? []).forEach((node, index) => {
      ts += deltas[index] ?? 0;
      samples.push({ ts, node });
    });
  }
  return { nodes, samples };
}

function stackOf(nodes: Map<number, ProfileNode>, id: number): string[] {
  const stack: string[] = [];
  for (
    let node = nodes.get(id);
    node;
    node = node.parent === undefined ? undefined : nodes.get(node.parent)
  ) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url?.split('/').pop()?.split('?')[0] ?? '';
    stack.push(`${functionName || '(anonymous)'}${file ? ` ${file}:${(lineNumber ?? 0) + 1}` : ''}`);
  }
  return stack;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
