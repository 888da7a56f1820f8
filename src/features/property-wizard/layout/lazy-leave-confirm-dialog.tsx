import { lazyDialog } from '@/components/lazy-dialog';
import type { LeaveConfirmDialogProps } from './leave-confirm-dialog';

/** The question loads the first time it is asked: most edits end with a save, not a question. */
export const LazyLeaveConfirmDialog = lazyDialog<LeaveConfirmDialogProps>(() =>
  import('./leave-confirm-dialog').then((module) => module.LeaveConfirmDialog),
);
