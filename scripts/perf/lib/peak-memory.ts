import { writeFileSync } from 'node:fs';

/**
 * Resets a process's peak resident memory (VmHWM) to its current RSS (Linux: `5` written to
 * /proc/<pid>/clear_refs), so the next peak read is the peak of what ran since, not of the whole
 * run (an export measured after the load test would otherwise report the load test's peak).
 * Answers false where the kernel does not allow it; the peak then covers the process's lifetime.
 */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
