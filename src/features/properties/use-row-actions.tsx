import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogOnOpen } from '@/components/dialog-on-open';
import { showToast } from '@/components/toast/show-toast';
import type { RowActionHandlers } from './components/property-actions';
import type { ExposureRequestDialogProps } from './exposure/exposure-request-dialog';
import type { PropertyListItem } from './property-types';
import type { RowActionContext } from './row-action-requests';
import type { ShareDialogProps } from './share/share-dialog';
import { useErrorText, usePropertyText } from './use-property-text';

/**
 * What a property's row buttons do, wherever a list of them is shown (the list, /drafts): delete with
 * undo, another property in the same building (opened in the wizard), sharing and the exposure
 * request, whose dialogs (each loaded on its first click) the screen renders as `shareDialog`.
 */
export function useRowActions(): { handlers: RowActionHandlers; shareDialog: ReactNode } {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const context: RowActionContext = { queryClient, t, errorText };
  // The requests load with the first delete or "add" (row-action-requests.tsx).
  const requests = () => import('./row-action-requests');
  const [copyingId, setCopyingId] = useState<string | null>(null);
  // Each dialog's loader is itself imported on the click (dialog-on-open.ts).
  const sharing = useDialogOnOpen<PropertyListItem, ShareDialogProps>(() =>
    import('./share/lazy-share-dialog').then((module) => module.LazyShareDialog),
  );
  const requesting = useDialogOnOpen<PropertyListItem, ExposureRequestDialogProps>(() =>
    import('./exposure/lazy-exposure-request-dialog').then((module) => module.LazyExposureRequestDialog),
  );

  const handlers: RowActionHandlers = {
    copyingId,
    onShare: sharing.open,
    onRequestExposure: requesting.open,
    onDelete: (item: PropertyListItem) => {
      const property = { id: item.id, name: text.fullName(item) };
      requests().then(
        ({ deleteWithUndo }) => deleteWithUndo(context, property),
        (error: unknown) =>
          showToast({ type: 'error', title: t('delete.failed'), message: errorText(error, property.name) }),
      );
    },
    onCopy: (item: PropertyListItem) => {
      setCopyingId(item.id);
      requests()
        .then(({ copyBuilding }) => copyBuilding(context, item.id))
        .then(
          (created) => navigate({ to: '/properties/create', search: { draft: created.id } }),
          (error: unknown) => {
            setCopyingId(null);
            showToast({
              type: 'error',
              title: t('copy.failed'),
              message: errorText(error, text.fullName(item)),
            });
          },
        );
    },
  };

  const shareDialog = (
    <>
      {sharing.shown && (
        <sharing.shown.Dialog
          propertyId={sharing.shown.target.id}
          name={text.fullName(sharing.shown.target)}
          title={text.shareTitle(sharing.shown.target)}
          opened
          onClose={sharing.close}
        />
      )}
      {requesting.shown && (
        <requesting.shown.Dialog
          propertyId={requesting.shown.target.id}
          name={text.fullName(requesting.shown.target)}
          opened
          onClose={requesting.close}
        />
      )}
    </>
  );

  return { handlers, shareDialog };
}
