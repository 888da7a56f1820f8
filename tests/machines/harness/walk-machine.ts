/**
 * Model-based walk of an XState v5 machine: generate paths from the machine graph with
 * `@xstate/graph`, then replay every path against a REAL actor of the same machine and assert, at each
 * step, that the actor is where the path says it should be.
 *
 * Why not `createTestModel`: it refuses machines with `after` delays and `invoke`. Here the graph is
 * traversed on the machine itself (delays appear as `xstate.after.<delay>.<stateId>` events, actor
 * completions as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`), and the replay turns those
 * framework events back into real causes:
 *
 * - `xstate.after.*`: a `SimulatedClock` is advanced by the delay's duration, so the actor's own timer fires;
 * - `xstate.done.actor.<id>` / `xstate.error.actor.<id>`: every invoked actor is replaced by a controlled
 *   promise (see `controlled-actors.ts`) that the step resolves with `output` or rejects with `error`;
 * - anything else is sent to the actor as is.
 *
 * Paths come from `getShortestPaths`, `getSimplePaths` and one path per graph edge; duplicates and
 * prefixes of longer paths are dropped. The expected snapshot of every step is recomputed for the
 * path's own event sequence with xstate's pure `transition`.
 *
 * Event fixtures are required: a state that handles an application event without a fixture makes
 * path generation throw, instead of xstate silently trying a bare `{ type }`.
 *
 * Typical use (one `it` per path, then a coverage gate):
 *
 * ```ts
 * const walk = planMachineWalk({
 *   machine: otpMachine.provide({ actions: { notify: () => {} } }),
 *   input: { phoneNumber: '+972501234567' },
 *   events: { SUBMIT_CODE: [{ type: 'SUBMIT_CODE', code: '123456' }], RESEND: [{ type: 'RESEND' }] },
 *   actorOutputs: { verifyOtp: [{ ok: true }] },
 *   contextThatMatters: (context) => ({ countdown: context.countdown, error: context.error }),
 *   serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.countdown > 0]),
 * });
 * it.each(walk.paths.map((path) => [path.id, path] as const))('%s', (_, path) => walk.replay(path));
 * it('covers the machine', () => expectFullCoverage(walk.coverage()));
 * ```
 *
 * Do not combine with vitest fake timers: the replay waits for settled promises with a real
 * `setTimeout(0)`; time inside the machine is the `SimulatedClock`.
 */

import { isDeepStrictEqual } from 'node:util';
import {
  type AdjacencyMap,
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  type StatePath,
} from '@xstate/graph';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type ContextFrom,
  createActor,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  initialTransition,
  SimulatedClock,
  type SnapshotFrom,
  transition,
} from 'xstate';
import { ControlledActors, flushPromises, type Invocation, invokedActorSources } from './controlled-actors';
import {
  CoverageRecorder,
  inventoryOf,
  type MachineInventory,
  type PathKind,
  toTransitionRef,
  type WalkCoverage,
} from './machine-inventory';

const AFTER_PREFIX = 'xstate.after.';
const DONE_ACTOR_PREFIX = 'xstate.done.actor.';
const ERROR_ACTOR_PREFIX = 'xstate.error.actor.';

type FixtureList<TSnapshot, T> = readonly T[] | ((snapshot: TSnapshot) => readonly T[]);

/** Concrete events to try for each application event type; a function may vary them by state. */
export type EventFixtures<TMachine extends AnyStateMachine> = {
  [K in EventFromLogic<TMachine>['type']]?: FixtureList<
    SnapshotFrom<TMachine>,
    Extract<EventFromLogic<TMachine>, { type: K }>
  >;
};

