import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { combinedCoverage, coverageGaps, planMachineWalk, walkMachine } from './walk-machine';

/** A small machine with everything the harness must drive: input, guards, a named delay, an actor. */
const fetcher = setup({
  types: {
    context: {} as { attempts: number; result: string | null },
    events: {} as { type: 'FETCH'; query: string } | { type: 'CANCEL' },
  },
  actors: {
    load: fromPromise<string, { query: string }>(async ({ input }) => input.query),
  },
  guards: {
    canRetry: ({ context }) => context.attempts < 2,
  },
  delays: {
    retryDelay: ({ context }) => 1000 * (context.attempts + 1),
  },
}).createMachine({
  id: 'fetcher',
  initial: 'idle',
  context: { attempts: 0, result: null },
  states: {
    idle: { on: { FETCH: 'loading' } },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ event }) => ({ query: event.type === 'FETCH' ? event.query : 'retry' }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          {
            guard: 'canRetry',
            target: 'waiting',
            actions: assign({ attempts: ({ context }) => context.attempts + 1 }),
          },
          { target: 'failed' },
        ],
      },
      on: { CANCEL: 'idle' },
    },
    waiting: { after: { retryDelay: 'loading' } },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
});

const fetcherWalk = {
  machine: fetcher,
  events: { FETCH: [{ type: 'FETCH', query: 'q' }], CANCEL: [{ type: 'CANCEL' }] },
  actorOutputs: { load: ['ok'] },
  contextThatMatters: (context: { attempts: number; result: string | null }) => context,
} as const;

describe('walk harness', () => {
  it('replays delays, actor outcomes and guards on a real actor and covers the machine', async () => {
    const coverage = await walkMachine(fetcherWalk);
    expect(coverageGaps(coverage)).toEqual({ states: [], transitions: [], eventTypes: [], failedPaths: [] });
    expect(coverage.paths.replayed).toBe(coverage.paths.unique);
    expect(
      coverage.transitions.taken.find((ref) => ref.eventType === 'xstate.error.actor.load'),
    ).toMatchObject({
      index: 0,
      guard: 'canRetry',
      targets: ['fetcher.waiting'],
    });
    expect(JSON.parse(JSON.stringify(coverage))).toEqual(coverage);
  });

  it('passes inputs to the controlled actors and settles them with the path outcome', async () => {
    const walk = planMachineWalk(fetcherWalk);
    const path = walk.paths.find((candidate) => candidate.id.includes('after(retryDelay)'));
    if (!path) throw new Error('expected a path through the retry delay');
    const replay = await walk.replay(path);
    expect(replay.invocations.map(({ id, input }) => ({ id, input }))).toContainEqual({
      id: 'load',
      input: { query: 'q' },
    });
    expect(replay.invocations.every((invocation) => invocation.id === 'load')).toBe(true);
  });

  it('reports what the walk never reached', async () => {
    const coverage = await walkMachine({ ...fetcherWalk, actorErrors: { load: [] } });
    expect(coverageGaps(coverage).states).toEqual(['fetcher.waiting', 'fetcher.failed']);
    expect(coverageGaps(coverage).eventTypes).toEqual([
      'xstate.error.actor.load',
      'xstate.after.retryDelay.fetcher.waiting',
    ]);
    expect(coverageGaps(coverage, ['fetcher.waiting', 'fetcher.failed']).states).toEqual([]);
  });

  it('refuses to guess an event a state handles when no fixture is given', () => {
    expect(() =>
      planMachineWalk({ ...fetcherWalk, events: { FETCH: [{ type: 'FETCH', query: 'q' }] } }),
    ).toThrow(/needs events\.CANCEL/);
    expect(() => planMachineWalk({ ...fetcherWalk, actorOutputs: {} })).toThrow(/needs actorOutputs\.load/);
  });

  it('throws instead of silently dropping paths beyond maxPaths', () => {
    expect(() => planMachineWalk({ ...fetcherWalk, maxPaths: 1 })).toThrow(/exceed maxPaths 1/);
  });

  it('fails a path when the running actor diverges from the model', async () => {
    // The model never runs actions, the real actor does: an action that feeds a guard makes them differ.
    let opened = false;
    const door = setup({
      types: { events: {} as { type: 'PUSH' } },
      actions: { open: () => {} },
      guards: { isOpen: () => opened },
    }).createMachine({
      id: 'door',
      initial: 'closed',
      states: {
        closed: {
          on: {
            PUSH: [
              { guard: 'isOpen', target: 'through' },
              { target: 'ajar', actions: 'open' },
            ],
          },
        },
        ajar: { on: { PUSH: [{ guard: 'isOpen', target: 'through' }, { target: 'closed' }] } },
        through: {},
      },
    });
    const walk = planMachineWalk({
      machine: door.provide({ actions: { open: () => (opened = true) } }),
      events: { PUSH: [{ type: 'PUSH' }] },
      contextThatMatters: () => null,
    });
    const twoPushes = walk.paths.find((path) => path.steps.length === 3);
    if (!twoPushes) throw new Error('expected a two-step path');
    await expect(walk.replay(twoPushes)).rejects.toThrow(/state "through", path expects "closed"/);
    expect(walk.coverage().paths.failed).toBe(1);
  });
  it('combines walks from different inputs into one coverage', async () => {
    // A gate that opens by itself for members: each input reaches only one of the two outcomes.
    const gate = setup({
      types: { input: {} as { member: boolean }, context: {} as { member: boolean } },
      guards: { isMember: ({ context }) => context.member },
    }).createMachine({
      id: 'gate',
      context: ({ input }) => ({ member: input.member }),
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'isMember', target: 'open' }, { target: 'closed' }] },
        open: {},
        closed: {},
      },
    });
    const walks = [true, false].map((member) =>
      planMachineWalk({
        machine: gate,
        input: { member },
        events: {},
        contextThatMatters: (context) => context,
      }),
    );
    for (const walk of walks) for (const path of walk.paths) await walk.replay(path);

    const [members, visitors] = walks;
    if (!members || !visitors) throw new Error('expected two walks');
    // The transient start state counts as reached, though no snapshot ever rests in it.
    expect(coverageGaps(members.coverage()).states).toEqual(['gate.closed']);
    expect(coverageGaps(visitors.coverage()).states).toEqual(['gate.open']);
    const combined = combinedCoverage(walks);
    expect(coverageGaps(combined)).toEqual({ states: [], transitions: [], eventTypes: [], failedPaths: [] });
    expect(combined.paths.replayed).toBe(2);
    expect(combined.states.visits['gate.checking']).toBeGreaterThanOrEqual(2);
    expect(() => combinedCoverage([])).toThrow(/at least one walk/);
  });
});
