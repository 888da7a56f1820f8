import { lazy, Suspense } from 'react';
import type { ShareDialogProps } from './share-dialog';

/** The dialog (and Mantine's form pieces it uses) loads on the first "שיתוף", not with the list. */
const ShareDialog = lazy(() => import('./share-dialog').then((module) => ({ default: module.ShareDialog })));

export function LazyShareDialog(props: ShareDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog {...props} />
    </Suspense>
  );
}
