import { SegmentedControl, type SegmentedControlProps, Stack, Text } from '@mantine/core';

interface LabelledSegmentsProps<T extends string> extends SegmentedControlProps<T> {
  /** The label's id, which names the control for screen readers. */
  id: string;
  label: string;
}

/** A segmented choice under a visible label that names it (SegmentedControl has no label of its own). */
export function LabelledSegments<T extends string>({ id, label, ...control }: LabelledSegmentsProps<T>) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl<T> aria-labelledby={id} {...control} />
    </Stack>
  );
}
