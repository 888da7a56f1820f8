import { Badge, Card, Group, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import {
  IconArrowsExchange,
  IconFileDescription,
  IconMessages,
  IconTargetArrow,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { tooltip } from '@/components/tooltip/tooltip';
import { usePropertyText } from '../use-property-text';
import { ExposureOverviewCard } from './exposure-overview-card';
import { OverviewLinkCard } from './overview-link-card';
import classes from './properties.module.css';

type SampleCardKey = 'matches' | 'transactions' | 'messages';

/**
 * Spec 2: the overview numbers are hard-coded samples. They stay, marked as samples, until their
 * screens exist; the exposure requests (issue 23) and drafts cards are real numbers.
 */
const SAMPLE_CARDS: readonly { key: SampleCardKey; icon: TablerIcon; count: number; fresh: number }[] = [
  { key: 'matches', icon: IconTargetArrow, count: 12, fresh: 3 },
  { key: 'transactions', icon: IconArrowsExchange, count: 5, fresh: 1 },
  { key: 'messages', icon: IconMessages, count: 24, fresh: 6 },
];

interface OverviewCardsProps {
  /** The number of drafts, or undefined while the summary loads. */
  drafts: number | undefined;
}

export function OverviewCards({ drafts }: OverviewCardsProps) {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden>
        <Title order={2} id={headingId}>
          {t('overview.heading')}
        </Title>
      </VisuallyHidden>
      <div className={classes.overviewGrid}>
        {SAMPLE_CARDS.map(({ key, icon: Icon, count, fresh }) => (
          <Card key={key} withBorder radius="lg" padding="sm" className={classes.overviewCard}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <ThemeIcon variant="light" color="gray" size="lg" radius="md">
                <Icon size={20} stroke={1.6} aria-hidden="true" />
              </ThemeIcon>
              <Badge
                {...tooltip(t('overview.sampleHint'))}
                variant="outline"
                color="gray"
                size="xs"
                radius="sm"
              >
                {t('overview.sample')}
                <VisuallyHidden>: {t('overview.sampleHint')}</VisuallyHidden>
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt="xs" lineClamp={1}>
              {t(`overview.cards.${key}`)}
            </Text>
            <Group gap="xs" wrap="nowrap" align="baseline">
              <Text fz={26} fw={700} lh={1.2} c="gray.7">
                <bdi>{text.number(count)}</bdi>
              </Text>
              <Badge variant="light" color="gray" size="sm">
                {t('overview.newCount', { count: fresh })}
              </Badge>
            </Group>
          </Card>
        ))}
        <ExposureOverviewCard />
        <OverviewLinkCard
          renderRoot={(props) => <Link to="/properties" search={{ filter: 'drafts' }} {...props} />}
          icon={IconFileDescription}
          hint={t('overview.showDrafts')}
          label={t('overview.cards.drafts')}
          ariaLabel={drafts === undefined ? undefined : `${t('overview.cards.drafts')}: ${drafts}`}
          value={
            drafts === undefined ? undefined : (
              <Text fz={26} fw={700} lh={1.2}>
                <bdi>{text.number(drafts)}</bdi>
              </Text>
            )
          }
        />
      </div>
    </section>
  );
}
