/**
 * The running root actors of the app and their latest snapshots, for the dev machines page. Fed by
 * `observeActors`, so it must start before the actors it should show (main.tsx starts it in development).
 */
import type { ActorRefLike, AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { observeActors } from './actor-inspection';

export interface LiveActor {
  /** The session id xstate gives each actor; unique for the page's lifetime. */
  sessionId: string;
  /** The machine's id (`otp`, `propertyWizard`…), which the machine registry is keyed by. */
  machineId: string;
  snapshot: AnyMachineSnapshot;
}

type Listener = () => void;

export interface LiveActorStore {
  /** Running actors in start order; a new array whenever anything changes (for useSyncExternalStore). */
  getSnapshot(): readonly LiveActor[];
  subscribe(listener: Listener): () => void;
  stop(): void;
}

function isMachineSnapshot(snapshot: unknown): snapshot is AnyMachineSnapshot {
  return typeof snapshot === 'object' && snapshot !== null && 'value' in snapshot && 'machine' in snapshot;
}

export function trackLiveActors(): LiveActorStore {
  let actors: readonly LiveActor[] = [];
  const listeners = new Set<Listener>();
  const publish = (next: readonly LiveActor[]) => {
    actors = next;
    for (const listener of listeners) listener();
  };
  const update = (actorRef: ActorRefLike, snapshot: unknown) => {
    // Child actors (promises the machines invoke) are part of their parent's state, not flows of their own.
    if ((actorRef as Partial<AnyActorRef>)._parent || !isMachineSnapshot(snapshot)) return;
    const { sessionId } = actorRef;
    const others = actors.filter((actor) => actor.sessionId !== sessionId);
    if (snapshot.status !== 'active') return publish(others);
    const entry = { sessionId, machineId: snapshot.machine.id, snapshot };
    const index = actors.findIndex((actor) => actor.sessionId === sessionId);
    publish(index === -1 ? [...actors, entry] : actors.map((actor, i) => (i === index ? entry : actor)));
  };
  // Snapshot events alone: an actor's first one follows its start (its snapshot cannot be read before).
  const stopObserving = observeActors((event) => {
    if (event.type === '@xstate.snapshot') update(event.actorRef, event.snapshot);
  });
  return {
    getSnapshot: () => actors,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: stopObserving,
  };
}
