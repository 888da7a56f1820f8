/**
 * The sign-out flow (`signOutMachine`) provided with the app's pieces: the open wizard's last typing
 * written, the unsaved drafts found and saved by a module loaded only when a draft is stored, and the
 * app's own sign-out at the end.
 */
import { signOutMachine } from '@machines/sign-out/sign-out.machine';
import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  flushOpenPropertyDrafts,
  hasStoredPropertyDrafts,
} from '@/features/property-wizard/draft-storage-key';
import { inspectActors } from '@/inspection/actor-inspection';

export type SignOutActor = ActorRefFrom<typeof signOutMachine>;

const loadUnsavedDrafts = () => import('@/features/property-wizard/unsaved-drafts');

export function useSignOut(signOut: () => void): SignOutActor {
  // The action runs after the render that provided it; it calls the latest sign-out.
  const latest = useRef(signOut);
  latest.current = signOut;
  const [machine] = useState(() =>
    signOutMachine.provide({
      actors: {
        findUnsavedWork: fromPromise<number>(async () => {
          // A wizard on screen may still hold typing in its autosave pause; it is written synchronously.
          flushOpenPropertyDrafts();
          // Without any stored draft, sign-out stays as light as before: nothing more is loaded.
          if (!hasStoredPropertyDrafts()) return 0;
          const { findUnsavedDrafts } = await loadUnsavedDrafts();
          return findUnsavedDrafts().length;
        }),
        saveUnsavedWork: fromPromise<void>(async ({ signal }) => {
          const { saveUnsavedDrafts } = await loadUnsavedDrafts();
          await saveUnsavedDrafts(signal);
        }),
      },
      actions: { signOut: () => latest.current() },
    }),
  );
  return useActorRef(machine, { inspect: inspectActors });
}
