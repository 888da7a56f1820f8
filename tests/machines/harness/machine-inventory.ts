/**
 * What a machine defines (state nodes, transitions, event types) and what a walk exercised. Both use
 * the same string keys, so coverage computed on a `machine.provide()` copy (new StateNode objects)
 * still matches the inventory of the original machine.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** One transition definition. Guarded alternatives for the same event are separate transitions. */
export interface TransitionRef {
  /** `${source}|${eventType}|${index}`; stable for a given machine definition. */
  key: string;
  /** Id of the state node that declares the transition, e.g. `auth.loggedIn.idle`. */
  source: string;
  /** The event descriptor; `''` for eventless (`always`) transitions. */
  eventType: string;
  /** Position among the candidates for that event on that node (order of evaluation). */
  index: number;
  /** Readable guard, e.g. `hasRefreshToken` or `and(isExpiringSoon, hasRefreshToken)`; null if unguarded. */
  guard: string | null;
  /** Target state node ids; empty for targetless transitions. */
  targets: string[];
}

export interface MachineInventory {
  machineId: string;
  /** Every state node id except the root, in document order. */
  stateIds: string[];
  /** Every event descriptor some state handles, including `xstate.after.*` and `xstate.done.actor.*`. */
  eventTypes: string[];
  transitions: TransitionRef[];
}

export interface TransitionCoverage extends TransitionRef {
  /** How many times the transition was taken over all replayed paths. */
  count: number;
}

export interface ReplayedPathRecord {
  id: string;
  kind: PathKind;
  /** Event types in order, starting after `xstate.init`. */
  events: string[];
  passed: boolean;
  /** The mismatch or error message when `passed` is false. */
  failure?: string;
}

export type PathKind = 'shortest' | 'simple' | 'edge';

/**
 * Structured coverage of a walk: plain JSON, so a report (Markdown, HTML, CI annotation) can be built
 * on top without touching xstate objects.
 */
export interface WalkCoverage {
  machineId: string;
  paths: {
    /** Paths the generators returned, before removing duplicates and prefixes. */
    generated: number;
    /** Paths left to replay after de-duplication (a path that is a prefix of another is dropped). */
    unique: number;
    replayed: number;
    failed: number;
    records: ReplayedPathRecord[];
  };
  states: { all: string[]; reached: string[]; missed: string[]; visits: Record<string, number> };
  transitions: { all: number; taken: TransitionCoverage[]; missed: TransitionRef[] };
  eventTypes: { all: string[]; taken: string[]; missed: string[] };
  /** Action type → times executed by the machine under test (built-ins like `xstate.assign` included). */
  actions: Record<string, number>;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allStateNodes(child)]);
}

interface GuardLike {
  type?: unknown;
  guards?: unknown;
  name?: unknown;
}

function describeGuard(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const like = guard as GuardLike;
  if (typeof guard === 'function' && Array.isArray(like.guards)) {
    const name = typeof like.name === 'string' && like.name ? like.name : 'combined';
    return `${name}(${like.guards.map(describeGuard).join(', ')})`;
  }
  if (typeof like.type === 'string') return like.type;
  return typeof like.name === 'string' && like.name ? like.name : 'inline';
}

/** The inventory-compatible reference of a transition definition taken at runtime. */
export function toTransitionRef(transition: AnyTransitionDefinition): TransitionRef {
  const source = transition.source;
  const eventType = transition.eventType;
  const candidates: readonly AnyTransitionDefinition[] =
    eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  const index = candidates.indexOf(transition);
  return {
    key: `${source.id}|${eventType}|${index}`,
    source: source.id,
    eventType,
    index,
    guard: describeGuard(transition.guard),
    targets: (transition.target ?? []).map((target: AnyStateNode) => target.id),
  };
}

export function inventoryOf(machine: AnyStateMachine): MachineInventory {
  const nodes = allStateNodes(machine.root);
  const transitions: TransitionRef[] = [];
  for (const node of [machine.root, ...nodes]) {
    for (const candidates of node.transitions.values()) {
      for (const transition of candidates) transitions.push(toTransitionRef(transition));
    }
    for (const transition of node.always ?? []) transitions.push(toTransitionRef(transition));
  }
  const eventTypes = [...new Set(transitions.map((t) => t.eventType).filter((type) => type !== ''))];
  return { machineId: machine.id, stateIds: nodes.map((node) => node.id), eventTypes, transitions };
}

/** Accumulates what replays exercised; `snapshot()` turns it into a `WalkCoverage`. */
export class CoverageRecorder {
  private readonly stateVisits = new Map<string, number>();
  private readonly transitionCounts = new Map<string, { ref: TransitionRef; count: number }>();
  private readonly actionCounts = new Map<string, number>();
  private readonly records: ReplayedPathRecord[] = [];

  constructor(
    private readonly inventory: MachineInventory,
    private readonly pathTotals: { generated: number; unique: number },
  ) {}

  recordStates(stateIds: readonly string[]): void {
    for (const id of stateIds) this.stateVisits.set(id, (this.stateVisits.get(id) ?? 0) + 1);
  }

  recordTransition(ref: TransitionRef): void {
    const entry = this.transitionCounts.get(ref.key);
    if (entry) entry.count += 1;
    else this.transitionCounts.set(ref.key, { ref, count: 1 });
  }

  recordAction(type: string): void {
    this.actionCounts.set(type, (this.actionCounts.get(type) ?? 0) + 1);
  }

  recordPath(record: ReplayedPathRecord): void {
    this.records.push(record);
  }

  snapshot(): WalkCoverage {
    const { inventory } = this;
    const taken = inventory.transitions
      .filter((ref) => this.transitionCounts.has(ref.key))
      .map((ref) => ({ ...ref, count: this.transitionCounts.get(ref.key)?.count ?? 0 }));
    const takenKeys = new Set(taken.map((ref) => ref.key));
    const takenEvents = new Set(taken.map((ref) => ref.eventType));
    const reached = inventory.stateIds.filter((id) => this.stateVisits.has(id));
    return {
      machineId: inventory.machineId,
      paths: {
        ...this.pathTotals,
        replayed: this.records.length,
        failed: this.records.filter((record) => !record.passed).length,
        records: [...this.records],
      },
      states: {
        all: [...inventory.stateIds],
        reached,
        missed: inventory.stateIds.filter((id) => !this.stateVisits.has(id)),
        visits: Object.fromEntries(inventory.stateIds.map((id) => [id, this.stateVisits.get(id) ?? 0])),
      },
      transitions: {
        all: inventory.transitions.length,
        taken,
        missed: inventory.transitions.filter((ref) => !takenKeys.has(ref.key)),
      },
      eventTypes: {
        all: [...inventory.eventTypes],
        taken: inventory.eventTypes.filter((type) => takenEvents.has(type)),
        missed: inventory.eventTypes.filter((type) => !takenEvents.has(type)),
      },
      actions: Object.fromEntries([...this.actionCounts].sort(([a], [b]) => a.localeCompare(b))),
    };
  }
}
