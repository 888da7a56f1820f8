import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DeleteLocalDraftDialogProps {
  opened: boolean;
  /** The draft's address and city, as the list names it. */
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A server draft is deleted at once with an undo (it stays restorable on the server); this one has no
 * other copy, so it is asked first, and keeping it is the default focus.
 */
export function DeleteLocalDraftDialog({ opened, name, onCancel, onConfirm }: DeleteLocalDraftDialogProps) {
  const { t } = useTranslation('properties');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      centered
      title={t('drafts.deleteLocal.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('drafts.deleteLocal.close') }}
    >
      <Stack gap="md">
        <Text>{t('drafts.deleteLocal.body', { name: `\u2068${name}\u2069` })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" data-autofocus onClick={onCancel}>
            {t('drafts.deleteLocal.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {t('drafts.deleteLocal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
