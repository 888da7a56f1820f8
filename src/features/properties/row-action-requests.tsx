import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { showToast } from '@/components/toast/show-toast';
import { copyBuildingMutation } from './api/copy-property';
import { softDeleteMutation } from './api/delete-property';
import { restoreMutation } from './api/restore-property';
import type { Property } from './property-types';

/**
 * What a row's delete and "add" do once clicked, loaded with the first such click
 * (use-row-actions.tsx): a list shows its row buttons, and none of this runs before one is pressed.
 * Each call observes a mutation of its own, as `mutateAsync` did, so two quick deletions each get
 * their own undo.
 */
export interface RowActionContext {
  queryClient: QueryClient;
  t: TFunction<'properties'>;
  errorText: (error: unknown, name: string) => string;
}

/** Long enough to notice a slip and reach the button; the property stays restorable afterwards. */
const UNDO_WINDOW_MS = 8000;

function undo({ queryClient, t, errorText }: RowActionContext, id: string, name: string, toastId: string) {
  notifications.hide(toastId);
  new MutationObserver(queryClient, restoreMutation(queryClient)).mutate(id).then(
    () => showToast({ type: 'success', title: t('delete.restored'), message: name }),
    (error: unknown) =>
      showToast({ type: 'error', title: t('delete.restoreFailed'), message: errorText(error, name) }),
  );
}

/**
 * Delete without a confirmation dialog: the row goes at once and a toast offers to undo, which
 * restores it on the server. Safer than "are you sure?", which people learn to click through.
 */
export function deleteWithUndo(context: RowActionContext, property: { id: string; name: string }): void {
  const { queryClient, t, errorText } = context;
  const { id, name } = property;
  new MutationObserver(queryClient, softDeleteMutation(queryClient)).mutate(id).then(
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
            <Button size="compact-sm" variant="light" onClick={() => undo(context, id, name, toastId)}>
              {t('delete.undo')}
            </Button>
          </Group>
        ),
      });
    },
    (error: unknown) =>
      showToast({ type: 'error', title: t('delete.failed'), message: errorText(error, name) }),
  );
}

/** The row action "add": a new draft in the same building (copy-property.ts says what is copied). */
export function copyBuilding({ queryClient }: RowActionContext, id: string): Promise<Property> {
  return new MutationObserver(queryClient, copyBuildingMutation(queryClient)).mutate(id);
}
