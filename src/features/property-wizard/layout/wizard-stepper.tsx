import { isStepComplete } from '@domain/wizard-rules';
import { LAST_WIZARD_STEP, WIZARD_STEPS } from '@domain/wizard-steps';
import { Group, Progress, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWizard } from '../wizard-context';

/** Six labelled steps fit from 1024 px on; narrower screens get "step 2 of 6" and a bar. */
const FULL_STEPPER_QUERY = '(min-width: 64em)';

export function WizardStepper() {
  const { t } = useTranslation('wizard');
  const { snapshot, actor, feedback } = useWizard();
  const wide = useMediaQuery(FULL_STEPPER_QUERY, true, { getInitialValueInEffect: false });
  const { step, furthestStep } = snapshot.context;
  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];

  if (!wide) {
    return (
      <nav aria-label={t('stepperLabel')}>
        <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
          <Text fz="sm" c="dimmed">
            {t('stepOf', { step, total: LAST_WIZARD_STEP })}
          </Text>
          <Text fz="sm" fw={600} aria-current="step">
            {t(`steps.${current.id}.label`)}
          </Text>
        </Group>
        <Progress value={(step / LAST_WIZARD_STEP) * 100} size="sm" radius="xl" aria-hidden />
      </nav>
    );
  }

  return (
    <nav aria-label={t('stepperLabel')}>
      <Stepper
        active={step - 1}
        onStepClick={(index) => actor.send({ type: 'GO_TO_STEP', step: index + 1 })}
        size="sm"
        iconSize={32}
      >
        {WIZARD_STEPS.map((item) => {
          // A tick only where nothing on the step keeps the property from publishing (the same
          // rule as the status line and "publish"); a passed step with a gap shows a warning.
          const complete = isStepComplete(item.step, furthestStep, feedback.problems);
          return (
            <Stepper.Step
              key={item.id}
              label={t(`steps.${item.id}.label`)}
              description={complete || item.step >= step ? undefined : t('stepNeedsAttention')}
              aria-current={item.step === step ? 'step' : undefined}
              allowStepSelect={snapshot.can({ type: 'GO_TO_STEP', step: item.step })}
              color={complete || item.step >= step ? undefined : 'orange'}
              completedIcon={
                complete ? <IconCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />
              }
              data-complete={complete || undefined}
            />
          );
        })}
      </Stepper>
    </nav>
  );
}
