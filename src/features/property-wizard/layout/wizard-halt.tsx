import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from './router-button';

interface WizardHaltProps {
  /** Why the form is not shown (an alert). */
  children: ReactNode;
  /** The one way forward: retry, or take the draft over. */
  actionLabel: string;
  onAction: () => void;
}

/** Instead of the form, when the wizard cannot show it: why, one way forward, and back to the list. */
export function WizardHalt({ children, actionLabel, onAction }: WizardHaltProps) {
  const { t } = useTranslation('wizard');
  return (
    <Stack maw={640} mx="auto" mt="xl">
      {children}
      <Group gap="sm">
        <Button onClick={onAction}>{actionLabel}</Button>
        <RouterButton to="/properties" variant="default">
          {t('actions.backToList')}
        </RouterButton>
      </Group>
    </Stack>
  );
}
