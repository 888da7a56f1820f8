/**
 * Where a phone load's main-thread tasks waited rather than ran: Lighthouse multiplies each task's wall
 * time by four on mobile, so time the renderer spent off the CPU inside a task (descheduled, or blocked on
 * a synchronous call to another process) counts as blocking as much as time it ran.
 *
 *   npx tsx scripts/perf/main-thread-waits.ts <dir>/properties-mobile-1.trace.json.gz …
 *     (the traces `bench-web.ts --lhr-dir <dir>` keeps)
 *
 * For each task that blocks by its wall time (over 12.5 ms: 50 ms at 4×) it prints its wall and thread
 * time, the events inside it that waited most by themselves (wall minus thread time, less their children's
 * waits), and what the other processes of the browser ran on the CPU meanwhile. A wait spread over every
 * event in proportion to its length is the scheduler's (another process had the core); one event that
 * waits much longer than it ran is a call that blocked.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { gunzipSync } from 'node:zlib';
import type { CpuSample } from './lib/process-cpu';
import { runWhenMain } from './lib/processes';
import {
  blockingTime,
  cpuMsOf,
  fileOf,
  type TaskNode as PageTask,
  pageMainThreadTasks,
} from './main-thread-tasks';

const SLOWDOWN = 4;
/** A task blocks at 4× once it lasts 12.5 ms unthrottled. */
const BLOCKING_WALL_MS = 50 / SLOWDOWN;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

type TaskNode = PageTask<TraceEvent>;

interface Wait {
  /** The event's name, with its script's file and function where it has them. */
  what: string;
  wallMs: number;
  cpuMs: number;
  /** Its wall time off the CPU that none of its children account for. */
  selfWaitMs: number;
}

export interface TaskWaits {
  startMs: number;
  wallMs: number;
  cpuMs: number;
  waits: Wait[];
  /** Thread time the browser's other threads ran during the task, by process and thread name. */
  others: { thread: string; cpuMs: number }[];
  /** With the run's CPU samples (`.cpu.json`): the page's server's CPU during the task, and the cores in use. */
  serverCpuMs?: number;
  busyCores?: number;
  /** Chromium's processes (this renderer's task included), the benchmark with Lighthouse, all the rest. */
  chromiumCpuMs?: number;
  benchCpuMs?: number;
  restCpuMs?: number;
}

export interface TraceWaits {
  wallBlockingMs: number;
  cpuBlockingMs: number;
  tasks: TaskWaits[];
  /** With CPU samples: who used the cores from the first blocking task's start to the last one's end. */
  span?: { wallMs: number } & ReturnType<typeof cpuDuring>;
  /** Self waits summed over all blocking tasks, by event name. */
  waitByEvent: { name: string; waitMs: number; wallMs: number }[];
}

const ms = (us: number | undefined) => Math.round((us ?? 0) / 100) / 10;

