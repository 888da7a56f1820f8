import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from './router-button';

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
    <Stack maw={640} mx="auto" mt="xl">
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('loadFailed.title')} role="alert">
        {message}
      </Alert>
      <Group gap="sm">
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
        <RouterButton to="/properties" variant="default">
          {t('actions.backToList')}
        </RouterButton>
      </Group>
    </Stack>
  );
}
