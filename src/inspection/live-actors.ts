/**
 * The running root actors of the app and their latest snapshots, for the dev machines page. Fed by
 * `observeActors`, so it sees the actors started after it, and those whose events were held for it
 * (a production page holds its session's until the server allows inspection: src/app/session.ts).
 */
import type { ActorRefLike, AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { observeActors } from './actor-inspection';

export interface LiveActor {
  /** The session id xstate gives each actor; unique for the page's lifetime. */
  sessionId: string;
  /** The machine's id (`otp`, `propertyWizard`…), which the machine registry is keyed by. */
  machineId: string;
  snapshot: AnyMachineSnapshot;
  /** The event types the actor received, newest last (at most `EVENT_LOG_LENGTH`). */
  events: readonly string[];
}

/** How many events of each actor the page keeps. */
export const EVENT_LOG_LENGTH = 30;

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
  // Events arrive before the snapshot they lead to; kept per actor until that snapshot is published.
  const eventLogs = new Map<string, string[]>();
  const logEvent = (actorRef: ActorRefLike, type: string) => {
    if ((actorRef as Partial<AnyActorRef>)._parent) return;
    const log = [...(eventLogs.get(actorRef.sessionId) ?? []), type].slice(-EVENT_LOG_LENGTH);
    eventLogs.set(actorRef.sessionId, log);
  };
  const update = (actorRef: ActorRefLike, snapshot: unknown) => {
    // Child actors (promises the machines invoke) are part of their parent's state, not flows of their own.
    if ((actorRef as Partial<AnyActorRef>)._parent || !isMachineSnapshot(snapshot)) return;
    const { sessionId } = actorRef;
    const others = actors.filter((actor) => actor.sessionId !== sessionId);
    if (snapshot.status !== 'active') {
      eventLogs.delete(sessionId);
      return publish(others);
    }
    const entry = {
      sessionId,
      machineId: snapshot.machine.id,
      snapshot,
      events: eventLogs.get(sessionId) ?? [],
    };
    const index = actors.findIndex((actor) => actor.sessionId === sessionId);
    publish(index === -1 ? [...actors, entry] : actors.map((actor, i) => (i === index ? entry : actor)));
  };
  // An actor's first snapshot event follows its start (its snapshot cannot be read before).
  const stopObserving = observeActors((event) => {
    if (event.type === '@xstate.event' && event.event.type !== 'xstate.init') {
      logEvent(event.actorRef, event.event.type);
    }
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
