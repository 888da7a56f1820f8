/**
 * What a browser journey walked on the machines: with the journey's binding on the page
 * (`window.__machineTraceStep`, exposed by tests/e2e/support/machine-trace.ts), every step of every
 * root actor is reported as it happens: the event the actor took and the state it is in afterwards.
 * The journey matches these against the generated paths (docs/paths/). main.tsx loads this module
 * only when the binding is there, before the first actor starts; no user's page has it.
 */
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { observeActors } from './actor-inspection';

export interface MachineTraceStep {
  /** The actor's run: unique per page load (xstate's session ids restart with each load). */
  run: string;
  machineId: string;
  /** The event type (`xstate.init` for the first snapshot). */
  event: string;
  value: unknown;
}

declare global {
  interface Window {
    __machineTraceStep?: (step: MachineTraceStep) => void;
  }
}

export function traceMachines(report = window.__machineTraceStep): () => void {
  if (!report) return () => {};
  const load = Math.random().toString(36).slice(2, 10);
  const last = new Map<string, unknown>();
  return observeActors((event) => {
    if (event.type !== '@xstate.snapshot') return;
    const actorRef = event.actorRef as AnyActorRef;
    const snapshot = event.snapshot as Partial<AnyMachineSnapshot>;
    // Invoked children are part of their parent's state; only machines have states to report.
    if (actorRef._parent || !snapshot.machine) return;
    // An event the state ignores leaves the very same snapshot: no step (the generated paths skip them too).
    if (last.get(actorRef.sessionId) === snapshot) return;
    last.set(actorRef.sessionId, snapshot);
    report({
      run: `${load}:${actorRef.sessionId}`,
      machineId: snapshot.machine.id,
      event: event.event.type,
      value: snapshot.value,
    });
  });
}
