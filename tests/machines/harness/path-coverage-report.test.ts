import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { defaultWalks } from '../walks/machine-walks';
import {
  type MachinePathCoverage,
  pathCoverageFailures,
  pathCoverageJson,
  renderPathCoverageMarkdown,
  totalsOf,
} from './path-coverage-report';
import { combinedCoverage, planMachineWalk } from './walk-machine';

/** A door: open and close it; locking needs a key, which bare events never carry. */
const door = setup({
  types: { events: {} as { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'LOCK'; key: string } },
  actors: { check: fromPromise<boolean>(async () => true) },
  guards: { rightKey: ({ event }) => event.type === 'LOCK' && event.key === 'k' },
}).createMachine({
  id: 'door',
  initial: 'checking',
  states: {
    checking: { invoke: { id: 'check', src: 'check', onDone: 'closed', onError: 'closed' } },
    closed: { on: { OPEN: 'open', LOCK: { guard: 'rightKey', target: 'locked' } } },
    open: { on: { CLOSE: 'closed' } },
    locked: { type: 'final' },
  },
});

async function coverageOf(walks: ReturnType<typeof defaultWalks>): Promise<MachinePathCoverage> {
  for (const { walk } of walks) for (const path of walk.paths) await walk.replay(path);
  return {
    machineId: 'door',
    title: { he: 'דלת', en: 'Door' },
    walks: walks.map(({ name, walk }) => ({ name, paths: walk.paths.length })),
    defaultFixtures: false,
    coverage: combinedCoverage(walks.map(({ walk }) => walk)),
  };
}

describe('path coverage report', () => {
  it('reports a whole walk as complete, totals first', async () => {
    const walk = planMachineWalk({
      machine: door,
      events: { OPEN: [{ type: 'OPEN' }], CLOSE: [{ type: 'CLOSE' }], LOCK: [{ type: 'LOCK', key: 'k' }] },
      actorOutputs: { check: [true] },
      contextThatMatters: () => null,
    });
    const entry = await coverageOf([{ name: 'with a key', walk }]);

    expect(pathCoverageFailures([entry])).toEqual([]);
    expect(totalsOf([entry]).states).toEqual({ all: 4, reached: 4 });
    const markdown = renderPathCoverageMarkdown([entry]);
    expect(markdown.split('\n')[4]).toMatch(/^\*\*Complete\*\* — 1 machines · states 4 \/ 4 \(100 %\)/);
    expect(markdown).toContain('| [door](#door) | 4 / 4 (100 %) |');
    expect(markdown).not.toContain('**never**');
  });

  it('names every unreached state, untaken transition and event type without a path', async () => {
    // Bare events cannot carry the key: the lock is never reached, and the report must say so.
    const entry = await coverageOf(defaultWalks(door));
    const failures = pathCoverageFailures([entry]);

    expect(failures).toEqual([
      'door: state door.locked is never reached',
      'door: transition door.closed —LOCK [rightKey]→ door.locked is never taken',
      'door: event LOCK has no path',
    ]);
    const markdown = renderPathCoverageMarkdown([entry]);
    expect(markdown).toContain('**3 gaps**');
    expect(markdown).toContain('| `door.closed` | `LOCK` | rightKey | `door.locked` | **never** |');
    expect(pathCoverageJson([entry]).failures).toEqual(failures);
  });

  it('fails a path that did not replay as planned', async () => {
    const [first] = defaultWalks(door);
    if (!first) throw new Error('expected a default walk');
    const entry = await coverageOf([first]);
    const broken: MachinePathCoverage = {
      ...entry,
      coverage: {
        ...entry.coverage,
        paths: {
          ...entry.coverage.paths,
          records: [{ id: 'p1', kind: 'edge', events: ['OPEN'], passed: false, failure: 'expected open' }],
        },
      },
    };
    expect(pathCoverageFailures([broken])).toContain('door: path p1 failed: expected open');
  });
});
