/**
 * Walks the real screens along the paths `planMachineWalk` generates from a machine.
 *
 * For each path: the walk's `start` opens the flow's entry (a route, plus what the user does to
 * start the machine), then, step by step, the executor of the step's event makes it happen the way a
 * user or the server would (typing, clicking, a clock advance, a held request let through), and the
 * assertions of every state node active after the step check what the user sees. The path is then
 * replayed on the model as well, so the coverage numbers are the harness's own.
 *
 * Two tables per flow, both checked so nothing drops out silently:
 * - executors: `satisfies Executors<typeof machine, InvokeId, World>`, keyed by the machine's event
 *   union, its delays (`xstate.after.<delay>`) and `xstate.done|error.actor.<invokeId>`, so an event
 *   added to the machine without an executor does not compile; invoke ids are declared per flow and
 *   compared with the machine at run time.
 * - assertions: one per state node id; a test fails when a state of the machine has none. States the
 *   user can never rest in say why: `notOnScreen(why)` for eventless decisions (checked to be
 *   eventless), `passedThrough(why)` for an actor the screen settles within the same tick (a local
 *   storage read or write; checked to invoke something).
 *
 * Waiting states are made visible by holding their request (`RequestGate`), delays by the machines'
 * clock (`controlMachineClock`). Paths come from `coveringPaths`: the fewest generated paths that still
 * reach every state and transition the whole set reaches. A product bug found this way is listed as a
 * `knownBugs` entry: its paths run as `it.fails`, so the fix turns the run red until the entry goes.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineRegistry } from '@machines/registry';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  EventFromLogic,
  SnapshotFrom,
  StateMachine,
} from 'xstate';
import { inventoryOf } from '../../machines/harness/machine-inventory';
import { describePath, pathSignature } from '../../machines/harness/path-steps';
import type { UiWalkRecord } from '../../machines/harness/tester-paths-report';
import {
  combinedCoverage,
  coverageGaps,
  type MachineWalk,
  type WalkPath,
} from '../../machines/harness/walk-machine';
import { walksFor } from '../../machines/walks/machine-walks';
import { controlMachineClock, type MachineClock } from './machine-clock';
import { RequestGate, type RequestPattern } from './request-gate';

const AFTER_PREFIX = 'xstate.after.';
const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';

// biome-ignore lint/suspicious/noExplicitAny: positional type parameters of StateMachine.
type AnyParam = any;
export type DelayOf<M> =
  M extends StateMachine<
    AnyParam,
    AnyParam,
    AnyParam,
    AnyParam,
    AnyParam,
    AnyParam,
    infer TDelay,
    AnyParam,
    AnyParam,
    AnyParam,
    AnyParam,
    AnyParam,
    AnyParam,
    AnyParam,
    AnyParam
  >
    ? TDelay
    : never;

/** Every event a path of `M` can take: its own events, its delays, and its invoked actors settling. */
export type ExecutorKey<M extends AnyStateMachine, TInvokeId extends string> =
  | EventFromLogic<M>['type']
  | `${typeof AFTER_PREFIX}${DelayOf<M>}`
  | `${typeof DONE_PREFIX}${TInvokeId}`
  | `${typeof ERROR_PREFIX}${TInvokeId}`;

export interface Step<M extends AnyStateMachine, W> {
  world: W;
  /** The model's event for this step (payloads are the walk's fixtures). */
  event: AnyEventObject;
  from: SnapshotFrom<M>;
  to: SnapshotFrom<M>;
  path: WalkPath<M>;
  index: number;
  /** The first event after this step whose type is one of `types`. */
  later(...types: string[]): AnyEventObject | undefined;
  clock: MachineClock;
  gate: RequestGate;
}

export type Executor<M extends AnyStateMachine, W> = (step: Step<M, W>) => Promise<void> | void;
export type Executors<M extends AnyStateMachine, TInvokeId extends string, W> = Record<
  ExecutorKey<M, TInvokeId>,
  Executor<M, W>
>;

export interface Seen<M extends AnyStateMachine, W> {
  world: W;
  /** The model's snapshot the screen must show. */
  state: SnapshotFrom<M>;
}

