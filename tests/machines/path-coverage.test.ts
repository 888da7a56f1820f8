/**
 * The path-coverage gate (`npm run test:paths`, and part of `npm test`): for every machine in
 * machines/registry.ts, plan its walks (shortest, simple and per-edge paths from @xstate/graph), replay
 * every path against the real machine (delays on a simulated clock), and write docs/path-coverage.md and
 * docs/path-coverage.json. Fails when any state, transition or event type of any machine is unreached,
 * or a path fails.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineRegistry } from '@machines/registry';
import { expect, it } from 'vitest';
import {
  type MachinePathCoverage,
  pathCoverageFailures,
  pathCoverageJson,
  renderPathCoverageMarkdown,
} from './harness/path-coverage-report';
import { combinedCoverage } from './harness/walk-machine';
import { walksFor } from './walks/machine-walks';

const docsDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'docs');

it('reaches every state, transition and event type of every machine, and writes the report', async () => {
  const entries: MachinePathCoverage[] = [];
  for (const { machine, title } of machineRegistry) {
    const { walks, defaultFixtures } = walksFor(machine);
    for (const { walk } of walks) {
      // A failing path is recorded in the coverage (and reported); keep replaying the others.
      for (const path of walk.paths) await walk.replay(path).catch(() => undefined);
    }
    entries.push({
      machineId: machine.id,
      title,
      walks: walks.map(({ name, walk }) => ({ name, paths: walk.paths.length })),
      defaultFixtures,
      coverage: combinedCoverage(walks.map(({ walk }) => walk)),
    });
  }

  await mkdir(docsDir, { recursive: true });
  await writeFile(join(docsDir, 'path-coverage.md'), renderPathCoverageMarkdown(entries));
  await writeFile(
    join(docsDir, 'path-coverage.json'),
    `${JSON.stringify(pathCoverageJson(entries), null, 2)}\n`,
  );
  expect(pathCoverageFailures(entries)).toEqual([]);
}, 120_000);
