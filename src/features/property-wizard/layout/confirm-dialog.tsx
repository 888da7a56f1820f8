import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: string;
  /** The safe choice: it has the default focus, and closing the dialog means it. */
  keepLabel: string;
  /** The close button's accessible name. */
  closeLabel: string;
  /** The choice that loses work, in red. */
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
}

/** The wizard's question before something that cannot be undone (clearing, leaving unsaved changes). */
export function ConfirmDialog({
  opened,
  title,
  body,
  keepLabel,
  closeLabel,
  confirmLabel,
  onKeep,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      centered
      title={title}
      size="md"
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      <Stack gap="md">
        <Text>{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" data-autofocus onClick={onKeep}>
            {keepLabel}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
