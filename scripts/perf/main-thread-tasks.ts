/**
 * The main thread's tasks of one Lighthouse run, by the CPU time each took (`bench-web.ts --lhr-dir`).
 *
 * Lighthouse's simulated TBT multiplies each observed task's wall time by the CPU slowdown (4× on
 * mobile) and counts what exceeds 50 ms. On a shared machine the wall time also holds the time the
 * renderer waited for a core, so TBT follows the load more than the page. The trace's thread time
 * (`tdur`) is the time the task ran: the same sum over it is what a quiet machine would count, and each
 * task is named by what ran in it (a script's evaluation, a timer, a message, a layout) and whose it is.
 */
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** Lighthouse's mobile CPU slowdown and its long-task threshold. */
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;
/** Tasks shorter than this (thread time, unthrottled) are left out of the list. */
const LISTED_FROM_MS = 5;

export interface TracedTask {
  /** From the navigation's start, wall time. */
  startMs: number;
  wallMs: number;
  /** CPU time of the task on the main thread. */
  cpuMs: number;
  /** The largest child events by CPU time (name and, for scripts, the file). */
  what: string;
  /** The files whose code ran in it, as Lighthouse attributes them. */
  files: string[];
}

export interface MainThreadSummary {
  /** Σ max(0, slowdown × CPU time − 50 ms) over the tasks: TBT as a quiet machine would simulate it. */
  cpuBlockingMs: number;
  /** The same over wall times: what the load added besides. */
  wallBlockingMs: number;
  tasks: TracedTask[];
}

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string; functionName?: string } };
}

/** One of Lighthouse's main-thread tasks, over the trace's own events. */
export interface TaskNode<Event extends TraceEvent = TraceEvent> {
  event: Event;
  parent: TaskNode<Event> | undefined;
  children: TaskNode<Event>[];
  startTime: number;
  duration: number;
  attributableURLs: string[];
}

export const fileOf = (url: string | undefined) => url?.split('/').pop()?.split('?')[0] ?? '';

/** A task's CPU time in ms: its thread time, or its wall time where the trace has none. */
export const cpuMsOf = (task: TaskNode<TraceEvent>) => (task.event.tdur ?? task.event.dur ?? 0) / 1000;

/**
 * The page's main-thread events and its top-level tasks from the navigation on, as Lighthouse reads
 * them from a trace (the same tasks its TBT is summed over).
 */
export function pageMainThreadTasks<Event extends TraceEvent = TraceEvent>(
  trace: unknown,
): { mainThreadEvents: Event[]; topLevel: TaskNode<Event>[] } {
  const processed = TraceProcessor.processTrace(trace as never) as {
    mainThreadEvents: Event[];
    frames: { id: string; url: string }[];
    timestamps: { traceEnd: number; timeOrigin: number };
  };
  const all = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents as never,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TaskNode<Event>[];
  return {
    mainThreadEvents: processed.mainThreadEvents,
    topLevel: all.filter((task) => !task.parent && task.startTime >= 0),
  };
}

export function mainThreadSummary(trace: unknown, slowdown = CPU_SLOWDOWN): MainThreadSummary {
  const { topLevel } = pageMainThreadTasks(trace);
  const tasks = topLevel
    .filter((task) => cpuMsOf(task) >= LISTED_FROM_MS)
    .map((task) => ({
      startMs: Math.round(task.startTime),
      wallMs: round1(task.duration),
      cpuMs: round1(cpuMsOf(task)),
      what: describe(task),
      files: [...new Set(task.attributableURLs.map(fileOf))].filter(Boolean),
    }));
  return {
    cpuBlockingMs: blockingTime(topLevel.map(cpuMsOf), slowdown),
    wallBlockingMs: blockingTime(
      topLevel.map((task) => task.duration),
      slowdown,
    ),
    tasks,
  };
}

/**
 * Lighthouse's total blocking time over tasks measured unthrottled: each slowed down `slowdown` times,
 * and what it lasts beyond 50 ms, summed. Time-slicing shows here: ten 5 ms tasks block nothing at 4×,
 * one 50 ms task blocks 150 ms.
 */
export function blockingTime(taskMs: readonly number[], slowdown: number): number {
  return Math.round(taskMs.reduce((sum, ms) => sum + Math.max(0, slowdown * ms - BLOCKING_FROM_MS), 0));
}

/** The task's three largest children by CPU time, each with its script's file when it has one. */
function describe(task: TaskNode): string {
  return [...task.children]
    .sort((a, b) => (b.event.tdur ?? 0) - (a.event.tdur ?? 0))
    .slice(0, 3)
    .map((child) => {
      const file = fileOf(child.event.args?.data?.url);
      const fn = child.event.args?.data?.functionName;
      return `${child.event.name}${file ? ` ${file}` : ''}${fn ? ` ${fn}()` : ''} ${round1((child.event.tdur ?? 0) / 1000)}`;
    })
    .join(', ');
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
