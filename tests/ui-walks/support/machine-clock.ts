/**
 * The clock of every XState actor the app creates, under the test's control.
 *
 * The app creates its actors without a `clock` option (`useActorRef(machine, { input })`), so they all
 * schedule their delays (`xstate.after.*`: the resend countdown, the 2-second wait before the verify
 * screen, the wizard's autosave debounce) through xstate's default clock. That default is ONE object
 * shared by every actor, reachable from any actor's `clock`. Pointing its methods at a `SimulatedClock`
 * lets a walk advance exactly the delay its path names, while React, Mantine, Testing Library and the
 * in-process server keep real timers (vitest's fake timers would freeze or race all of them).
 */
import { act } from '@testing-library/react';
import { type AnyActorRef, createActor, createMachine, SimulatedClock } from 'xstate';

type Clock = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };

export interface MachineClock {
  /** Fires every actor timer due within `ms`, in order, inside `act()` so React renders the result. */
  advance(ms: number): Promise<void>;
  /** Timers scheduled and not yet fired or cancelled. */
  pending(): number;
  /** Puts xstate's own timers back. */
  restore(): void;
}

function xstateDefaultClock(): Clock {
  const probe = createActor(createMachine({}));
  return (probe as AnyActorRef & { clock: Clock }).clock;
}

export function controlMachineClock(): MachineClock {
  const shared = xstateDefaultClock();
  const original = { setTimeout: shared.setTimeout, clearTimeout: shared.clearTimeout };
  const simulated = new SimulatedClock();
  const live = new Set<unknown>();
  shared.setTimeout = (fn, ms) => {
    const id: unknown = simulated.setTimeout(() => {
      live.delete(id);
      fn();
    }, ms);
    live.add(id);
    return id;
  };
  shared.clearTimeout = (id) => {
    live.delete(id);
    simulated.clearTimeout(id as number);
  };
  return {
    advance: async (ms) => {
      await act(async () => {
        simulated.increment(ms);
      });
    },
    pending: () => live.size,
    restore: () => {
      shared.setTimeout = original.setTimeout;
      shared.clearTimeout = original.clearTimeout;
    },
  };
}