/** Checks the screen; throws (an `expect`) while it does not show the state yet. Retried until it does. */
export type StateView<M extends AnyStateMachine, W> = (seen: Seen<M, W>) => void;
export interface NotOnScreen {
  notOnScreen: string;
}
export interface PassedThrough {
  passedThrough: string;
}
export type StateAssertions<M extends AnyStateMachine, W> = Record<
  string,
  StateView<M, W> | NotOnScreen | PassedThrough
>;

/** An eventless decision: passed through within one step, never rested in, so never on screen. */
export function notOnScreen(why: string): NotOnScreen {
  return { notOnScreen: why };
}

/**
 * A state whose actor settles within the same tick on screen (a synchronous read or write of local
 * storage): the model rests in it until its done event, the screen never does. While such a state
 * is active, the step's assertions wait for the next step; the state must invoke an actor.
 */
export function passedThrough(why: string): PassedThrough {
  return { passedThrough: why };
}

/** An executor for an event no screen sends: taking it fails the walk (the fixtures must not offer it). */
export function notSentByAnyScreen(why: string): Executor<AnyStateMachine, unknown> {
  return ({ event }) => {
    throw new Error(`${event.type}: no screen sends this event (${why})`);
  };
}

export interface UiWalkFlow<M extends AnyStateMachine, TInvokeId extends string, W> {
  name: string;
  machine: M;
  invokeIds: readonly TInvokeId[];
  /**
   * The request each invoked actor makes, or a function of the state it starts in (null: no request,
   * say a read of local storage); actors missing here settle without the network.
   */
  requests: Partial<Record<TInvokeId, RequestPattern | ((state: SnapshotFrom<M>) => RequestPattern | null)>>;
  executors: Executors<M, TInvokeId, W>;
  assertions: StateAssertions<M, W>;
  /**
   * Transition keys, event types or state ids the walks leave out, each with its reason: what no
   * screen can do, what a known bug hides, what is walked by another suite. The coverage test
   * ignores exactly these and prints them.
   */
  notWalkedOnScreen?: Record<string, string>;
}

export interface UiWalkStart<M extends AnyStateMachine = AnyStateMachine> {
  clock: MachineClock;
  gate: RequestGate;
  /** The path about to be walked: a start may prepare the server for its first outcome. */
  path: WalkPath<M>;
}

export interface UiWalk<M extends AnyStateMachine, W> {
  name: string;
  plan: MachineWalk<M>;
  /** The paths to walk (default all of the plan's). */
  paths?: WalkPath<M>[];
  /** Opens the entry and does what starts the machine; resolves with the flow's world for the path. */
  start: (setup: UiWalkStart<M>) => Promise<W>;
  /**
   * Product bugs the walks found and that are not fixed yet: a path they affect runs as `it.fails`
   * (it must still fail; once the bug is fixed it passes, the run goes red, and the entry is removed).
   */
  knownBugs?: ReadonlyArray<KnownBug<M>>;
  /** Runs after each path, passed or failed. */
  finish?: (world: W) => Promise<void> | void;
}

export interface KnownBug<M extends AnyStateMachine> {
  bug: string;
  affects: (path: WalkPath<M>) => boolean;
}

function nodesOf(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot._nodes as AnyStateNode[]).filter((node) => node.parent !== undefined);
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

/** `xstate.after.resendTick.otp.enteringCode.resend.idle` → `xstate.after.resendTick`. */
export function executorKeyOf(eventType: string): string {
  if (!eventType.startsWith(AFTER_PREFIX)) return eventType;
  return `${AFTER_PREFIX}${eventType.slice(AFTER_PREFIX.length).split('.')[0]}`;
}

export function invokeIdsOf(machine: AnyStateMachine): string[] {
  return [
    ...new Set(
      allNodes(machine.root).flatMap((node) =>
        (node.invoke as unknown as Array<{ id: string }>).map(({ id }) => id),
      ),
    ),
  ];
}

/** What the flow's walks did, for the report. */
export interface UiWalkTally {
  paths: number;
  steps: number;
  statesAsserted: Map<string, number>;
  passedThrough: Set<string>;
  startedAt: number;
}

