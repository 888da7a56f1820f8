import { lazyDialog } from '@/components/lazy-dialog';
import { loadNamespaces } from '@/i18n/i18n';
import type { ExposureRequestDialogProps } from './exposure-request-dialog';

/**
 * The request dialog, its texts and the phone field's (`auth`) load on the first "בקשת חשיפה", not
 * with the property's page or the list.
 */
export const LazyExposureRequestDialog = lazyDialog<ExposureRequestDialogProps>(() =>
  Promise.all([import('./exposure-request-dialog'), loadNamespaces('exposure', 'auth')]).then(
    ([module]) => module.ExposureRequestDialog,
  ),
);
