/**
 * One `inspect` callback for every actor the app creates. Actors are created in several places (the
 * session, the sign-in and registration hooks, the wizard); each passes `inspect: inspectActors`, and
 * whoever wants to watch them (the Stately inspector, the dev machines page) adds an observer here.
 * With no observer the callback returns at once, so production pays one function call per event.
 */
import type { InspectionEvent, Observer } from 'xstate';

export type ActorObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

const observers = new Set<ActorObserver>();
/** Events kept for observers that attach later (see `holdActorEvents`); null when nothing is kept. */
let held: InspectionEvent[] | null = null;

function deliver(observer: ActorObserver, event: InspectionEvent): void {
  if (typeof observer === 'function') observer(event);
  else observer.next?.(event);
}

export function inspectActors(event: InspectionEvent): void {
  held?.push(event);
  for (const observer of observers) deliver(observer, event);
}

/**
 * Starts forwarding inspection events of actors created from now on (first the held ones, if any, so
 * the observer sees those actors from their start); returns the way to stop.
 */
export function observeActors(observer: ActorObserver): () => void {
  for (const event of held ?? []) deliver(observer, event);
  observers.add(observer);
  return () => {
    observers.delete(observer);
  };
}

/**
 * Keeps every inspection event from now on, for observers that attach later: a production page starts
 * its session before the server says whether it may inspect. Returns the way to stop keeping them.
 */
export function holdActorEvents(): () => void {
  held = [];
  return () => {
    held = null;
  };
}
