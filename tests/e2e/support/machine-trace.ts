/**
 * Journeys on the map: every page a journey opens reports the machines' steps as they happen (the app's
 * src/inspection/machine-trace.ts, switched on by the binding this module exposes), and a journey file
 * that passed whole writes what it walked to `docs/paths/walked/browser-<journey>.json`. The path
 * report (`npm run test:paths`) then marks each generated path that a recorded run began with, step for
 * step, as walked in the browser. Recorded, not declared: a journey walks what the app did.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import type { RunnerTask } from 'vitest';
import type { MachineTraceStep } from '../../../src/inspection/machine-trace';
import { eventKeyOf } from '../../machines/harness/path-steps';
import type { BrowserJourneyRecord } from '../../machines/harness/tester-paths-report';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface Run {
  machineId: string;
  test: string;
  signature: string[];
}

export interface MachineTraces {
  /** Starts recording the machines of every page of the context, as steps of the named test. */
  watch(context: BrowserContext, test: string): Promise<void>;
  /** Writes the file's record when every test of the file passed (a partial run would under-report). */
  write(file: RunnerTask): void;
}

function everyTestPassed(task: RunnerTask): boolean {
  if (task.type === 'test') return task.result?.state === 'pass';
  return 'tasks' in task && task.tasks.length > 0 && task.tasks.every(everyTestPassed);
}

export function machineTraces(): MachineTraces {
  const runs = new Map<string, Run>();
  return {
    async watch(context, test) {
      await context.exposeBinding('__machineTraceStep', (_source, step: MachineTraceStep) => {
        let run = runs.get(step.run);
        if (!run) {
          run = { machineId: step.machineId, test, signature: [] };
          runs.set(step.run, run);
        }
        // The signature of docs/paths: the start state, then `event>state` per step.
        const value = JSON.stringify(step.value);
        run.signature.push(run.signature.length === 0 ? value : `${eventKeyOf(step.event)}>${value}`);
      });
    },
    write(file) {
      if (!everyTestPassed(file) || !file.file?.filepath) return;
      const path = relative(repoRoot, file.file.filepath).split('\\').join('/');
      // Sorted whole before the duplicates go, so the record does not depend on which run finished
      // first: the same walks give the same file.
      const ordered = [...runs.values()].sort(
        (a, b) =>
          a.machineId.localeCompare(b.machineId) ||
          a.test.localeCompare(b.test) ||
          a.signature.join('\n').localeCompare(b.signature.join('\n')),
      );
      const seen = new Set<string>();
      const traces: BrowserJourneyRecord['traces'] = [];
      for (const run of ordered) {
        const key = JSON.stringify([run.machineId, run.signature]);
        if (seen.has(key)) continue;
        seen.add(key);
        traces.push(run);
      }
      const journey = basename(path).replace(/\.e2e\.ts$/, '');
      const record: BrowserJourneyRecord = { journey, file: path, traces };
      const dir = join(repoRoot, 'docs/paths/walked');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `browser-${journey}.json`), `${JSON.stringify(record, null, 2)}\n`);
    },
  };
}
