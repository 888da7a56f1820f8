/**
 * Signing out without losing typed work (issue 19, item 8). Sign-out clears the wizard drafts kept in
 * this browser (spec 4), so work the server does not have is offered a save first.
 *
 * - `idle` --SIGN_OUT--> `checking`: `findUnsavedWork` writes what an open wizard still holds and
 *   counts the local drafts with work the server lacks. None (or unreadable storage: nothing there
 *   to lose) → `signedOut` at once, as before; some → `asking`.
 * - `asking` (the dialog): SAVE_AND_SIGN_OUT → `saving`; SIGN_OUT_WITHOUT_SAVING → `signedOut`
 *   (the drafts are cleared with the session); CANCEL → `idle`, still signed in, nothing changed.
 * - `saving` invokes `saveUnsavedWork` (each draft created or updated on the server): done →
 *   `signedOut`; error → back to `asking` with the error, still signed in.
 * - `signedOut` (final) runs `signOut`: the app's sign-out, which clears the local drafts.
 *
 * Side effects are named actors and actions with inert defaults; the app supplies the real ones.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HebrewMeta } from '../machine-text';

/** Why the save failed, as the dialog shows it: the server's message and its stable code, if any. */
export interface SignOutSaveError {
  message: string;
  code: string | null;
}

export interface SignOutContext {
  /** How many local drafts hold work the server lacks (what the dialog is about). */
  unsavedDrafts: number;
  saveError: SignOutSaveError | null;
}

export type SignOutEvent =
  | { type: 'SIGN_OUT' }
  | { type: 'SAVE_AND_SIGN_OUT' }
  | { type: 'SIGN_OUT_WITHOUT_SAVING' }
  | { type: 'CANCEL' };

export function toSignOutSaveError(error: unknown): SignOutSaveError {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const code =
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
      ? (error as { code: string }).code
      : null;
  return { message, code };
}

export const signOutMachine = setup({
  types: {
    context: {} as SignOutContext,
    events: {} as SignOutEvent,
    meta: {} as HebrewMeta,
  },
  actors: {
    /** Resolves with the number of local drafts holding work the server lacks. */
    findUnsavedWork: fromPromise<number>(async () => 0),
    saveUnsavedWork: fromPromise<void>(async () => {
      throw new Error('sign-out machine: saveUnsavedWork is not provided');
    }),
  },
  actions: {
    signOut: () => {},
  },
  guards: {
    hasUnsavedWork: (_, params: { count: number }) => params.count > 0,
  },
}).createMachine({
  id: 'signOut',
  description: 'Signs out, first offering to store on the server any work only this browser holds.',
  meta: { he: 'התנתקות, ולפניה הצעה לשמור בשרת עבודה שנמצאת רק בדפדפן הזה.' },
  initial: 'idle',
  context: { unsavedDrafts: 0, saveError: null },
  states: {
    idle: {
      description: 'Signed in; nobody has asked to sign out.',
      meta: { he: 'מחוברים; לא התבקשה התנתקות.' },
      on: { SIGN_OUT: { target: 'checking' } },
    },
    checking: {
      description: 'Writes what an open wizard holds, then looks for drafts the server does not have.',
      meta: { he: 'כותבים את מה שבאשף הפתוח, ואז מחפשים טיוטות שאין בשרת.' },
      invoke: {
        id: 'findUnsavedWork',
        src: 'findUnsavedWork',
        onDone: [
          {
            guard: { type: 'hasUnsavedWork', params: ({ event }) => ({ count: event.output }) },
            target: 'asking',
            actions: assign({ unsavedDrafts: ({ event }) => event.output, saveError: null }),
            description: 'A local draft holds work the server lacks: ask before it is cleared.',
            meta: { he: 'בטיוטה מקומית יש עבודה שאין בשרת: שואלים לפני שהיא נמחקת.' },
          },
          {
            target: 'signedOut',
            description: 'The server has everything: sign out at once.',
            meta: { he: 'הכול כבר בשרת: מתנתקים מיד.' },
          },
        ],
        onError: {
          target: 'signedOut',
          description: 'The browser storage cannot be read, so it holds nothing to lose: sign out.',
          meta: { he: 'אי אפשר לקרוא את אחסון הדפדפן, ולכן אין בו מה לאבד: מתנתקים.' },
        },
      },
    },
    asking: {
      description: 'Asks whether to save the drafts on the server first, sign out without them, or stay.',
      meta: { he: 'שואלים אם לשמור קודם את הטיוטות בשרת, להתנתק בלעדיהן או להישאר.' },
      on: {
        SAVE_AND_SIGN_OUT: { target: 'saving' },
        SIGN_OUT_WITHOUT_SAVING: { target: 'signedOut' },
        CANCEL: { target: 'idle', actions: assign({ saveError: null }) },
      },
    },
    saving: {
      description: 'Stores each draft on the server as a draft; the session goes on meanwhile.',
      meta: { he: 'שומרים כל טיוטה בשרת כטיוטה; בינתיים נשארים מחוברים.' },
      entry: assign({ saveError: null }),
      invoke: {
        id: 'saveUnsavedWork',
        src: 'saveUnsavedWork',
        onDone: {
          target: 'signedOut',
          description: 'The server has every draft: sign out.',
          meta: { he: 'כל הטיוטות בשרת: מתנתקים.' },
        },
        onError: {
          target: 'asking',
          actions: assign({ saveError: ({ event }) => toSignOutSaveError(event.error) }),
          description: 'A save failed: still signed in, the dialog says so.',
          meta: { he: 'שמירה נכשלה: נשארים מחוברים, והחלון אומר זאת.' },
        },
      },
    },
    signedOut: {
      type: 'final',
      description: 'Signed out; the drafts kept in this browser are cleared with the session.',
      meta: { he: 'התנתקנו; הטיוטות שבדפדפן נמחקות יחד עם ההפעלה.' },
      entry: 'signOut',
    },
  },
});

export type SignOutMachine = typeof signOutMachine;
