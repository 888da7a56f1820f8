import { Alert } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WizardHalt } from './wizard-halt';

/** The draft is open in another tab (or was taken over by one): say so, offer to continue here. */
export function DraftElsewhere({ takenAway, onTakeOver }: { takenAway: boolean; onTakeOver: () => void }) {
  const { t } = useTranslation('wizard');
  return (
    <WizardHalt actionLabel={t('tabOwner.takeOver')} onAction={onTakeOver}>
      <Alert
        color="blue"
        icon={<IconCopy aria-hidden />}
        title={takenAway ? t('tabOwner.takenAwayTitle') : t('tabOwner.elsewhereTitle')}
        role="alert"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {takenAway ? t('tabOwner.takenAwayBody') : t('tabOwner.elsewhereBody')}
      </Alert>
    </WizardHalt>
  );
}
