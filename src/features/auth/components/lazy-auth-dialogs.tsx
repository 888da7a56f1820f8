import { lazyDialog } from '@/components/lazy-dialog';

/**
 * Registration's two dialogs load when they open: as static imports they brought Mantine's modal, its
 * focus trap and scroll lock into /register's first load, though neither shows before a click or a
 * completed registration.
 */
export const LazyTermsModal = lazyDialog<{ opened: boolean; onClose: () => void }>(() =>
  import('./terms-modal').then((module) => module.TermsModal),
);

export const LazyCompletionDialog = lazyDialog<{ opened: boolean; onClose: () => void }>(() =>
  import('./completion-dialog').then((module) => module.CompletionDialog),
);
