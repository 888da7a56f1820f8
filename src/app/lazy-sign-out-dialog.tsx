import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { loadNamespaces } from '@/i18n/i18n';
import type { SignOutActor } from './use-sign-out';

/** The dialog and its texts load when sign-out finds unsaved drafts, not with the first page. */
const SignOutDialog = lazy(() =>
  Promise.all([import('./sign-out-dialog'), loadNamespaces('wizard')]).then(([module]) => ({
    default: module.SignOutDialog,
  })),
);

export function LazySignOutDialog({ actor }: { actor: SignOutActor }) {
  const asked = useSelector(actor, (snapshot) => snapshot.matches('asking') || snapshot.matches('saving'));
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog actor={actor} />
    </Suspense>
  );
}