export function traceWaits(trace: { traceEvents: TraceEvent[] }, samples?: CpuSample[]): TraceWaits {
  const { mainThreadEvents, topLevel } = pageMainThreadTasks<TraceEvent>(trace);
  const main = mainThreadEvents[0];
  const threadNames = new Map<string, string>();
  const processNames = new Map<number, string>();
  for (const event of trace.traceEvents) {
    if (event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
    if (event.name === 'process_name') processNames.set(event.pid, event.args?.name ?? '');
  }
  // The other threads' top-level tasks, to see who had a core while the main thread waited.
  const otherTasks = trace.traceEvents.filter(
    (event) =>
      event.ph === 'X' &&
      event.name === 'RunTask' &&
      event.tdur !== undefined &&
      !(main && event.pid === main.pid && event.tid === main.tid),
  );

  const byName = new Map<string, { waitMs: number; wallMs: number }>();
  const tasks = topLevel
    .filter((task) => task.duration >= BLOCKING_WALL_MS)
    .map((task): TaskWaits => {
      const waits: Wait[] = [];
      collectWaits(task, waits);
      for (const wait of waits) {
        const name = wait.what.split(' ')[0] ?? '';
        const sum = byName.get(name) ?? { waitMs: 0, wallMs: 0 };
        sum.waitMs += wait.selfWaitMs;
        sum.wallMs += wait.wallMs;
        byName.set(name, sum);
      }
      const start = task.event.ts;
      const end = start + (task.event.dur ?? 0);
      const others = new Map<string, number>();
      for (const event of otherTasks) {
        const eventEnd = event.ts + (event.dur ?? 0);
        if (eventEnd <= start || event.ts >= end) continue;
        // The part of its thread time inside the task's window, in proportion to its wall overlap.
        const overlap = (Math.min(eventEnd, end) - Math.max(event.ts, start)) / Math.max(1, event.dur ?? 1);
        const thread = `${processNames.get(event.pid) ?? event.pid} ${threadNames.get(`${event.pid}:${event.tid}`) ?? event.tid}`;
        others.set(thread, (others.get(thread) ?? 0) + (event.tdur ?? 0) * overlap);
      }
      const during = samples ? cpuDuring(samples, start, end) : undefined;
      return {
        ...during,
        startMs: Math.round(task.startTime),
        wallMs: Math.round(task.duration * 10) / 10,
        cpuMs: Math.round(cpuMsOf(task) * 10) / 10,
        waits: waits.sort((a, b) => b.selfWaitMs - a.selfWaitMs).slice(0, 5),
        others: [...others]
          .map(([thread, cpu]) => ({ thread, cpuMs: ms(cpu) }))
          .filter((other) => other.cpuMs >= 0.5)
          .sort((a, b) => b.cpuMs - a.cpuMs),
      };
    });
  const first = topLevel.find((task) => task.duration >= BLOCKING_WALL_MS);
  const last = topLevel.findLast((task) => task.duration >= BLOCKING_WALL_MS);
  const spanStart = first?.event.ts ?? 0;
  const spanEnd = last ? last.event.ts + (last.event.dur ?? 0) : 0;
  const spanCpu = samples && first ? cpuDuring(samples, spanStart, spanEnd) : undefined;
  return {
    ...(spanCpu ? { span: { wallMs: Math.round((spanEnd - spanStart) / 1000), ...spanCpu } } : {}),
    wallBlockingMs: blockingTime(
      topLevel.map((task) => task.duration),
      SLOWDOWN,
    ),
    cpuBlockingMs: blockingTime(topLevel.map(cpuMsOf), SLOWDOWN),
    tasks,
    waitByEvent: [...byName]
      .map(([name, sum]) => ({
        name,
        waitMs: Math.round(sum.waitMs * 10) / 10,
        wallMs: Math.round(sum.wallMs * 10) / 10,
      }))
      .filter((item) => item.waitMs >= 0.5)
      .sort((a, b) => b.waitMs - a.waitMs),
  };
}

/**
 * The server's CPU and the cores in use between two trace times, from the samples taken nearest outside
 * them (clock ticks of 10 ms: a task's figure is coarse, a run's sum is not).
 */
function cpuDuring(samples: CpuSample[], startUs: number, endUs: number) {
  const before = samples.findLast((sample) => sample.us <= startUs) ?? samples[0];
  const after = samples.find((sample) => sample.us >= endUs) ?? samples.at(-1);
  if (!before || !after || after.machineTotal <= before.machineTotal) return undefined;
  const delta = (key: 'treeMs' | 'selfMs') =>
    after[key] !== undefined && before[key] !== undefined ? after[key] - before[key] : undefined;
  const serverCpuMs = after.processMs - before.processMs;
  const chromiumCpuMs = delta('treeMs');
  const benchCpuMs = delta('selfMs');
  // /proc/stat counts in clock ticks of 10 ms, summed over the cores.
  const machineMs = (after.machineBusy - before.machineBusy) * 10;
  return {
    ...(chromiumCpuMs === undefined || benchCpuMs === undefined
      ? {}
      : {
          chromiumCpuMs,
          benchCpuMs,
          restCpuMs: Math.max(0, machineMs - serverCpuMs - chromiumCpuMs - benchCpuMs),
        }),
    serverCpuMs,
    busyCores:
      Math.round(
        ((after.machineBusy - before.machineBusy) / (after.machineTotal - before.machineTotal)) *
          cpus().length *
          10,
      ) / 10,
  };
}

/** Each event's wait beyond its children's, for every event that has a thread time; returns the subtree's wait. */
function collectWaits(node: TaskNode, into: Wait[]): number {
  const childWait = node.children.reduce((sum, child) => sum + collectWaits(child, into), 0);
  const { dur, tdur } = node.event;
  // Events recorded without a thread time pass their children's waits up and add none of their own.
  if (dur === undefined || tdur === undefined) return childWait;
  const wait = Math.max(0, dur - tdur);
  const file = fileOf(node.event.args?.data?.url);
  const fn = node.event.args?.data?.functionName;
  into.push({
    what: `${node.event.name}${file ? ` ${file}` : ''}${fn ? ` ${fn}()` : ''}`,
    wallMs: ms(dur),
    cpuMs: ms(tdur),
    selfWaitMs: ms(Math.max(0, wait - childWait)),
  });
  return Math.max(wait, childWait);
}

export function renderTraceWaits(name: string, waits: TraceWaits): string {
  const lines = [
    `## ${name}: TBT ${waits.wallBlockingMs} ms by wall time, ${waits.cpuBlockingMs} ms by thread time`,
    '',
    "| task start ms | wall ms | CPU ms | waited ms | cores busy | CPU ms meanwhile: server · Chromium · bench · rest | largest self waits (event wall/CPU → wait) | the browser's other threads on a CPU meanwhile, ms |",
    '|---|---|---|---|---|---|---|---|',
    ...waits.tasks.map(
      (task) =>
        `| ${task.startMs} | ${task.wallMs} | ${task.cpuMs} | ${Math.round((task.wallMs - task.cpuMs) * 10) / 10} | ` +
        `${task.busyCores ?? '—'} | ${task.serverCpuMs ?? '—'} · ${task.chromiumCpuMs ?? '—'} · ${task.benchCpuMs ?? '—'} · ${task.restCpuMs ?? '—'} | ` +
        `${task.waits
          .filter((wait) => wait.selfWaitMs >= 0.5)
          .map((wait) => `${wait.what} ${wait.wallMs}/${wait.cpuMs} → ${wait.selfWaitMs}`)
          .join('; ')} | ` +
        `${task.others
          .slice(0, 4)
          .map((other) => `${other.thread} ${other.cpuMs}`)
          .join('; ')} |`,
    ),
    '',
    `Over these tasks: ${sum(waits.tasks.map((task) => task.wallMs))} ms wall, ${sum(waits.tasks.map((task) => task.cpuMs))} ms CPU.`,
    ...(waits.span
      ? [
          `From the first of them to the end of the last (${waits.span.wallMs} ms, ${waits.span.wallMs * cpus().length} ms of the cores' time): ` +
            `Chromium's processes ${waits.span.chromiumCpuMs ?? '—'} ms of CPU (this renderer's main thread included), ` +
            `the page's server ${waits.span.serverCpuMs}, the bench with Lighthouse ${waits.span.benchCpuMs ?? '—'}, ` +
            `everything else on the machine ${waits.span.restCpuMs ?? '—'}.`,
        ]
      : []),
    `Self waits by event over these tasks: ${waits.waitByEvent
      .slice(0, 8)
      .map((item) => `${item.name} ${item.waitMs} of ${item.wallMs} ms wall`)
      .join(', ')}.`,
    '',
  ];
  return lines.join('\n');
}

const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0));

async function main(): Promise<void> {
  const files = process.argv.slice(2);
  if (files.length === 0) throw new Error('name one or more traces (bench-web.ts --lhr-dir keeps them)');
  for (const file of files) {
    const raw = await readFile(file);
    const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const trace = Array.isArray(parsed) ? { traceEvents: parsed } : parsed;
    const samplesFile = file.replace(/\.trace\.json(\.gz)?$/, '.cpu.json');
    const samples = existsSync(samplesFile)
      ? (JSON.parse(await readFile(samplesFile, 'utf8')) as CpuSample[])
      : undefined;
    process.stdout.write(`${renderTraceWaits(file.split('/').pop() ?? file, traceWaits(trace, samples))}\n`);
  }
}

runWhenMain(import.meta.url, main);
