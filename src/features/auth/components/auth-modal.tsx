import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The close button's accessible name. */
  closeLabel: string;
  children: ReactNode;
}

/** The sign-in and registration screens' dialogs: centred, a bold title, a named close button. */
export function AuthModal({ opened, onClose, title, closeLabel, children }: AuthModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': closeLabel }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
