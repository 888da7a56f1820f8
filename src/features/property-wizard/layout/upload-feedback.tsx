import { Alert, Paper, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWizard } from '../wizard-context';

/** Why the last publish failed, in the server's words, above the buttons; the form stays as it was. */
export function PublishError() {
  const { t } = useTranslation('wizard');
  const { snapshot } = useWizard();
  const publishError = snapshot.context.publishError;
  if (!publishError || snapshot.matches('publishing')) return null;
  return (
    <Alert color="red" title={t('review.publishErrorTitle')} role="alert">
      {publishError.message}
    </Alert>
  );
}

/** The running upload (a publish or a draft save with files), inside the footer so phones see it too. */
export function UploadProgress({ className }: { className?: string }) {
  const { t } = useTranslation('wizard');
  const { uploadProgress } = useWizard();
  if (uploadProgress === null) return null;
  return (
    <Paper className={className} withBorder radius="md" p="sm">
      <Text fz="sm" mb={6}>
        {t('media.uploading')}
      </Text>
      <Progress
        value={Math.round(uploadProgress * 100)}
        size="lg"
        radius="xl"
        animated
        aria-label={t('media.uploadProgress')}
      />
    </Paper>
  );
}
