import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

interface ClearConfirmDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Clearing cannot be undone, so it is confirmed; cancelling is the default focus. */
export function ClearConfirmDialog({ opened, onCancel, onConfirm }: ClearConfirmDialogProps) {
  const { t } = useTranslation('wizard');
  return (
    <ConfirmDialog
      opened={opened}
      title={t('clearConfirm.title')}
      body={t('clearConfirm.body')}
      keepLabel={t('clearConfirm.cancel')}
      closeLabel={t('clearConfirm.cancel')}
      confirmLabel={t('clearConfirm.confirm')}
      onKeep={onCancel}
      onConfirm={onConfirm}
    />
  );
}
