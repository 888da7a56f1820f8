import { dataCompletion } from '@domain/data-completion';
import { formatPercent } from '@domain/format';
import { formToValues } from '@domain/property-form';
import { MEDIA_GROUPS } from '@domain/property-options';
import { WIZARD_STEPS } from '@domain/wizard-steps';
import { Alert, Anchor, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldWords } from '@/i18n/field-words';
import { ReviewItem, ReviewSection } from '../review/review-section';
import { reviewRows } from '../review/review-values';
import { useWizard } from '../wizard-context';
import { problemMessage } from '../wizard-problems';

const ANSWER_STEPS = [1, 2, 3, 4] as const;
/** Light alerts draw their title in shade 9 on shade 1: about 4.3:1, under WCAG AA's 4.5:1. */
const alertTitleStyles = { title: { color: 'var(--mantine-color-text)' } };

/** Step 6: every answer grouped by step, what still keeps the property from publishing, and the score. */
export function ReviewStep() {
  const { t } = useTranslation('wizard');
  const { t: tOptions } = useTranslation('options');
  const { t: tFields } = useTranslation('fields');
  const { form, actor, feedback, language } = useWizard();
  const completion = dataCompletion(formToValues(form));
  const { problems } = feedback;
  const stepLabel = (step: number) => t(`steps.${WIZARD_STEPS[step - 1]?.id ?? 'kind'}.label`);
  const goTo = (step: number) => {
    feedback.attempt([step]);
    actor.send({ type: 'GO_TO_STEP', step });
  };
  const messageOf = (field: string) => {
    const problem = problems.find((candidate) => candidate.field === field);
    return problem ? problemMessage(problem, t, language) : undefined;
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb={6}>
          <Text fw={600}>{t('review.completion')}</Text>
          <Text fw={700} fz="lg">
            {formatPercent(completion, language)}
          </Text>
        </Group>
        {/* Mantine puts role=progressbar on the inner section and forwards only aria-label to it. */}
        <Progress value={completion} size="lg" radius="xl" aria-label={t('review.completion')} />
      </Paper>

      {problems.length > 0 ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('review.problemsTitle')}
          id="review-problems"
          tabIndex={-1}
          role="note"
          styles={alertTitleStyles}
        >
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={problem.field}>
                {/* The theme's link colour is 4.48:1 on the light orange alert; the text colour, underlined, reads. */}
                <Anchor
                  component="button"
                  type="button"
                  fz="sm"
                  c="var(--mantine-color-text)"
                  ta="start"
                  underline="always"
                  onClick={() => goTo(problem.step)}
                >
                  {t('review.problem', {
                    field: fieldWords(tFields, problem.field).label,
                    message: problemMessage(problem, t, language),
                  })}
                </Anchor>
                <Text span fz="xs" c="dimmed">
                  {' · '}
                  {stepLabel(problem.step)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert
          color="teal"
          icon={<IconCircleCheck aria-hidden />}
          title={t('review.ready')}
          role="note"
          styles={alertTitleStyles}
        />
      )}

      {ANSWER_STEPS.map((step) => (
        <ReviewSection key={step} step={step} title={stepLabel(step)} onEdit={() => goTo(step)}>
          {reviewRows(form, step, t, tOptions, tFields, language).map((row) => (
            <ReviewItem
              key={row.field}
              label={fieldWords(tFields, row.field).label}
              text={row.text}
              problem={messageOf(row.field)}
            />
          ))}
        </ReviewSection>
      ))}
      <ReviewSection step={5} title={stepLabel(5)} onEdit={() => goTo(5)}>
        {MEDIA_GROUPS.map((group) => {
          const count = form.mediaDocuments[group.key].length;
          return (
            <ReviewItem
              key={group.key}
              label={tOptions(`mediaGroup.${group.key}`)}
              text={count === 0 ? t('review.noFiles') : t('review.files', { count })}
            />
          );
        })}
      </ReviewSection>
    </Stack>
  );
}
