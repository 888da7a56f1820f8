import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

export interface LeaveConfirmDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** Leaving an edit with unsaved changes loses them, so it is asked; staying is the default focus. */
export function LeaveConfirmDialog({ opened, onStay, onLeave }: LeaveConfirmDialogProps) {
  const { t } = useTranslation('wizard');
  return (
    <ConfirmDialog
      opened={opened}
      title={t('leaveConfirm.title')}
      body={t('leaveConfirm.body')}
      keepLabel={t('leaveConfirm.stay')}
      closeLabel={t('leaveConfirm.close')}
      confirmLabel={t('leaveConfirm.leave')}
      onKeep={onStay}
      onConfirm={onLeave}
    />
  );
}