export interface WalkOptions<TMachine extends AnyStateMachine> {
  /**
   * The machine under test, with any actions you want to observe or silence already replaced via
   * `provide()`. Invoked actors are replaced by the harness (see `controlledActors`).
   */
  machine: TMachine;
  input?: InputFrom<TMachine>;
  /** Fixtures for application events (required for every event type a reachable state handles). */
  events: EventFixtures<TMachine>;
  /** Outputs to try for `xstate.done.actor.<invokeId>`, keyed by invoke id (required when handled). */
  actorOutputs?: Record<string, FixtureList<SnapshotFrom<TMachine>, unknown>>;
  /** Errors to try for `xstate.error.actor.<invokeId>`; defaults to one generic `Error`. */
  actorErrors?: Record<string, FixtureList<SnapshotFrom<TMachine>, unknown>>;
  /** The part of the context each step must match; it also keys the graph unless `serializeState` is given. */
  contextThatMatters: (context: ContextFrom<TMachine>) => unknown;
  /**
   * Graph vertex key. Keep only what matters: unbounded context (timestamps, counters) makes the
   * graph infinite. Defaults to the state value plus `contextThatMatters`.
   */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Readable label of an event in path ids; defaults to its type plus a short JSON of its payload. */
  describeEvent?: (event: AnyEventObject) => string;
  /** Maximum graph traversal iterations (throws when exceeded). Default 10 000. */
  limit?: number;
  /**
   * Which generators to use. Default all: `shortest` reaches each vertex, `simple` adds the detours,
   * `edge` takes every edge once (so no reachable transition is left out).
   */
  generators?: readonly PathKind[];
  /** Upper bound on unique paths; exceeding it throws rather than dropping coverage. Default 500. */
  maxPaths?: number;
  /** Actor `src` names to control; default every actor the machine invokes by name. */
  controlledActors?: readonly string[];
}

export interface WalkStep<TMachine extends AnyStateMachine> {
  /** The event that led to `state`; the first step's is `xstate.init`. */
  event: AnyEventObject;
  state: SnapshotFrom<TMachine>;
}

export interface WalkPath<TMachine extends AnyStateMachine> {
  /** Unique, readable: kind, index and the event labels. Suitable as a test name. */
  id: string;
  kind: PathKind;
  steps: WalkStep<TMachine>[];
}

export interface PathReplay<TMachine extends AnyStateMachine> {
  /** Every controlled actor invocation with its input and how the path settled it. */
  invocations: Invocation[];
  /** Actions the machine executed, in order (type and resolved params). */
  actions: Array<{ type: string; params: unknown }>;
  finalSnapshot: SnapshotFrom<TMachine>;
}

export interface MachineWalk<TMachine extends AnyStateMachine> {
  paths: WalkPath<TMachine>[];
  inventory: MachineInventory;
  /** Replays one path on a fresh actor; throws on the first mismatch. Records coverage either way. */
  replay(path: WalkPath<TMachine>): Promise<PathReplay<TMachine>>;
  /** Coverage accumulated by the replays so far. */
  coverage(): WalkCoverage;
}

function defaultDescribeEvent(event: AnyEventObject): string {
  const { type, ...payload } = event;
  if (type.startsWith(AFTER_PREFIX)) return `after(${type.slice(AFTER_PREFIX.length).split('.')[0]})`;
  const rest = Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : '';
  return `${type}${rest.length > 61 ? `${rest.slice(0, 60)}…` : rest}`;
}

function resolveFixtures<TSnapshot, T>(list: FixtureList<TSnapshot, T> | undefined, snapshot: TSnapshot) {
  if (list === undefined) return undefined;
  return typeof list === 'function' ? list(snapshot) : list;
}

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return snapshot._nodes as AnyStateNode[];
}

