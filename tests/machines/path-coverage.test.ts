/**
 * The one replay of every generated path (`npm run test:paths`, and part of `npm test`): for every
 * machine in machines/registry.ts, plan its walks (tests/machines/walks), replay each path once on a
 * real actor (delays on a simulated clock) with the walk's own checks, then gate on coverage and write
 * docs/path-coverage.md and .json (states and transitions) and docs/paths/ (every path as numbered
 * steps for testers, with where it is exercised: model, UI walk, browser journey).
 *
 * `PATH_ID=otp-1a2b3c4d npm run test:paths` replays that one path and writes nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineRegistry } from '@machines/registry';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  type MachinePathCoverage,
  pathCoverageFailures,
  pathCoverageJson,
  renderPathCoverageMarkdown,
} from './harness/path-coverage-report';
import { type DescribedPath, describePath } from './harness/path-steps';
import { renderPathsPage } from './harness/tester-paths-page';
import {
  type BrowserJourneyRecord,
  exercisedPaths,
  type MachinePaths,
  pathsJson,
  renderMachinePaths,
  renderPathsIndex,
  type UiWalkRecord,
} from './harness/tester-paths-report';
import { combinedCoverage, type PathReplay, type WalkPath } from './harness/walk-machine';
import { machineCoverageGaps, type NamedWalk, walksFor } from './walks/machine-walks';

const docsDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'docs');
const pathsDir = join(docsDir, 'paths');
const onlyPath = process.env.PATH_ID?.trim() || null;

interface PlannedPath {
  walk: NamedWalk;
  path: WalkPath<AnyStateMachine>;
  described: DescribedPath;
}

const machines = machineRegistry.map((entry) => {
  const { walks, defaultFixtures } = walksFor(entry.machine);
  const paths: PlannedPath[] = walks.flatMap((walk) =>
    walk.walk.paths.map((path) => ({
      walk,
      path,
      described: describePath(entry.machine, walk.name, path, entry.events),
    })),
  );
  return { entry, walks, defaultFixtures, paths };
});

/** Each path is replayed at most once per run, whoever asks first (its own test, or the gate). */
const replays = new Map<WalkPath<AnyStateMachine>, Promise<PathReplay<AnyStateMachine>>>();
function replayOnce({ walk, path }: PlannedPath): Promise<PathReplay<AnyStateMachine>> {
  let replay = replays.get(path);
  if (!replay) {
    replay = walk.walk.replay(path);
    replays.set(path, replay);
  }
  return replay;
}

for (const { entry, walks, paths } of machines) {
  describe(entry.machine.id, () => {
    for (const walk of walks) {
      const own = paths.filter(
        (planned) => planned.walk === walk && (!onlyPath || planned.described.id === onlyPath),
      );
      if (own.length === 0) continue;
      describe(walk.name, () => {
        it.each(own.map((planned) => [planned.described.id, planned.path.id, planned] as const))(
          '%s: %s',
          async (_, __, planned) => {
            const replay = await replayOnce(planned);
            walk.check?.(replay, planned.path);
          },
        );
      });
    }
  });
}

if (onlyPath) {
  it(`has a path with the id ${onlyPath}`, () => {
    const ids = machines.flatMap(({ paths }) => paths.map(({ described }) => described.id));
    expect(ids).toContain(onlyPath);
  });
} else {
  it('gives every path of a machine its own id', () => {
    for (const { entry, paths } of machines) {
      const ids = paths.map(({ described }) => described.id);
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      expect(repeated, entry.machine.id).toEqual([]);
    }
  });

  it('reaches every state, transition and event type of every machine, and writes the reports', async () => {
    const coverageEntries: MachinePathCoverage[] = [];
    const machinePaths: MachinePaths[] = [];
    const uiRecords = readWalkedRecords<UiWalkRecord>('ui-');
    const browserRecords = readWalkedRecords<BrowserJourneyRecord>('browser-');
    const ownGaps: string[] = [];
    for (const { entry, walks, defaultFixtures, paths } of machines) {
      // A path its own test did not reach (a `-t` filter): replayed here, so the gate sees everything.
      for (const planned of paths) await replayOnce(planned).catch(() => undefined);
      const coverage = combinedCoverage(walks.map(({ walk }) => walk));
      const gapsOf = machineCoverageGaps[entry.machine.id];
      if (gapsOf) ownGaps.push(...gapsOf(coverage).map((gap) => `${entry.machine.id}: ${gap}`));
      coverageEntries.push({
        machineId: entry.machine.id,
        title: entry.title,
        walks: walks.map(({ name, walk }) => ({ name, paths: walk.paths.length })),
        defaultFixtures,
        coverage,
      });
      const passedIn = new Map(
        walks.map(({ walk }) => [
          walk,
          new Set(
            walk
              .coverage()
              .paths.records.filter((r) => r.passed)
              .map((r) => r.id),
          ),
        ]),
      );
      const modelPassed = new Set(
        paths
          .filter(({ walk, path }) => passedIn.get(walk.walk)?.has(path.id))
          .map(({ described }) => described.id),
      );
      machinePaths.push({
        machineId: entry.machine.id,
        title: entry.title,
        states: coverage.states.all.length,
        transitions: coverage.transitions.all,
        paths: exercisedPaths(
          paths.map(({ described }) => described),
          modelPassed,
          uiRecords,
          browserRecords,
        ),
      });
    }

    await mkdir(pathsDir, { recursive: true });
    await writeFile(join(docsDir, 'path-coverage.md'), renderPathCoverageMarkdown(coverageEntries));
    await writeFile(
      join(docsDir, 'path-coverage.json'),
      `${JSON.stringify(pathCoverageJson(coverageEntries), null, 2)}\n`,
    );
    await writeFile(join(pathsDir, 'README.md'), renderPathsIndex(machinePaths));
    for (const machine of machinePaths) {
      await writeFile(join(pathsDir, `${machine.machineId}.md`), renderMachinePaths(machine));
    }
    await writeFile(join(pathsDir, 'paths.html'), renderPathsPage(pathsJson(machinePaths)));
    expect([...pathCoverageFailures(coverageEntries), ...ownGaps]).toEqual([]);
  }, 180_000);
}

/**
 * What ran beyond the model, from docs/paths/walked/: `ui-*.json` by the UI walks (tests/ui-walks), and
 * `browser-*.json` by the browser journeys (tests/e2e), each written when its file passed whole.
 */
function readWalkedRecords<T>(prefix: 'ui-' | 'browser-'): T[] {
  const dir = join(pathsDir, 'walked');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.startsWith(prefix) && name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T);
}
