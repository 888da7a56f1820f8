import { lazy, Suspense } from 'react';
import type { LeaveConfirmDialogProps } from './leave-confirm-dialog';

/** The question loads the first time it is asked: most edits end with a save, not a question. */
const LeaveConfirmDialog = lazy(() =>
  import('./leave-confirm-dialog').then((module) => ({ default: module.LeaveConfirmDialog })),
);

export function LazyLeaveConfirmDialog(props: LeaveConfirmDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <LeaveConfirmDialog {...props} />
    </Suspense>
  );
}
