import { lazyDialog } from '@/components/lazy-dialog';
import { loadNamespaces } from '@/i18n/i18n';
import type { ShareDialogProps } from './share-dialog';

/** The dialog, its texts and Mantine's form pieces it uses load on the first "שיתוף", not with the list. */
export const LazyShareDialog = lazyDialog<ShareDialogProps>(() =>
  Promise.all([import('./share-dialog'), loadNamespaces('share')]).then(([module]) => module.ShareDialog),
);
