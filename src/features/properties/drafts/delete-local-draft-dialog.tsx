import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './drafts.module.css';

interface DeleteLocalDraftDialogProps {
  /** The draft's address and city, as the list names it. */
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A server draft is deleted at once with an undo (it stays restorable on the server); this one has no
 * other copy, so it is asked first, and keeping it is the default focus.
 *
 * The browser's own modal <dialog> (focus kept inside, Escape, the rest of the page inert), not
 * Mantine's Modal: one more chunk with Modal's focus trap moved the trap into the hooks chunk every
 * first load carries (+1.5 KiB gzipped on /login and /properties).
 */
export function DeleteLocalDraftDialog({ name, onCancel, onConfirm }: DeleteLocalDraftDialogProps) {
  const { t } = useTranslation('drafts');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={classes.dialog}
      onCancel={(event) => {
        // Escape: closed by React, as every other way out.
        event.preventDefault();
        onCancel();
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('deleteLocal.title')}
        </Title>
        <Text>{t('deleteLocal.body', { name: `\u2068${name}\u2069` })}</Text>
        <Group justify="flex-end" gap="sm">
          {/* Keeping the only copy is the safe default: showModal() focuses it. */}
          <Button variant="default" autoFocus onClick={onCancel}>
            {t('deleteLocal.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {t('deleteLocal.confirm')}
          </Button>
        </Group>
      </Stack>
    </dialog>
  );
}