export function describeUiWalks<M extends AnyStateMachine, TInvokeId extends string, W>(
  flow: UiWalkFlow<M, TInvokeId, W>,
  walks: ReadonlyArray<UiWalk<M, W>>,
) {
  const machine = flow.machine;
  const inventory = inventoryOf(machine);
  const tally: UiWalkTally = {
    paths: 0,
    steps: 0,
    statesAsserted: new Map(),
    passedThrough: new Set(),
    startedAt: Date.now(),
  };

  async function assertState(world: W, state: SnapshotFrom<M>, where: string) {
    const nodes = nodesOf(state as AnyMachineSnapshot);
    const instant = nodes.find((node) => {
      const view = flow.assertions[node.id];
      return view !== undefined && typeof view !== 'function' && 'passedThrough' in view;
    });
    if (instant) {
      tally.passedThrough.add(instant.id);
      return;
    }
    for (const node of nodes) {
      const view = flow.assertions[node.id];
      if (view === undefined) throw new Error(`${where}: no UI assertion for state ${node.id}`);
      if (typeof view !== 'function' && 'passedThrough' in view) continue;
      if (typeof view !== 'function') {
        throw new Error(
          `${where}: ${node.id} is marked not on screen (${view.notOnScreen}) but the path rests in it`,
        );
      }
      try {
        await waitFor(() => view({ world, state }), { timeout: 5000 });
      } catch (error) {
        // Testing Library appends the whole DOM; the first lines say what was missing.
        const message = (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 3);
        throw new Error(`${where}: the screen does not show ${node.id}\n${message.join('\n')}`);
      }
      tally.statesAsserted.set(node.id, (tally.statesAsserted.get(node.id) ?? 0) + 1);
    }
  }

  /** Holds the request of every actor the step starts (new in `to`), before the step runs. */
  function armHolds(gate: RequestGate, from: AnyMachineSnapshot | null, to: AnyMachineSnapshot) {
    const before = new Set(from ? nodesOf(from) : []);
    for (const node of nodesOf(to)) {
      if (before.has(node)) continue;
      for (const { id } of node.invoke as unknown as Array<{ id: TInvokeId }>) {
        const request = flow.requests[id];
        const pattern =
          typeof request === 'function'
            ? request(to as SnapshotFrom<M>)
            : (request as RequestPattern | undefined);
        if (pattern && !gate.isHeld(id)) gate.hold(id, pattern);
      }
    }
  }

  async function walkPath(walk: UiWalk<M, W>, path: WalkPath<M>) {
    const clock = controlMachineClock();
    const gate = new RequestGate();
    let world: W | undefined;
    try {
      const first = path.steps[0];
      if (!first) throw new Error('empty path');
      armHolds(gate, null, first.state as AnyMachineSnapshot);
      world = await walk.start({ clock, gate, path });
      await assertState(world, first.state, 'start');
      for (let index = 1; index < path.steps.length; index++) {
        const step = path.steps[index];
        const previous = path.steps[index - 1];
        if (!step || !previous) break;
        const key = executorKeyOf(step.event.type) as ExecutorKey<M, TInvokeId>;
        const executor = flow.executors[key];
        if (!executor) throw new Error(`no executor for ${step.event.type}`);
        armHolds(gate, previous.state as AnyMachineSnapshot, step.state as AnyMachineSnapshot);
        const currentWorld = world;
        await executor({
          world: currentWorld,
          event: step.event,
          from: previous.state,
          to: step.state,
          path,
          index,
          clock,
          gate,
          later: (...types) =>
            path.steps.slice(index + 1).find((later) => types.includes(executorKeyOf(later.event.type)))
              ?.event,
        });
        await assertState(currentWorld, step.state, `step ${index} (${step.event.type})`);
        tally.steps += 1;
      }
      tally.paths += 1;
    } finally {
      gate.reset();
      clock.restore();
      if (world !== undefined) await walk.finish?.(world);
    }
    // The same path on the model: its coverage is what the report counts.
    await walk.plan.replay(path);
  }

  describe(flow.name, () => {
    it('has a UI assertion for every state of the machine, and nothing else', () => {
      expect(Object.keys(flow.assertions).sort()).toEqual([...inventory.stateIds].sort());
      for (const [id, view] of Object.entries(flow.assertions)) {
        if (typeof view === 'function') continue;
        const node = machine.getStateNodeById(id) as AnyStateNode;
        if ('passedThrough' in view) expect(node.invoke.length, `${id} invokes nothing`).toBeGreaterThan(0);
        else expect(node.always?.length ?? 0, `${id} is not an eventless decision`).toBeGreaterThan(0);
      }
    });

    it('has an executor for every event the machine handles, and declares its invoked actors', () => {
      expect([...flow.invokeIds].sort()).toEqual(invokeIdsOf(machine).sort());
      const handled = new Set(
        inventory.eventTypes.filter((type) => type !== '' && !type.includes('*')).map(executorKeyOf),
      );
      const keys = Object.keys(flow.executors);
      for (const type of handled) expect(keys, `executor for ${type}`).toContain(type);
    });

    const only = onlyPath ? screenPathFor(onlyPath, machine, walks) : null;
    if (onlyPath) {
      it(`walks the path ${onlyPath} through these screens`, async () => {
        if (!only) throw new Error(`no walk of ${flow.name} takes the steps of path ${onlyPath}`);
        await walkPath(only.walk, only.path);
      });
      return;
    }

    const walked: UiWalkRecord['paths'] = [];
    let expected = 0;
    for (const walk of walks) {
      const paths = walk.paths ?? walk.plan.paths;
      const bugOf = (path: WalkPath<M>) => walk.knownBugs?.find((known) => known.affects(path));
      describe(walk.name, () => {
        for (const path of paths) {
          const known = bugOf(path);
          if (known) it.fails(`[known bug: ${known.bug}] ${path.id}`, () => walkPath(walk, path));
          else {
            expected += 1;
            it(path.id, async () => {
              await walkPath(walk, path);
              walked.push({ walk: walk.name, signature: pathSignature(path) });
            });
          }
        }
      });
    }

    it('reached every state and transition on screen', () => {
      // Every path walked on screen: what the tester reports count as walked through the screens.
      if (walked.length === expected) recordWalkedPaths(flow.name, machine.id, walked);
      const coverage = combinedCoverage(walks.map((walk) => walk.plan));
      const ignored = Object.keys(flow.notWalkedOnScreen ?? {});
      expect(coverageGaps(coverage, ignored)).toEqual({
        states: [],
        transitions: [],
        eventTypes: [],
        failedPaths: [],
      });
      const asserted = [...tally.statesAsserted.keys()];
      const resting = Object.entries(flow.assertions)
        .filter(([, view]) => typeof view === 'function')
        .map(([id]) => id);
      const notWalked = new Set(Object.keys(flow.notWalkedOnScreen ?? {}));
      expect(resting.filter((id) => !asserted.includes(id) && !notWalked.has(id))).toEqual([]);
      for (const [key, why] of Object.entries(flow.notWalkedOnScreen ?? {})) {
        console.info(`[ui-walk] ${flow.name}: not walked on screen: ${key} (${why})`);
      }
      const seconds = ((Date.now() - tally.startedAt) / 1000).toFixed(1);
      console.info(
        `[ui-walk] ${flow.name}: ${tally.paths} paths walked ` +
          `(of ${walks.reduce((total, walk) => total + walk.plan.paths.length, 0)} generated), ${tally.steps} steps, ` +
          `${asserted.length}/${inventory.stateIds.length} states asserted on screen ` +
          `(${tally.passedThrough.size} passed through within a tick), ` +
          `${coverage.transitions.taken.length}/${coverage.transitions.all} transitions reached, ${seconds} s`,
      );
    });
  });
}

