import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './properties.module.css';

interface OverviewLinkCardProps {
  /** The link the whole card is (a router Link with its address). */
  renderRoot: (props: Record<string, unknown>) => ReactNode;
  icon: TablerIcon;
  /** The small call to open the list, shown beside the icon. */
  hint: string;
  label: string;
  ariaLabel: string | undefined;
  /** The figure (and anything beside it), or undefined while it loads. */
  value: ReactNode | undefined;
}

/** An overview card that leads to a real list (exposure requests, drafts), as opposed to a sample card. */
export function OverviewLinkCard({
  renderRoot,
  icon: Icon,
  hint,
  label,
  ariaLabel,
  value,
}: OverviewLinkCardProps) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="sm"
      renderRoot={renderRoot}
      className={classes.overviewLink}
      aria-label={ariaLabel}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <ThemeIcon variant="light" size="lg" radius="md">
          <Icon size={20} stroke={1.6} aria-hidden="true" />
        </ThemeIcon>
        <Text size="xs" c="brand.8" fw={600} aria-hidden="true" className={classes.overviewLinkHint}>
          {hint}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt="xs" lineClamp={1}>
        {label}
      </Text>
      {value === undefined ? <Skeleton h={31} w={48} mt={2} /> : value}
    </Card>
  );
}