/** Builds the traversal's events for a state from the fixtures; throws on a handled event without one. */
function traversalEvents<TMachine extends AnyStateMachine>(options: WalkOptions<TMachine>) {
  return (snapshot: SnapshotFrom<TMachine>): AnyEventObject[] => {
    const machineSnapshot = snapshot as AnyMachineSnapshot;
    const types = [...new Set(activeNodes(machineSnapshot).flatMap((node) => node.ownEvents as string[]))];
    const events: AnyEventObject[] = [];
    for (const type of types) {
      if (type.startsWith(AFTER_PREFIX)) {
        events.push({ type });
      } else if (type.startsWith(DONE_ACTOR_PREFIX)) {
        const id = type.slice(DONE_ACTOR_PREFIX.length);
        const outputs = resolveFixtures(options.actorOutputs?.[id], snapshot);
        if (!outputs)
          throw new Error(`walk: state ${JSON.stringify(machineSnapshot.value)} needs actorOutputs.${id}`);
        events.push(...outputs.map((output) => ({ type, output })));
      } else if (type.startsWith(ERROR_ACTOR_PREFIX)) {
        const id = type.slice(ERROR_ACTOR_PREFIX.length);
        const errors = resolveFixtures(options.actorErrors?.[id], snapshot) ?? [new Error(`${id} failed`)];
        events.push(...errors.map((error) => ({ type, error })));
      } else if (type.startsWith('xstate.') || type.includes('*')) {
        // Internal (done.state, raised) or wildcard descriptors: not something a caller sends.
      } else {
        const key = type as EventFromLogic<TMachine>['type'];
        const fixtures = resolveFixtures(options.events[key], snapshot);
        if (!fixtures)
          throw new Error(`walk: state ${JSON.stringify(machineSnapshot.value)} needs events.${type}`);
        events.push(...(fixtures as readonly AnyEventObject[]));
      }
    }
    // Events the state would ignore (guards all false, no actions) add nothing to the graph.
    return events.filter((event) => machineSnapshot.can(event));
  };
}

type GraphPath = StatePath<AnyMachineSnapshot, AnyEventObject>;

/**
 * One path per edge of the graph: the shortest path to its source, then the edge. Shortest and simple
 * paths never take an edge back into a vertex they already visited (a RESEND that restarts a
 * countdown, a CANCEL back to idle), so without these such transitions would go unreplayed.
 */
function edgePaths(
  adjacency: AdjacencyMap<AnyMachineSnapshot, AnyEventObject>,
  shortest: readonly GraphPath[],
  serialize: (snapshot: AnyMachineSnapshot) => string,
): Array<{ kind: PathKind; path: GraphPath }> {
  const toVertex = new Map(shortest.map((path) => [serialize(path.state), path]));
  return Object.entries(adjacency).flatMap(([vertex, { transitions }]) => {
    const head = toVertex.get(vertex);
    if (!head) return [];
    const edges = Object.values(transitions) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
    return edges.map(({ event, state }) => ({
      kind: 'edge' as const,
      path: { state, weight: head.weight + 1, steps: [...head.steps, { event, state }] },
    }));
  });
}

/** Drops exact duplicates and any path whose event sequence is a prefix of another kept path. */
function uniquePaths<T>(
  paths: Array<{ kind: PathKind; path: StatePath<T & AnyMachineSnapshot, AnyEventObject> }>,
) {
  const keyed = paths.map((entry) => ({
    ...entry,
    keys: entry.path.steps.slice(1).map((step) => JSON.stringify(step.event)),
  }));
  keyed.sort((a, b) => b.keys.length - a.keys.length);
  const kept: typeof keyed = [];
  for (const candidate of keyed) {
    const covered = kept.some((other) => candidate.keys.every((key, index) => other.keys[index] === key));
    if (!covered) kept.push(candidate);
  }
  return kept.reverse();
}

/** Duration of the delay behind an `xstate.after.*` event, read from the active state that schedules it. */
function delayFor(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, eventType: string): number {
  for (const node of activeNodes(snapshot)) {
    const delayed = node.after.find((transition) => transition.eventType === eventType);
    if (!delayed) continue;
    const { delay } = delayed;
    if (typeof delay === 'number') return delay;
    const configured = (machine.implementations.delays as Record<string, unknown>)[String(delay)];
    if (typeof configured === 'number') return configured;
    if (typeof configured === 'function') {
      return configured({ context: snapshot.context, event: { type: eventType } }, undefined) as number;
    }
    throw new Error(`walk: delay "${String(delay)}" has no implementation`);
  }
  throw new Error(`walk: no active state schedules ${eventType}`);
}

