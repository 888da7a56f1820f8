import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WizardHalt } from './wizard-halt';

export function WizardLoading() {
  const { t } = useTranslation('wizard');
  return (
    <Center mih={240}>
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text c="dimmed">{t('loading')}</Text>
      </Stack>
    </Center>
  );
}

export function LoadFailed({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation('wizard');
  return (
    <WizardHalt actionLabel={t('actions.retry')} onAction={onRetry}>
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('loadFailed.title')} role="alert">
        {message}
      </Alert>
    </WizardHalt>
  );
}
