import type { OtpProcess } from '@domain/registration';
import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthScreenHeader } from '../components/auth-screen-header';

/**
 * The spec renders nothing when the verify URL lacks its session or phone. An empty card is a dead
 * end, so it says what happened and offers the way back to a new code.
 */
export function VerifyLinkIncomplete({ process }: { process: OtpProcess }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthScreenHeader title={t('verify.incompleteTitle')} />
      <Text c="dimmed">{t('verify.incompleteBody')}</Text>
      <Group mt="xl" gap="sm" grow>
        <Button component={Link} to="/login" variant={process === 'auth' ? 'filled' : 'default'}>
          {t('verify.toLogin')}
        </Button>
        <Button component={Link} to="/register" variant={process === 'registration' ? 'filled' : 'default'}>
          {t('verify.toRegister')}
        </Button>
      </Group>
    </>
  );
}
