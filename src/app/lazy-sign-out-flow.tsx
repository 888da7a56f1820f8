import { lazy, Suspense } from 'react';
import type { SignOutFlowProps } from './sign-out-flow';

/**
 * The sign-out flow (its machine with its texts, about 1.5 KiB gzipped) loads when the broker first
 * chooses to sign out, not with every page; the dialog and the draft saving load later still, and
 * only when a stored draft needs them.
 */
const SignOutFlow = lazy(() => import('./sign-out-flow').then((module) => ({ default: module.SignOutFlow })));

export function LazySignOutFlow(props: SignOutFlowProps) {
  if (props.request === 0) return null;
  return (
    <Suspense fallback={null}>
      <SignOutFlow {...props} />
    </Suspense>
  );
}
