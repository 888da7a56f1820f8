import { LIST_AREA_FIELDS } from '@domain/property-list-query';
import { Box, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AreaValue } from '../components/area-value';
import { CompletionBar } from '../components/completion-bar';
import { ListedPrice } from '../components/listed-price';
import { usePropertyText } from '../use-property-text';
import { LocalDraftActions, type LocalDraftItemProps, LocalDraftName } from './local-draft-parts';

/** The local draft on a phone: the first card of the list, shaped like the server drafts' cards. */
export function LocalDraftCard({ draft, onDelete }: LocalDraftItemProps) {
  const { t } = useTranslation(['properties', 'fields']);
  const text = usePropertyText();
  const category = text.category(draft.propertyCategory);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-local-draft="">
      <LocalDraftName draft={draft} withCity />
      <Text size="sm" mt={6}>
        {text.kind(draft.propertyKind)}
        {category && <Text span c="dimmed">{` · ${category}`}</Text>}
      </Text>
      <ListedPrice property={draft} />
      <SimpleGrid cols={3} spacing="xs" mt="xs">
        {/* The listed areas, as the table's cells and the list's cards show them. */}
        {LIST_AREA_FIELDS.map((field) => (
          <Box key={field} miw={0}>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {t(`fields:${field}`)}
            </Text>
            <Text size="sm" fw={500}>
              <AreaValue value={draft[field]} />
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Group justify="space-between" align="center" mt="xs" wrap="nowrap" gap="xs">
        <Box miw={0}>
          <Text size="xs" c="dimmed" aria-hidden="true">
            {t('completion.label')}
          </Text>
          <CompletionBar value={draft.dataCompletion} name={text.fullName(draft)} width={72} />
        </Box>
        <LocalDraftActions draft={draft} onDelete={onDelete} size="lg" />
      </Group>
    </Paper>
  );
}
