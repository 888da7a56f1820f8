import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LeaveConfirmDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** Leaving an edit with unsaved changes loses them, so it is asked; staying is the default focus. */
export function LeaveConfirmDialog({ opened, onStay, onLeave }: LeaveConfirmDialogProps) {
  const { t } = useTranslation('wizard');
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      centered
      title={t('leaveConfirm.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('leaveConfirm.close') }}
    >
      <Stack gap="md">
        <Text>{t('leaveConfirm.body')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" data-autofocus onClick={onStay}>
            {t('leaveConfirm.stay')}
          </Button>
          <Button color="red" onClick={onLeave}>
            {t('leaveConfirm.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
