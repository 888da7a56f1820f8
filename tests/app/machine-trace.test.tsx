import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { inspectActors } from '@/inspection/actor-inspection';
import { type MachineTraceStep, traceMachines } from '@/inspection/machine-trace';

/** A door that checks its lock (an invoked child) before it opens. */
const door = createMachine({
  id: 'door',
  initial: 'checking',
  states: {
    checking: { invoke: { src: fromPromise(async () => true), onDone: 'closed' } },
    closed: { on: { OPEN: 'open' } },
    open: { on: { CLOSE: 'closed' } },
  },
});

let stop = () => {};
afterEach(() => stop());

describe('the machine trace a browser journey records', () => {
  it('reports each step of a root machine: the event taken and the state after it', async () => {
    const steps: MachineTraceStep[] = [];
    stop = traceMachines((step) => steps.push(step));
    const actor = createActor(door, { inspect: inspectActors }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'OPEN' });
    // Ignored where it is: no step, as the generated paths skip it too.
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CLOSE' });

    expect(steps.map(({ event, value }) => `${event}>${JSON.stringify(value)}`)).toEqual([
      'xstate.init>"checking"',
      expect.stringMatching(/^xstate\.done\.actor\..*>"closed"$/),
      'OPEN>"open"',
      'CLOSE>"closed"',
    ]);
    // One run, the machine's, and nothing of the invoked child.
    expect(new Set(steps.map((step) => `${step.machineId} ${step.run}`)).size).toBe(1);
    expect(steps[0]?.machineId).toBe('door');
    actor.stop();
  });
});
