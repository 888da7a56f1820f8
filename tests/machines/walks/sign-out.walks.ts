/**
 * The model walk of the sign-out machine: sign out with no unsaved drafts, with two, and with storage
 * that cannot be read; then save (succeeding or failing), sign out without saving, or cancel.
 * `npm run test:paths` replays it for the coverage report; the UI test is
 * tests/features/property-wizard/sign-out.test.tsx.
 */
import { type SignOutContext, signOutMachine } from '@machines/sign-out/sign-out.machine';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { EventFixtures, PathReplay } from '../harness/walk-machine';
import { planMachineWalk } from '../harness/walk-machine';

const SAVE_REFUSED = Object.assign(new Error('Property not found'), { code: 'not_found' });

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[1] === 'done') {
    return settled[2] === 'findUnsavedWork'
      ? `${settled[2]} done(${event.output} unsaved)`
      : `${settled[2]} done`;
  }
  if (settled) return `${settled[2]} failed`;
  return event.type;
}

/** What the screens send: the model walks and the UI walks share them. */
export const SIGN_OUT_EVENTS: EventFixtures<typeof signOutMachine> = {
  SIGN_OUT: [{ type: 'SIGN_OUT' }],
  SAVE_AND_SIGN_OUT: [{ type: 'SAVE_AND_SIGN_OUT' }],
  SIGN_OUT_WITHOUT_SAVING: [{ type: 'SIGN_OUT_WITHOUT_SAVING' }],
  CANCEL: [{ type: 'CANCEL' }],
};

export function planSignOutWalks() {
  const walk = planMachineWalk({
    machine: signOutMachine,
    events: SIGN_OUT_EVENTS,
    actorOutputs: { findUnsavedWork: [0, 2], saveUnsavedWork: [undefined] },
    actorErrors: {
      findUnsavedWork: [new Error('storage unavailable')],
      saveUnsavedWork: [SAVE_REFUSED],
    },
    contextThatMatters: (context: SignOutContext) => context,
    describeEvent,
  });
  return [
    {
      name: 'from the menu to signed out or back',
      walk,
      check: (replay: PathReplay<typeof signOutMachine>) => expectNothingDiscardedUnasked(replay),
    },
  ] as const;
}

/**
 * What every path must leave behind: the app's sign-out ran exactly once if and only if the flow
 * ended signed out; a failed save leaves the broker in the dialog with its error, signed in; a cancel
 * leaves no error behind for the next sign-out.
 */
export function expectNothingDiscardedUnasked(replay: PathReplay<typeof signOutMachine>) {
  const signOuts = replay.actions.filter((action) => action.type === 'signOut').length;
  const { value, context } = replay.finalSnapshot;
  expect(signOuts).toBe(value === 'signedOut' ? 1 : 0);
  const lastSave = replay.invocations.filter((call) => call.src === 'saveUnsavedWork').at(-1);
  if (value === 'asking' && lastSave?.status === 'rejected') {
    expect(context.saveError).toEqual({ message: 'Property not found', code: 'not_found' });
  }
  if (value === 'idle') expect(context.saveError).toBeNull();
}
