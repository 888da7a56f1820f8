import type { OtpProcess } from '@domain/registration';
import type { AuthProgress } from '@machines/registration/auth-progress';
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './auth-progress.module.css';

/**
 * Spec 2 "Auth progress indicator": step N of M as segments and words; nothing at 0 of 0 (the login
 * form). The step's name helps more than the number alone, so it follows it.
 */
export function AuthProgressBar({ process, progress }: { process: OtpProcess; progress: AuthProgress }) {
  const { t } = useTranslation('auth');
  if (progress.total === 0) return null;
  const label = t('progress.label', { step: progress.step, total: progress.total });
  const stepName = t(`progress.${process}.${progress.step}` as 'progress.auth.1');
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={progress.total}
      aria-valuenow={progress.step}
      aria-valuetext={`${label}: ${stepName}`}
      mb="lg"
    >
      <Group gap={6} wrap="nowrap" aria-hidden="true">
        {Array.from({ length: progress.total }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positions, not items.
            key={index}
            className={classes.segment}
            data-done={index < progress.step || undefined}
          />
        ))}
      </Group>
      <Text size="sm" c="dimmed" mt={8} aria-hidden="true">
        {label} ·{' '}
        <Text span fw={600} c="brand.8" inherit>
          {stepName}
        </Text>
      </Text>
    </Box>
  );
}
