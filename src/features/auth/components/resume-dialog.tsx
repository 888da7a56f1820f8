import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuthModal } from './auth-modal';

export interface ResumeDialogProps {
  opened: boolean;
  /** When the registration began (the lead's createdAt, ISO). */
  startedAt: string | null;
  onContinue: () => void;
  onStartOver: () => void;
  onClose: () => void;
}

/** Spec 2: a registration already under way meets a user who arrived fresh: continue it, or start over. */
export function ResumeDialog({ opened, startedAt, onContinue, onStartOver, onClose }: ResumeDialogProps) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const started = startedAt ? new Date(startedAt) : null;
  const date =
    started && !Number.isNaN(started.getTime())
      ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(started)
      : null;
  return (
    <AuthModal opened={opened} onClose={onClose} title={t('resume.title')} closeLabel={t('resume.close')}>
      <Text>{date ? t('resume.message', { date }) : t('resume.messageNoDate')}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onStartOver}>
          {t('resume.startOver')}
        </Button>
        <Button onClick={onContinue} data-autofocus>
          {t('resume.continue')}
        </Button>
      </Group>
    </AuthModal>
  );
}
