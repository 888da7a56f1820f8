import type { PropertyFieldKey } from '@domain/property-values';
import { Button, Group, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import classes from './review.module.css';

interface ReviewSectionProps {
  step: number;
  title: string;
  onEdit: () => void;
  children: ReactNode;
}

/** One step's answers, with the link back to that step. */
export function ReviewSection({ step, title, onEdit, children }: ReviewSectionProps) {
  const { t } = useTranslation('wizard');
  const headingId = `review-step-${step}`;
  return (
    <SectionCard labelledBy={headingId} radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <div>
          <Text fz="xs" c="dimmed">
            {t('review.stepOf', { step })}
          </Text>
          <Title order={3} fz="md" id={headingId}>
            {title}
          </Title>
        </div>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={16} aria-hidden />}
          aria-label={t('actions.editStep', { step: title })}
          onClick={onEdit}
        >
          {t('actions.edit')}
        </Button>
      </Group>
      <dl className={classes.list}>{children}</dl>
    </SectionCard>
  );
}

interface ReviewItemProps {
  field?: PropertyFieldKey;
  label: string;
  text: string | null;
  /** The field is required or has a problem: an empty answer shows as missing, not as "not provided". */
  problem?: string;
}

export function ReviewItem({ label, text, problem }: ReviewItemProps) {
  const { t } = useTranslation('wizard');
  return (
    <div className={classes.row} data-problem={problem ? true : undefined}>
      <dt className={classes.term}>{label}</dt>
      <dd className={classes.value}>
        {text ?? (
          <Text span c={problem ? 'red.9' : 'dimmed'} fz="sm" fw={problem ? 600 : undefined}>
            {problem ? t('review.missing') : t('review.notProvided')}
          </Text>
        )}
        {problem && text !== null && (
          <Text span c="red.9" fz="sm" className={classes.problem}>
            <IconAlertCircle size={14} aria-hidden /> {problem}
          </Text>
        )}
      </dd>
    </div>
  );
}
