import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuthModal } from './auth-modal';

/**
 * What registering agrees to, in plain words. The full legal text does not exist yet; the dialog says
 * so rather than linking to a page that is not there.
 */
export function TermsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <AuthModal opened={opened} onClose={onClose} title={t('terms.title')} closeLabel={t('terms.close')}>
      <Stack gap="sm">
        <Text>{t('terms.summary')}</Text>
        <Text c="dimmed" size="sm">
          {t('terms.comingSoon')}
        </Text>
        <Button onClick={onClose} variant="default" mt="sm">
          {t('terms.close')}
        </Button>
      </Stack>
    </AuthModal>
  );
}
