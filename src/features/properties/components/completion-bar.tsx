import { Group, type MantineColor, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePropertyText } from '../use-property-text';

/** Red while most of the data is missing, orange half way, teal once a listing is well described. */
export function completionColor(percent: number): MantineColor {
  if (percent < 40) return 'red.7';
  if (percent < 75) return 'orange.6';
  return 'teal.7';
}

interface CompletionBarProps {
  value: number;
  /** The property's name, so each bar has its own accessible name in a list of many. */
  name: string;
  width?: number | string;
}

export function CompletionBar({ value, name, width = 96 }: CompletionBarProps) {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={value}
        color={completionColor(value)}
        size="md"
        radius="xl"
        w={width}
        aria-label={t('completion.labelFor', { name })}
      />
      {/* Percent signs and digits keep their order in RTL text only when isolated. */}
      <Text component="span" size="sm" fw={600} dir="ltr" miw="3.5ch" aria-hidden="true">
        {text.percent(value)}
      </Text>
    </Group>
  );
}
