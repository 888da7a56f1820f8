import type { ServerError } from '@machines/otp/server-error';
import { type AuthProgress, progressFor } from '@machines/registration/auth-progress';
import type { RegistrationInput } from '@machines/registration/registration.machine';
import type { PersonalDetails } from '@machines/registration/registration-lead';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RegistrationActor, RegistrationDeps } from '../provide-registration';

/** What the personal details form shows of the flow. */
export interface RegistrationView {
  /** Saving the lead, or registering a lead that already had its company details. */
  saving: boolean;
  completed: boolean;
  error: ServerError | null;
  progress: AuthProgress;
}

/** Before the first submit the flow is where its first step puts it: editing, step 1 of 4. */
const BEFORE_SUBMIT: RegistrationView = {
  saving: false,
  completed: false,
  error: null,
  progress: { step: 1, total: 4 },
};

function viewOf(actor: RegistrationActor): RegistrationView {
  const snapshot = actor.getSnapshot();
  return {
    saving: snapshot.matches({ personalDetails: 'savingLead' }) || snapshot.matches('completing'),
    completed: snapshot.matches('completed'),
    error: snapshot.context.error,
    progress: snapshot.matches('checkingDraft')
      ? BEFORE_SUBMIT.progress
      : progressFor('registration', snapshot.value),
  };
}

const loadFlow = () => import('../provide-registration');

const equalViews = (a: RegistrationView, b: RegistrationView) =>
  a.saving === b.saving &&
  a.completed === b.completed &&
  a.error === b.error &&
  a.progress.step === b.progress.step &&
  a.progress.total === b.progress.total;

/**
 * /register's registration flow, started by the first valid submit rather than with the page: until
 * then the form shows nothing of it, and its first states only read the stored lead (which the flow
 * reads as it starts, so a lead saved meanwhile in another tab is the one it continues). The machine,
 * XState and the lead's rules load with that submit (docs/decisions.md, issue 26, bundle).
 */
export function useRegistrationOnSubmit(
  input: RegistrationInput,
  onStartPhoneVerification: RegistrationDeps['onStartPhoneVerification'],
) {
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: '__root__' });
  const latest = useRef<RegistrationDeps>({ navigate, auth, onStartPhoneVerification });
  latest.current = { navigate, auth, onStartPhoneVerification };
  const [actor, setActor] = useState<RegistrationActor | null>(null);
  const [starting, setStarting] = useState(false);
  const startingActor = useRef<Promise<RegistrationActor> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      actor?.stop();
    };
  }, [actor]);

  const lastView = useRef(BEFORE_SUBMIT);
  const view = useSyncExternalStore(
    (listener) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    () => {
      if (!actor) return BEFORE_SUBMIT;
      const next = viewOf(actor);
      if (!equalViews(next, lastView.current)) lastView.current = next;
      return lastView.current;
    },
    () => BEFORE_SUBMIT,
  );

  const running = (): Promise<RegistrationActor> => {
    startingActor.current ??= loadFlow().then(
      async ({ startRegistration }) => {
        const started = await startRegistration(latest, input);
        if (mounted.current) setActor(started);
        else started.stop();
        return started;
      },
      (error: unknown) => {
        // A failed download is tried again by the next submit.
        startingActor.current = null;
        throw error;
      },
    );
    return startingActor.current;
  };

  return {
    // Until the flow has taken the values, the form is as busy as while it saves them.
    view: starting && !view.saving ? { ...view, saving: true } : view,
    /** The first change to the form: the flow's code starts downloading, so the submit need not wait. */
    prepare: () => {
      void loadFlow().catch(() => {});
    },
    /** The form's values passed the rules: the flow saves them (starting first, the first time). */
    submit: async (values: PersonalDetails) => {
      setStarting(true);
      try {
        (await running()).send({ type: 'SUBMIT_PERSONAL', values });
      } finally {
        if (mounted.current) setStarting(false);
      }
    },
    closeCompletion: () => actor?.send({ type: 'CLOSE_COMPLETION' }),
  };
}
