import { lazy, Suspense } from 'react';
import { loadNamespaces } from '@/i18n/i18n';
import type { ExposureRequestDialogProps } from './exposure-request-dialog';

/**
 * The request dialog, its texts and the phone field's (`auth`) load on the first "בקשת חשיפה", not
 * with the property's page or the list.
 */
const ExposureRequestDialog = lazy(() =>
  Promise.all([import('./exposure-request-dialog'), loadNamespaces('exposure', 'auth')]).then(([module]) => ({
    default: module.ExposureRequestDialog,
  })),
);

export function LazyExposureRequestDialog(props: ExposureRequestDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ExposureRequestDialog {...props} />
    </Suspense>
  );
}
