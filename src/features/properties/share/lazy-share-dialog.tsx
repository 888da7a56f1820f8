import { lazy, Suspense } from 'react';
import { loadNamespaces } from '@/i18n/i18n';
import type { ShareDialogProps } from './share-dialog';

/** The dialog, its texts and Mantine's form pieces it uses load on the first "שיתוף", not with the list. */
const ShareDialog = lazy(() =>
  Promise.all([import('./share-dialog'), loadNamespaces('share')]).then(([module]) => ({
    default: module.ShareDialog,
  })),
);

export function LazyShareDialog(props: ShareDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog {...props} />
    </Suspense>
  );
}