const onlyPath = process.env.PATH_ID?.trim() || null;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The screen path that takes the steps of a model path (the tester's `PATH_ID`): the model path is
 * found among the machine's model walks by its id, then the shortest path of these walks' plans whose
 * signature starts with its signature is walked. Null when the id is another machine's, or no walk
 * here takes those steps.
 */
function screenPathFor<M extends AnyStateMachine, W>(
  id: string,
  machine: M,
  walks: ReadonlyArray<UiWalk<M, W>>,
): { walk: UiWalk<M, W>; path: WalkPath<M> } | null {
  const entry = machineRegistry.find((registered) => registered.machine.id === machine.id);
  if (!entry || !id.startsWith(`${machine.id}-`)) return null;
  const model = walksFor(entry.machine)
    .walks.flatMap(({ name, walk }) =>
      walk.paths.map((path) => describePath(entry.machine, name, path, entry.events)),
    )
    .find((path) => path.id === id);
  if (!model) return null;
  const candidates = walks.flatMap((walk) =>
    walk.plan.paths
      .filter((path) => {
        const signature = pathSignature(path);
        return model.signature.every((step, index) => signature[index] === step);
      })
      .map((path) => ({ walk, path })),
  );
  candidates.sort((a, b) => a.path.steps.length - b.path.steps.length);
  return candidates[0] ?? null;
}

/** docs/paths/walked/ui-<flow>.json: the signatures of the paths a UI walk file walked, all passed. */
function recordWalkedPaths(flow: string, machineId: string, paths: UiWalkRecord['paths']): void {
  const testPath = expect.getState().testPath;
  const file = testPath ? relative(repoRoot, testPath).split('\\').join('/') : '';
  const record: UiWalkRecord = { machineId, flow, file, paths };
  const dir = join(repoRoot, 'docs/paths/walked');
  mkdirSync(dir, { recursive: true });
  const slug = flow
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-|-$/g, '');
  // Written aside and renamed: with two workers the path-coverage test may read it meanwhile.
  const target = join(dir, `ui-${slug}.json`);
  const partial = `${target}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(partial, target);
}

/**
 * The fewest paths, over several walks of one machine, that still reach every state and take every
 * transition the walks' paths reach together (greedy set cover; each walk keeps at least one path,
 * since its start is a way in of its own). Each path mounts the app, so this is what keeps the UI walks
 * fast. What a path reaches is measured by replaying it on a scratch plan of the model, so the choice
 * uses the same transition keys as the coverage gate.
 */
export async function coveringPaths<M extends AnyStateMachine>(
  walks: ReadonlyArray<{ name: string; plan: () => MachineWalk<M>; knownBugs?: ReadonlyArray<KnownBug<M>> }>,
): Promise<Map<string, WalkPath<M>[]>> {
  const candidates: Array<{ walk: string; path: WalkPath<M>; keys: Set<string> }> = [];
  // A path a known bug affects covers nothing (it fails on screen); the shortest one per bug is added.
  const buggy = new Map<KnownBug<M>, { walk: string; path: WalkPath<M>; keys: Set<string> }>();
  for (const walk of walks) {
    const scratch = walk.plan();
    let taken = new Map<string, number>();
    let visits: Record<string, number> = {};
    for (const path of scratch.paths) {
      await scratch.replay(path);
      const coverage = scratch.coverage();
      const nextTaken = new Map(coverage.transitions.taken.map((ref) => [ref.key, ref.count]));
      const keys = new Set([`walk:${walk.name}`]);
      for (const [key, count] of nextTaken) if (count > (taken.get(key) ?? 0)) keys.add(key);
      for (const [id, count] of Object.entries(coverage.states.visits))
        if (count > (visits[id] ?? 0)) keys.add(id);
      const known = walk.knownBugs?.find((bug) => bug.affects(path));
      if (!known) candidates.push({ walk: walk.name, path, keys });
      else {
        const shortest = buggy.get(known);
        if (!shortest || path.steps.length < shortest.path.steps.length)
          buggy.set(known, { walk: walk.name, path, keys });
      }
      taken = nextTaken;
      visits = { ...coverage.states.visits };
    }
  }
  const covered = new Set<string>();
  const chosen = new Set<(typeof candidates)[number]>();
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      let gain = 0;
      for (const key of candidate.keys) if (!covered.has(key)) gain++;
      if (
        gain > bestGain ||
        (gain === bestGain && best && candidate.path.steps.length < best.path.steps.length)
      ) {
        if (gain === 0) continue;
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    for (const key of best.keys) covered.add(key);
    chosen.add(best);
  }
  for (const example of buggy.values()) {
    candidates.push(example);
    chosen.add(example);
  }
  return new Map(
    walks.map((walk) => [
      walk.name,
      candidates
        .filter((candidate) => candidate.walk === walk.name && chosen.has(candidate))
        .map((c) => c.path),
    ]),
  );
}
