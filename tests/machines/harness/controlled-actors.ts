/**
 * Promise actors whose outcome the test decides. Each invocation parks on a deferred promise keyed by
 * its invoke id; a replayed `xstate.done.actor.<id>` / `xstate.error.actor.<id>` step settles it, so
 * the real actor sees the done/error event exactly as it would from a real call.
 */
import { type AnyStateMachine, type AnyStateNode, fromPromise } from 'xstate';

export interface Invocation {
  /** The actor implementation name (`src`), e.g. `refreshTokens`. */
  src: string;
  /** The invoke id; the suffix of `xstate.done.actor.<id>`. */
  id: string;
  input: unknown;
  status: 'pending' | 'resolved' | 'rejected';
}

interface Pending {
  invocation: Invocation;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Names of the actors the machine invokes through `src` strings (its provided implementations). */
export function invokedActorSources(machine: AnyStateMachine): string[] {
  const sources = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const invoke of node.invoke) if (typeof invoke.src === 'string') sources.add(invoke.src);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  const provided = (machine.implementations.actors ?? {}) as Record<string, unknown>;
  return [...sources].filter((src) => src in provided);
}

/** One registry per replay, so concurrent replays never share deferreds. */
export class ControlledActors {
  readonly invocations: Invocation[] = [];
  private readonly pending = new Map<string, Pending[]>();

  /** Implementations to pass to `machine.provide({ actors })`. */
  implementations(sources: readonly string[]) {
    return Object.fromEntries(
      sources.map((src) => [
        src,
        fromPromise<unknown, unknown>(({ input, self }) => {
          const invocation: Invocation = { src, id: self.id, input, status: 'pending' };
          this.invocations.push(invocation);
          return new Promise((resolve, reject) => {
            const queue = this.pending.get(self.id) ?? [];
            queue.push({ invocation, resolve, reject });
            this.pending.set(self.id, queue);
          });
        }),
      ]),
    );
  }

  /** Settles the most recent pending invocation with that invoke id. */
  settle(id: string, outcome: { output: unknown } | { error: unknown }): void {
    const queue = this.pending.get(id) ?? [];
    const entry = queue.pop();
    if (!entry) {
      throw new Error(`walk: a step settles actor "${id}", but no controlled invocation of it is pending`);
    }
    if ('output' in outcome) {
      entry.invocation.status = 'resolved';
      entry.resolve(outcome.output);
    } else {
      entry.invocation.status = 'rejected';
      entry.reject(outcome.error);
    }
  }
}

/** Lets the settled promise's callbacks run and the actor process the resulting done/error event. */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
