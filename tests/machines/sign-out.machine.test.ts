import { signOutMachine, toSignOutSaveError } from '@machines/sign-out/sign-out.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type Deferred, deferred, settle } from './fixtures/deferred';

/** A started sign-out actor whose storage check and save the test settles by hand. */
function startSignOut() {
  const checks: Deferred<number>[] = [];
  const saves: Deferred<void>[] = [];
  let signOuts = 0;
  const actor = createActor(
    signOutMachine.provide({
      actors: {
        findUnsavedWork: fromPromise<number>(() => {
          const check = deferred<number>();
          checks.push(check);
          return check.promise;
        }),
        saveUnsavedWork: fromPromise<void>(() => {
          const save = deferred<void>();
          saves.push(save);
          return save.promise;
        }),
      },
      actions: {
        signOut: () => {
          signOuts += 1;
        },
      },
    }),
  );
  actor.start();
  return { actor, checks, saves, signOuts: () => signOuts };
}

async function askingWithTwoDrafts() {
  const flow = startSignOut();
  flow.actor.send({ type: 'SIGN_OUT' });
  flow.checks[0]?.resolve(2);
  await settle();
  return flow;
}

describe('signOutMachine', () => {
  it('checks once when sign-out is chosen twice quickly', async () => {
    const { actor, checks, signOuts } = startSignOut();
    actor.send({ type: 'SIGN_OUT' });
    actor.send({ type: 'SIGN_OUT' });
    expect(checks).toHaveLength(1);
    checks[0]?.resolve(0);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(signOuts()).toBe(1);
  });

  it('cannot be cancelled or sent elsewhere while the save runs', async () => {
    const { actor, saves, signOuts } = await askingWithTwoDrafts();
    actor.send({ type: 'SAVE_AND_SIGN_OUT' });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'SIGN_OUT_WITHOUT_SAVING' });
    actor.send({ type: 'SAVE_AND_SIGN_OUT' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(saves).toHaveLength(1);
    expect(signOuts()).toBe(0);
    saves[0]?.resolve();
    await settle();
    expect(signOuts()).toBe(1);
  });

  it('keeps the session after a failed save, and forgets the error on the next try or a cancel', async () => {
    const { actor, saves, signOuts } = await askingWithTwoDrafts();
    actor.send({ type: 'SAVE_AND_SIGN_OUT' });
    saves[0]?.reject(Object.assign(new Error('Property not found'), { code: 'not_found' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context).toMatchObject({
      unsavedDrafts: 2,
      saveError: { message: 'Property not found', code: 'not_found' },
    });
    expect(signOuts()).toBe(0);

    actor.send({ type: 'SAVE_AND_SIGN_OUT' });
    expect(actor.getSnapshot().context.saveError).toBeNull();
    saves[1]?.reject(new TypeError('Failed to fetch'));
    await settle();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.saveError).toBeNull();
  });

  it('signs out when storage cannot be read: it holds nothing to lose', async () => {
    const { actor, checks, signOuts } = startSignOut();
    actor.send({ type: 'SIGN_OUT' });
    checks[0]?.reject(new Error('SecurityError'));
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(signOuts()).toBe(1);
  });

  it('reads a thrown string, or an object with only a code, as the error the dialog shows', () => {
    expect(toSignOutSaveError('offline')).toEqual({ message: 'offline', code: null });
    expect(toSignOutSaveError({ code: 'timeout' })).toEqual({ message: '', code: 'timeout' });
  });
});
