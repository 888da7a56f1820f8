import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from './router-button';

/** The draft is open in another tab (or was taken over by one): say so, offer to continue here. */
export function DraftElsewhere({ takenAway, onTakeOver }: { takenAway: boolean; onTakeOver: () => void }) {
  const { t } = useTranslation('wizard');
  return (
    <Stack maw={640} mx="auto" mt="xl">
      <Alert
        color="blue"
        icon={<IconCopy aria-hidden />}
        title={takenAway ? t('tabOwner.takenAwayTitle') : t('tabOwner.elsewhereTitle')}
        role="alert"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {takenAway ? t('tabOwner.takenAwayBody') : t('tabOwner.elsewhereBody')}
      </Alert>
      <Group gap="sm">
        <Button onClick={onTakeOver}>{t('tabOwner.takeOver')}</Button>
        <RouterButton to="/properties" variant="default">
          {t('actions.backToList')}
        </RouterButton>
      </Group>
    </Stack>
  );
}
