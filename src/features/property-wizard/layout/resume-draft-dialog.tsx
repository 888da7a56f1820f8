import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWizard } from '../wizard-context';
import { formatDateTime } from '../wizard-format';

/**
 * Spec 4: an unfinished draft is offered back, with the date it was started. It must be answered:
 * dismissing it would leave unclear whether the draft was kept.
 */
export function ResumeDraftDialog() {
  const { t } = useTranslation('wizard');
  const { snapshot, actor, language } = useWizard();
  const draft = snapshot.context.offeredDraft;
  const opened = snapshot.matches('offeringDraft') && draft !== null;

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('resume.title')}
      size="md"
    >
      {draft && (
        <Stack gap="md">
          <Text>{t('resume.body', { date: formatDateTime(draft.startedAt, language) })}</Text>
          <Text fz="sm" c="dimmed">
            {t('resume.filesNote')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => actor.send({ type: 'START_FRESH' })}>
              {t('resume.startFresh')}
            </Button>
            <Button data-autofocus onClick={() => actor.send({ type: 'RESUME_DRAFT' })}>
              {t('resume.resume')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
