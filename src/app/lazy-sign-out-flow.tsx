import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast/show-toast';
import {
  flushOpenPropertyDrafts,
  hasStoredPropertyDrafts,
} from '@/features/property-wizard/draft-storage-key';
import type { SignOutFlowProps } from './sign-out-flow';

/**
 * The sign-out flow (its machine, with its texts in two languages) loads when the broker first
 * chooses to sign out, not with every page; the dialog and the draft saving load later still, and
 * only when a stored draft needs them.
 */
const SignOutFlow = lazy<ComponentType<SignOutFlowProps>>(() =>
  import('./sign-out-flow').then(
    (module) => ({ default: module.SignOutFlow }),
    (error: unknown) => {
      console.error('the sign-out flow could not load', error);
      return { default: SignOutWithoutFlow };
    },
  ),
);

/**
 * The flow's file could not load (a new version replaced it, or the network dropped). Signing out
 * still works when no draft is stored; with one, nothing may be cleared unasked, so the broker stays
 * signed in and is told to reload, which brings the flow back.
 */
function SignOutWithoutFlow({ request, onSignOut }: SignOutFlowProps) {
  const { t } = useTranslation('layout');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per sign-out request
  useEffect(() => {
    flushOpenPropertyDrafts();
    if (!hasStoredPropertyDrafts()) onSignOut();
    else showToast({ type: 'error', title: t('signOut.unavailable') });
  }, [request]);
  return null;
}

export function LazySignOutFlow(props: SignOutFlowProps) {
  if (props.request === 0) return null;
  return (
    <Suspense fallback={null}>
      <SignOutFlow {...props} />
    </Suspense>
  );
}