/**
 * The model's prediction for one event sequence, recomputed with xstate's pure `transition`. The graph
 * keeps one representative snapshot per `serializeState` key, so when that key leaves out part of the
 * context, the snapshots inside a generated path may come from other sequences; replaying against them
 * would compare with states this sequence never produces.
 */
function predictSteps<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine> | undefined,
  events: readonly AnyEventObject[],
): WalkStep<TMachine>[] {
  const logic = machine as AnyStateMachine;
  let [snapshot] = initialTransition(logic, input);
  const steps: WalkStep<TMachine>[] = [
    { event: { type: 'xstate.init' }, state: snapshot as SnapshotFrom<TMachine> },
  ];
  for (const event of events) {
    [snapshot] = transition(logic, snapshot, event);
    steps.push({ event, state: snapshot as SnapshotFrom<TMachine> });
  }
  return steps;
}

/**
 * Generates the paths (synchronously, so they can feed `it.each`) and returns a replayer that records
 * coverage. See the module comment for the contract.
 */
export function planMachineWalk<TMachine extends AnyStateMachine>(
  options: WalkOptions<TMachine>,
): MachineWalk<TMachine> {
  const { machine, contextThatMatters } = options;
  const describeEvent = options.describeEvent ?? defaultDescribeEvent;
  const serializeState =
    options.serializeState ??
    ((snapshot: SnapshotFrom<TMachine>) =>
      JSON.stringify({
        value: (snapshot as AnyMachineSnapshot).value,
        context: contextThatMatters((snapshot as AnyMachineSnapshot).context),
      }));
  const traversal = {
    input: options.input,
    events: traversalEvents(options),
    serializeState: (snapshot: SnapshotFrom<TMachine>) => serializeState(snapshot),
    limit: options.limit ?? 10_000,
  };
  const generators = options.generators ?? ['shortest', 'simple', 'edge'];
  // The traversal options are typed by the machine's event union; framework events widen it.
  const shortest = getShortestPaths(machine, traversal as never) as GraphPath[];
  const generated: Array<{ kind: PathKind; path: GraphPath }> = [];
  if (generators.includes('shortest'))
    generated.push(...shortest.map((path) => ({ kind: 'shortest' as const, path })));
  if (generators.includes('simple')) {
    const simple = getSimplePaths(machine, traversal as never) as GraphPath[];
    generated.push(...simple.map((path) => ({ kind: 'simple' as const, path })));
  }
  if (generators.includes('edge')) {
    const adjacency = getAdjacencyMap(machine, traversal as never) as AdjacencyMap<
      AnyMachineSnapshot,
      AnyEventObject
    >;
    generated.push(
      ...edgePaths(adjacency, shortest, traversal.serializeState as (s: AnyMachineSnapshot) => string),
    );
  }
  const unique = uniquePaths(generated);
  const maxPaths = options.maxPaths ?? 500;
  if (unique.length > maxPaths) {
    throw new Error(
      `walk: ${unique.length} paths exceed maxPaths ${maxPaths}; key fewer details in serializeState`,
    );
  }
  const paths: WalkPath<TMachine>[] = unique.map(({ kind, path }, index) => ({
    id: `${kind} #${index + 1}: ${path.steps
      .slice(1)
      .map((step) => describeEvent(step.event))
      .join(' → ')}`.replace(/: $/, ': (initial state)'),
    kind,
    steps: predictSteps(
      machine,
      options.input,
      path.steps.slice(1).map((step) => step.event),
    ),
  }));

  const inventory = inventoryOf(machine);
  const recorder = new CoverageRecorder(inventory, { generated: generated.length, unique: unique.length });
  const sources = options.controlledActors ?? invokedActorSources(machine);

  async function replay(path: WalkPath<TMachine>): Promise<PathReplay<TMachine>> {
    const controlled = new ControlledActors();
    const clock = new SimulatedClock();
    const actions: PathReplay<TMachine>['actions'] = [];
    const instrumented = machine.provide({ actors: controlled.implementations(sources) }) as TMachine;
    const inspect = (event: InspectionEvent) => {
      if (event.rootId !== event.actorRef.sessionId) return;
      if (event.type === '@xstate.microstep') {
        recorder.recordStates(activeNodes(event.snapshot as AnyMachineSnapshot).map((node) => node.id));
        for (const transition of event._transitions) {
          recorder.recordTransition(toTransitionRef(transition));
          // A transient state passed through at start (an `always` decision) is in no snapshot; the
          // eventless transition taken from it proves it was active.
          if (transition.eventType === '') recorder.recordStates([transition.source.id]);
        }
      } else if (event.type === '@xstate.action') {
        actions.push({ type: event.action.type, params: event.action.params });
        recorder.recordAction(event.action.type);
      }
    };
    const actor = createActor(instrumented, { input: options.input, clock, inspect });
    const events = path.steps.slice(1).map((step) => step.event.type);
    const expectStep = (index: number) => {
      const step = path.steps[index] as WalkStep<TMachine>;
      const expected = step.state as AnyMachineSnapshot;
      const actual = actor.getSnapshot() as AnyMachineSnapshot;
      recorder.recordStates(activeNodes(actual).map((node) => node.id));
      const where = `${path.id}\n  step ${index} (${describeEvent(step.event)})`;
      if (actual.status === 'error') throw new Error(`${where}: actor errored: ${String(actual.error)}`);
      if (!isDeepStrictEqual(actual.value, expected.value)) {
        throw new Error(
          `${where}: state ${JSON.stringify(actual.value)}, path expects ${JSON.stringify(expected.value)}`,
        );
      }
      const actualContext = contextThatMatters(actual.context);
      const expectedContext = contextThatMatters(expected.context);
      if (!isDeepStrictEqual(actualContext, expectedContext)) {
        throw new Error(
          `${where}: context ${JSON.stringify(actualContext)}, path expects ${JSON.stringify(expectedContext)}`,
        );
      }
    };
    try {
      actor.start();
      expectStep(0);
      for (let index = 1; index < path.steps.length; index++) {
        const event = (path.steps[index] as WalkStep<TMachine>).event;
        if (event.type.startsWith(AFTER_PREFIX)) {
          clock.increment(delayFor(instrumented, actor.getSnapshot() as AnyMachineSnapshot, event.type));
        } else if (event.type.startsWith(DONE_ACTOR_PREFIX)) {
          controlled.settle(event.type.slice(DONE_ACTOR_PREFIX.length), { output: event.output });
          await flushPromises();
        } else if (event.type.startsWith(ERROR_ACTOR_PREFIX)) {
          controlled.settle(event.type.slice(ERROR_ACTOR_PREFIX.length), { error: event.error });
          await flushPromises();
        } else {
          actor.send(event as EventFromLogic<TMachine>);
        }
        expectStep(index);
      }
      recorder.recordPath({ id: path.id, kind: path.kind, events, passed: true });
      return {
        invocations: controlled.invocations,
        actions,
        finalSnapshot: actor.getSnapshot() as SnapshotFrom<TMachine>,
      };
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      recorder.recordPath({ id: path.id, kind: path.kind, events, passed: false, failure });
      throw error;
    } finally {
      actor.stop();
    }
  }

  return { paths, inventory, replay, coverage: () => recorder.snapshot() };
}

