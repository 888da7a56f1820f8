import { FIRST_WIZARD_STEP, WIZARD_STEPS, type WizardStepId } from '@domain/wizard-steps';
import type { PropertyWizardInput } from '@machines/property-wizard/property-wizard.machine';
import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { ClearConfirmDialog } from './layout/clear-confirm-dialog';
import { LazyLeaveConfirmDialog } from './layout/lazy-leave-confirm-dialog';
import { ResumeDraftDialog } from './layout/resume-draft-dialog';
import { StatusLine } from './layout/status-line';
import { PublishError } from './layout/upload-feedback';
import { WizardFooter } from './layout/wizard-footer';
import { LoadFailed, WizardLoading } from './layout/wizard-load-states';
import { WizardStepper } from './layout/wizard-stepper';
import { BuildingDetailsStep } from './steps/building-details-step';
import { EnvironmentStep } from './steps/environment-step';
import { GeneralInfoStep } from './steps/general-info-step';
import { KindStep } from './steps/kind-step';
import { MediaStep } from './steps/media-step';
import { ReviewStep } from './steps/review-step';
import { useFieldFeedback } from './use-field-feedback';
import { useLeaveGuard } from './use-leave-guard';
import { usePropertyWizard } from './use-property-wizard';
import { useStepAddress } from './use-step-address';
import { type WizardApi, WizardProvider } from './wizard-context';
import { focusFirstProblem } from './wizard-problems';

const STEP_CONTENT: Record<WizardStepId, () => React.JSX.Element> = {
  kind: KindStep,
  generalInfo: GeneralInfoStep,
  buildingDetails: BuildingDetailsStep,
  environmentTransport: EnvironmentStep,
  mediaDocuments: MediaStep,
  review: ReviewStep,
};

const ANSWER_STEPS = [1, 2, 3, 4] as const;

/** The six-step wizard for one property (new, a server draft, or a published one). */
export function WizardScreen({
  input,
  onDraftStored,
}: {
  input: PropertyWizardInput;
  /** The draft is stored on the server under this id (the address should carry it). */
  onDraftStored: (propertyId: string) => void;
}) {
  const { t } = useTranslation('wizard');
  const { language } = useLanguage();
  const { actor, files, uploadProgress } = usePropertyWizard(input, { onDraftStored });
  const snapshot = useSelector(actor, (state) => state);
  const { form, step } = snapshot.context;
  useStepAddress(actor, step, snapshot.matches('editing'));
  const feedback = useFieldFeedback(form);
  const leave = useLeaveGuard(actor, () => actor.send({ type: 'BACK' }));
  const [clearOpened, setClearOpened] = useState(false);
  const [announcement, setAnnouncement] = useState({ text: '', id: 0 });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // A new step replaces the page's content: take focus to its heading, as a page change would.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const wizard = useMemo<WizardApi>(() => {
    const touchAll = (keys: string[]) => {
      for (const key of keys) feedback.touch(key as never);
    };
    return {
      actor,
      snapshot,
      form,
      files,
      uploadProgress,
      feedback,
      language,
      editGeneral: (values) => {
        actor.send({ type: 'EDIT', group: 'generalInfo', values });
        touchAll(Object.keys(values));
      },
      editBuilding: (values) => {
        actor.send({ type: 'EDIT', group: 'buildingDetails', values });
        touchAll(Object.keys(values));
      },
      editEnvironment: (values) => actor.send({ type: 'EDIT', group: 'environmentTransport', values }),
    };
  }, [actor, snapshot, form, files, uploadProgress, feedback, language]);

  if (snapshot.matches('loading')) return <WizardLoading />;
  if (snapshot.matches('loadFailed')) {
    return (
      <LoadFailed
        message={snapshot.context.loadError?.message}
        onRetry={() => actor.send({ type: 'RETRY' })}
      />
    );
  }

  const announce = (text: string) => setAnnouncement((previous) => ({ text, id: previous.id + 1 }));
  const next = () => {
    if (snapshot.can({ type: 'NEXT' })) {
      actor.send({ type: 'NEXT' });
      return;
    }
    feedback.attempt([step]);
    announce(t('announce.fixBeforeNext'));
    focusFirstProblem(feedback.problems, step);
  };
  const publish = () => {
    if (snapshot.can({ type: 'PUBLISH' })) {
      actor.send({ type: 'PUBLISH' });
      return;
    }
    feedback.attempt(ANSWER_STEPS);
    announce(t('announce.fixBeforePublish'));
    document.getElementById('review-problems')?.focus();
  };
  const back = () => {
    if (step === FIRST_WIZARD_STEP) leave.cancel();
    else actor.send({ type: 'BACK' });
  };
  const clear = () => {
    setClearOpened(false);
    feedback.reset();
    actor.send({ type: 'CLEAR' });
  };

  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];
  const Content = STEP_CONTENT[current.id];

  return (
    <WizardProvider value={wizard}>
      <Stack gap="md" maw={1040} mx="auto" pb="md">
        <WizardStepper />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Stack gap="lg">
            <div>
              <Title
                order={2}
                fz={{ base: 'h3', sm: 'h2' }}
                ref={headingRef}
                tabIndex={-1}
                style={{ outline: 'none' }}
              >
                {t(`steps.${current.id}.title`)}
              </Title>
              <Text c="dimmed" mt={4}>
                {t(`steps.${current.id}.description`)}
              </Text>
            </div>
            <StatusLine />
            <Content />
          </Stack>
        </Paper>
        <PublishError />
        <WizardFooter onBack={back} onNext={next} onPublish={publish} onClear={() => setClearOpened(true)} />
      </Stack>
      <VisuallyHidden role="status" aria-live="assertive">
        {/* A zero-width space makes a repeated message a change, so it is announced again. */}
        {announcement.text + (announcement.id % 2 === 1 ? '\u200b' : '')}
      </VisuallyHidden>
      <ResumeDraftDialog />
      <ClearConfirmDialog opened={clearOpened} onCancel={() => setClearOpened(false)} onConfirm={clear} />
      <LazyLeaveConfirmDialog opened={leave.asking} onStay={leave.stay} onLeave={leave.leaveWithoutSaving} />
    </WizardProvider>
  );
}
