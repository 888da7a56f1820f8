import { Button, Stack, Text, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AuthScreenHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The back button (spec: shown from step 2 onward). */
  onBack?: () => void;
  /** Sits above the title: the progress indicator. */
  top?: ReactNode;
}

export function AuthScreenHeader({ title, subtitle, onBack, top }: AuthScreenHeaderProps) {
  const { t } = useTranslation('auth');
  const { dir } = useDirection();
  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Stack gap={0} mb="lg">
      {onBack ? (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<BackIcon size={16} aria-hidden="true" />}
          onClick={onBack}
          style={{ alignSelf: 'flex-start' }}
          mb="sm"
        >
          {t('back')}
        </Button>
      ) : null}
      {top}
      <Title order={1} fz="h2">
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" mt={6}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
