import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast/show-toast';
import { useSoftDeleteProperty } from './api/delete-property';
import { useRestoreProperty } from './api/restore-property';
import { useErrorText } from './use-property-text';

/** Long enough to notice a slip and reach the button; the property stays restorable afterwards. */
const UNDO_WINDOW_MS = 8000;

/**
 * Delete without a confirmation dialog: the row goes at once and a toast offers to undo, which
 * restores it on the server. Safer than "are you sure?", which people learn to click through.
 */
export function useDeleteWithUndo() {
  const { t } = useTranslation('properties');
  const errorText = useErrorText();
  const softDelete = useSoftDeleteProperty();
  const restore = useRestoreProperty();

  const undo = (id: string, name: string, toastId: string) => {
    notifications.hide(toastId);
    restore.mutateAsync(id).then(
      () => showToast({ type: 'success', title: t('delete.restored'), message: name }),
      (error: unknown) =>
        showToast({ type: 'error', title: t('delete.restoreFailed'), message: errorText(error, name) }),
    );
  };

  return (property: { id: string; name: string }) => {
    const { id, name } = property;
    // mutateAsync, not mutate: per-call callbacks of mutate fire only for the latest call, and two quick
    // deletions must each get their own undo.
    softDelete.mutateAsync(id).then(
      () => {
        const toastId = `property-deleted-${id}-${Date.now()}`;
        // A warning: done, and still undoable for a few seconds.
        showToast({
          type: 'warning',
          id: toastId,
          title: t('delete.done'),
          autoClose: UNDO_WINDOW_MS,
          message: (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" truncate="end" miw={0}>
                <bdi>{name}</bdi>
              </Text>
              <Button size="compact-sm" variant="light" onClick={() => undo(id, name, toastId)}>
                {t('delete.undo')}
              </Button>
            </Group>
          ),
        });
      },
      (error: unknown) =>
        showToast({ type: 'error', title: t('delete.failed'), message: errorText(error, name) }),
    );
  };
}