/** Plans and replays every path; resolves with the coverage, rejects on the first failing path. */
export async function walkMachine<TMachine extends AnyStateMachine>(
  options: WalkOptions<TMachine>,
): Promise<WalkCoverage> {
  const walk = planMachineWalk(options);
  for (const path of walk.paths) await walk.replay(path);
  return walk.coverage();
}

/**
 * The gaps a coverage gate fails on: unreached state nodes, untaken transitions, unseen event types.
 * `ignore` takes state ids, transition keys or event types that are unreachable by design.
 */
export function coverageGaps(coverage: WalkCoverage, ignore: readonly string[] = []) {
  const skip = new Set(ignore);
  return {
    states: coverage.states.missed.filter((id) => !skip.has(id)),
    transitions: coverage.transitions.missed.map((ref) => ref.key).filter((key) => !skip.has(key)),
    eventTypes: coverage.eventTypes.missed.filter((type) => !skip.has(type)),
    failedPaths: coverage.paths.records.filter((record) => !record.passed).map((record) => record.id),
  };
}

/**
 * One coverage for several walks of the same machine, typically one walk per input (a walk has a single
 * input, and some states are reachable only from some inputs). A state, transition or event type is
 * covered when any walk covered it; visits, counts, actions and path records add up.
 */
export function combinedCoverage<TMachine extends AnyStateMachine>(
  walks: readonly MachineWalk<TMachine>[],
): WalkCoverage {
  const [first] = walks;
  if (!first) throw new Error('walk: combinedCoverage needs at least one walk');
  const { inventory } = first;
  const coverages = walks.map((walk) => {
    if (walk.inventory.machineId !== inventory.machineId) {
      throw new Error(`walk: cannot combine ${walk.inventory.machineId} with ${inventory.machineId}`);
    }
    return walk.coverage();
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const visits = Object.fromEntries(
    inventory.stateIds.map((id) => [id, sum(coverages.map((coverage) => coverage.states.visits[id] ?? 0))]),
  );
  const counts = new Map<string, number>();
  for (const coverage of coverages) {
    for (const ref of coverage.transitions.taken) counts.set(ref.key, (counts.get(ref.key) ?? 0) + ref.count);
  }
  const taken = inventory.transitions
    .filter((ref) => counts.has(ref.key))
    .map((ref) => ({ ...ref, count: counts.get(ref.key) ?? 0 }));
  const takenEvents = new Set(taken.map((ref) => ref.eventType));
  const actions: Record<string, number> = {};
  for (const coverage of coverages) {
    for (const [type, count] of Object.entries(coverage.actions))
      actions[type] = (actions[type] ?? 0) + count;
  }
  const records = coverages.flatMap((coverage) => coverage.paths.records);
  return {
    machineId: inventory.machineId,
    paths: {
      generated: sum(coverages.map((coverage) => coverage.paths.generated)),
      unique: sum(coverages.map((coverage) => coverage.paths.unique)),
      replayed: records.length,
      failed: records.filter((record) => !record.passed).length,
      records,
    },
    states: {
      all: [...inventory.stateIds],
      reached: inventory.stateIds.filter((id) => (visits[id] ?? 0) > 0),
      missed: inventory.stateIds.filter((id) => (visits[id] ?? 0) === 0),
      visits,
    },
    transitions: {
      all: inventory.transitions.length,
      taken,
      missed: inventory.transitions.filter((ref) => !counts.has(ref.key)),
    },
    eventTypes: {
      all: [...inventory.eventTypes],
      taken: inventory.eventTypes.filter((type) => takenEvents.has(type)),
      missed: inventory.eventTypes.filter((type) => !takenEvents.has(type)),
    },
    actions: Object.fromEntries(Object.entries(actions).sort(([a], [b]) => a.localeCompare(b))),
  };
}

export type { Invocation } from './controlled-actors';
export type {
  MachineInventory,
  PathKind,
  ReplayedPathRecord,
  TransitionCoverage,
  TransitionRef,
  WalkCoverage,
} from './machine-inventory';
