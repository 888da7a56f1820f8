/**
 * One `inspect` callback for every actor the app creates. Actors are created in several places (the
 * session, the sign-in and registration hooks, the wizard); each passes `inspect: inspectActors`, and
 * whoever wants to watch them (the Stately inspector, the dev machines page) adds an observer here.
 * With no observer the callback returns at once, so production pays one function call per event.
 */
import type { InspectionEvent, Observer } from 'xstate';

export type ActorObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

const observers = new Set<ActorObserver>();

export function inspectActors(event: InspectionEvent): void {
  for (const observer of observers) {
    if (typeof observer === 'function') observer(event);
    else observer.next?.(event);
  }
}

/** Starts forwarding inspection events of actors created from now on; returns the way to stop. */
export function observeActors(observer: ActorObserver): () => void {
  observers.add(observer);
  return () => {
    observers.delete(observer);
  };
}
