import { Stack, Text } from '@mantine/core';

/** A dialog's title about one property: what the dialog does, then the property's name beneath it. */
export function PropertyDialogTitle({ title, name }: { title: string; name: string }) {
  return (
    <Stack gap={0}>
      <Text fw={700} fz="lg">
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        <bdi>{name}</bdi>
      </Text>
    </Stack>
  );
}
