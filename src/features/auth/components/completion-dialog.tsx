import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthModal } from './auth-modal';

/** Spec 1/2: registration finished; support will verify the details and get in touch. Closing goes to /. */
export function CompletionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <AuthModal
      opened={opened}
      onClose={onClose}
      title={t('completion.title')}
      closeLabel={t('completion.close')}
    >
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden="true">
          <IconCheck size={32} />
        </ThemeIcon>
        <Text>{t('completion.message')}</Text>
        <Button onClick={onClose} fullWidth data-autofocus>
          {t('completion.close')}
        </Button>
      </Stack>
    </AuthModal>
  );
}
