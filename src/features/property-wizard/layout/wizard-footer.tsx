import { FIRST_WIZARD_STEP, LAST_WIZARD_STEP } from '@domain/wizard-steps';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconEraser, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWizard } from '../wizard-context';
import { UploadProgress } from './upload-feedback';
import classes from './wizard-layout.module.css';

interface WizardFooterProps {
  /** Back, or on the first step cancel (which may ask before leaving). */
  onBack: () => void;
  onNext: () => void;
  onPublish: () => void;
  onClear: () => void;
}

const icon = { size: 18, stroke: 1.8, 'aria-hidden': true } as const;

/**
 * Back (cancel on step 1), then the draft actions and the forward action. A refused "next" or
 * "publish" stays focusable (aria-disabled) so pressing it can explain what is missing.
 */
export function WizardFooter({ onBack, onNext, onPublish, onClear }: WizardFooterProps) {
  const { t } = useTranslation('wizard');
  const { snapshot, actor, language } = useWizard();
  const { step, status } = snapshot.context;
  const rtl = language === 'he';
  const BackIcon = rtl ? IconArrowRight : IconArrowLeft;
  const NextIcon = rtl ? IconArrowLeft : IconArrowRight;
  const editing = snapshot.matches('editing');
  const publishing = snapshot.matches('publishing');
  const serverSaving = snapshot.matches({ editing: { serverSave: 'saving' } });
  const isLast = step === LAST_WIZARD_STEP;
  const canForward = isLast ? snapshot.can({ type: 'PUBLISH' }) : snapshot.can({ type: 'NEXT' });

  return (
    <div className={classes.footer}>
      <UploadProgress className={classes.progress} />
      <Button
        className={classes.back}
        variant="default"
        leftSection={<BackIcon {...icon} />}
        disabled={!editing}
        onClick={onBack}
      >
        {step === FIRST_WIZARD_STEP ? t('actions.cancel') : t('actions.back')}
      </Button>
      {status === 'draft' && (
        <div className={classes.draftActions}>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconEraser {...icon} />}
            disabled={!snapshot.can({ type: 'CLEAR' })}
            onClick={onClear}
          >
            {t('actions.clear')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDeviceFloppy {...icon} />}
            loading={serverSaving}
            disabled={!snapshot.can({ type: 'SAVE' })}
            onClick={() => actor.send({ type: 'SAVE' })}
          >
            {t('actions.saveDraft')}
          </Button>
        </div>
      )}
      <Button
        className={classes.forward}
        rightSection={isLast ? <IconSend {...icon} /> : <NextIcon {...icon} />}
        loading={publishing}
        aria-disabled={!canForward || undefined}
        data-disabled={!canForward || undefined}
        disabled={!editing && !publishing}
        onClick={(event) => {
          event.preventDefault();
          if (isLast) onPublish();
          else onNext();
        }}
      >
        {isLast
          ? status === 'published'
            ? t('actions.saveChanges')
            : t('actions.publish')
          : t('actions.next')}
      </Button>
    </div>
  );
}
