import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What registering agrees to, in plain words. The full legal text does not exist yet; the dialog says
 * so rather than linking to a page that is not there.
 */
export function TermsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('terms.title')}
      centered
      closeButtonProps={{ 'aria-label': t('terms.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="sm">
        <Text>{t('terms.summary')}</Text>
        <Text c="dimmed" size="sm">
          {t('terms.comingSoon')}
        </Text>
        <Button onClick={onClose} variant="default" mt="sm">
          {t('terms.close')}
        </Button>
      </Stack>
    </Modal>
  );
}
