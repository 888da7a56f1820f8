import { readdirSync, readFileSync } from 'node:fs';

/** User plus system CPU of a process, in milliseconds (clock ticks of 10 ms); 0 once it has gone. */
export function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0;
}

/**
 * The CPU of a process and of its children (a PostgreSQL postmaster and its backends, whose work
 * for a request is the database's share of it).
 */
export function treeCpuMs(parentPid: number): number {
  let total = cpuMs(parentPid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === parentPid) total += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return total;
}

/** /proc/<pid>/stat after the command name: state, ppid, … (man 5 proc, fields 3 onwards). */
function statFields(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
  } catch {
    return undefined;
  }
}

/** The machine's CPU counters so far (/proc/stat's first line), in clock ticks. */
export function machineCpu(): { busy: number; total: number } {
  const ticks =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const total = ticks.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the cores' time nobody used.
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/** The share of every core's time that some process used since `before` (0 to 1). */
export function machineBusySince(before: { busy: number; total: number }): number {
  const now = machineCpu();
  const total = now.total - before.total;
  return total > 0 ? Math.round(((now.busy - before.busy) / total) * 100) / 100 : 0;
}

/** One reading: when (CLOCK_MONOTONIC in µs, the clock of Chromium's traces), a process's CPU, the machine's. */
export interface CpuSample {
  us: number;
  processMs: number;
  machineBusy: number;
  machineTotal: number;
  /** The CPU of the tree under `treeRoot` (a browser and its renderers, GPU and utility processes). */
  treeMs?: number;
  /** The sampling process's own CPU (the benchmark, Lighthouse in it). */
  selfMs?: number;
}

/**
 * Reads a process's CPU and the machine's every `everyMs` until stopped: laid over a trace, what the
 * server and the rest of the machine ran while the page's main thread waited.
 */
export function sampleCpu(pid: number, everyMs = 5, treeRoot?: number): { stop: () => CpuSample[] } {
  const samples: CpuSample[] = [];
  // The tree's members are looked up now and then (a scan of /proc costs milliseconds), read every time.
  let members: number[] = [];
  let listedAt = 0;
  // The tree's CPU as a running sum of each member's increase: members come and go during a load (a
  // renderer starts, a utility process ends), and a sum over whoever is there now would jump with them.
  const lastOf = new Map<number, number>();
  let treeMs = 0;
  const take = () => {
    const machine = machineCpu();
    const now = Date.now();
    if (treeRoot !== undefined && now - listedAt >= 100) {
      members = descendants(treeRoot);
      // What the processes there at the start had spent before it is not the load's.
      if (listedAt === 0) for (const member of members) lastOf.set(member, cpuMs(member));
      listedAt = now;
    }
    for (const member of members) {
      const spent = cpuMs(member);
      // A process started since the last listing counts from nothing; one that has ended reads 0.
      treeMs += Math.max(0, spent - (lastOf.get(member) ?? 0));
      if (spent > 0) lastOf.set(member, spent);
    }
    const usage = process.cpuUsage();
    samples.push({
      us: Number(process.hrtime.bigint() / 1000n),
      processMs: cpuMs(pid),
      machineBusy: machine.busy,
      machineTotal: machine.total,
      ...(treeRoot === undefined ? {} : { treeMs }),
      selfMs: Math.round((usage.user + usage.system) / 1000),
    });
  };
  take();
  const timer = setInterval(take, everyMs);
  // Never what keeps a benchmark's process alive once its work is done.
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** A process and every process under it, however deep. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(Number(entry))?.[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found = [root];
  for (let index = 0; index < found.length; index++) found.push(...(children.get(found[index] ?? -1) ?? []));
  return found;
}
