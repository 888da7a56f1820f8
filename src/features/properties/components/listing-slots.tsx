import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Places on the listing for facts another change adds (issue 21: the description and the tour
 * link). Each takes its value and renders nothing while there is none, so the page can hold them
 * before the fields exist.
 */
export function PropertyDescription({ text }: { text: string | null | undefined }) {
  const { t } = useTranslation('listing');
  const headingId = useId();
  const description = text?.trim();
  if (!description) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Title order={3} id={headingId} fz="lg" mb="sm">
        {t('description')}
      </Title>
      {/* The broker's line breaks are kept; the text reads in its own direction. */}
      <Text dir="auto" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {description}
      </Text>
    </Paper>
  );
}

/** The tour link (its host checked where the field is defined): a plain link that opens in a new tab. */
export function PropertyTourLink({ url }: { url: string | null | undefined }) {
  const { t } = useTranslation('listing');
  const headingId = useId();
  if (!url) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Title order={3} id={headingId} fz="lg" mb="sm">
        {t('tour.title')}
      </Title>
      <Anchor href={url} target="_blank" rel="noopener noreferrer">
        <Group gap={6} wrap="nowrap" component="span">
          {t('tour.open')}
          <IconExternalLink size={16} aria-hidden="true" />
        </Group>
      </Anchor>
    </Paper>
  );
}
