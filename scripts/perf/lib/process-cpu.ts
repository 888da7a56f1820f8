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
