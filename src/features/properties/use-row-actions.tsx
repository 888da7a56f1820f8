import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast/show-toast';
import type { RowActionHandlers } from './components/property-actions';
import type { ExposureRequestDialogProps } from './exposure/exposure-request-dialog';
import type { PropertyListItem } from './property-types';
import type { RowActionContext } from './row-action-requests';
import { LazyShareDialog } from './share/lazy-share-dialog';
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
  const [sharing, setSharing] = useState<PropertyListItem | null>(null);
  // The dialog's loader is itself imported on the click: a static import put it, and the list of the
  // dialog's chunks the browser preloads with it, into the list's first load (docs/decisions.md).
  const [requesting, setRequesting] = useState<{
    item: PropertyListItem;
    Dialog: ComponentType<ExposureRequestDialogProps>;
  } | null>(null);

  const handlers: RowActionHandlers = {
    copyingId,
    onShare: setSharing,
    onRequestExposure: (item: PropertyListItem) =>
      void import('./exposure/lazy-exposure-request-dialog').then(({ LazyExposureRequestDialog }) =>
        setRequesting({ item, Dialog: LazyExposureRequestDialog }),
      ),
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
      {sharing && (
        <LazyShareDialog
          propertyId={sharing.id}
          name={text.fullName(sharing)}
          title={text.shareTitle(sharing)}
          opened
          onClose={() => setSharing(null)}
        />
      )}
      {requesting && (
        <requesting.Dialog
          propertyId={requesting.item.id}
          name={text.fullName(requesting.item)}
          opened
          onClose={() => setRequesting(null)}
        />
      )}
    </>
  );

  return { handlers, shareDialog };
}
