import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ClearConfirmDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Clearing cannot be undone, so it is confirmed; cancelling is the default focus. */
export function ClearConfirmDialog({ opened, onCancel, onConfirm }: ClearConfirmDialogProps) {
  const { t } = useTranslation('wizard');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      centered
      title={t('clearConfirm.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('clearConfirm.cancel') }}
    >
      <Stack gap="md">
        <Text>{t('clearConfirm.body')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" data-autofocus onClick={onCancel}>
            {t('clearConfirm.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {t('clearConfirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
