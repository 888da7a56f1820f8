/**
 * `npm run test:paths`: for every machine in machines/registry.ts, plan its walks (shortest, simple and
 * per-edge paths from @xstate/graph), replay every path against the real machine (delays on a simulated
 * clock), and write docs/path-coverage.md and docs/path-coverage.json. Exits 1 when any state,
 * transition or event type of any machine is unreached, or a path fails.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineRegistry } from '../machines/registry';
import {
  type MachinePathCoverage,
  pathCoverageFailures,
  pathCoverageJson,
  renderPathCoverageMarkdown,
  totalsOf,
} from '../tests/machines/harness/path-coverage-report';
import { combinedCoverage } from '../tests/machines/harness/walk-machine';
import { walksFor } from '../tests/machines/walks/machine-walks';

const docsDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'docs');

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

const totals = totalsOf(entries);
console.log(
  `path coverage: ${totals.machines} machines, states ${totals.states.reached}/${totals.states.all}, ` +
    `transitions ${totals.transitions.taken}/${totals.transitions.all}, ` +
    `event types ${totals.eventTypes.taken}/${totals.eventTypes.all}, ` +
    `paths ${totals.paths.replayed} replayed (${totals.paths.failed} failed) → docs/path-coverage.md`,
);
const failures = pathCoverageFailures(entries);
if (failures.length > 0) {
  console.error(
    `\n${failures.length} coverage gaps:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
  );
  process.exitCode = 1;
}
