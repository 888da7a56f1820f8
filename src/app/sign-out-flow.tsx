import { useEffect } from 'react';
import { LazySignOutDialog } from './lazy-sign-out-dialog';
import { useSignOut } from './use-sign-out';

export interface SignOutFlowProps {
  /** Counts the broker's sign-out choices: each new value starts the flow (a repeat while it runs is ignored). */
  request: number;
  /** The app's own sign-out, run once any unsaved drafts are saved or let go. */
  onSignOut: () => void;
}

/** The sign-out machine and its dialog, mounted from the first sign-out choice on. */
export function SignOutFlow({ request, onSignOut }: SignOutFlowProps) {
  const actor = useSignOut(onSignOut);
  useEffect(() => {
    if (request > 0) actor.send({ type: 'SIGN_OUT' });
  }, [actor, request]);
  return <LazySignOutDialog actor={actor} />;
}
