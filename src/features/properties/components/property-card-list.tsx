import { LIST_AREA_FIELDS } from '@domain/property-list-query';
import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyListItem } from '../property-types';
import { usePropertyText } from '../use-property-text';
import { AreaValue } from './area-value';
import { CompletionBar } from './completion-bar';
import { ListedPrice } from './listed-price';
import { PropertyActions, type RowActionHandlers } from './property-actions';
import { PropertyName } from './property-name';

interface PropertyCardListProps extends RowActionHandlers {
  items: PropertyListItem[];
  /** A card (an `li`) before the properties: /drafts puts this browser's draft first. */
  leading?: ReactNode;
}

/** The table on a phone: one card per property, nothing wider than the screen. */
export function PropertyCardList({ items, leading, ...handlers }: PropertyCardListProps) {
  const { t } = useTranslation(['properties', 'fields']);
  const text = usePropertyText();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {leading}
      {items.map((item) => {
        const name = text.fullName(item);
        const category = text.category(item.propertyCategory);
        return (
          <Paper key={item.id} component="li" withBorder radius="md" p="sm">
            <PropertyName item={item} withCity />
            <Text size="sm" mt={6}>
              {text.kind(item.propertyKind)}
              {category && <Text span c="dimmed">{` · ${category}`}</Text>}
            </Text>
            <ListedPrice property={item} />
            <SimpleGrid cols={3} spacing="xs" mt="xs">
              {LIST_AREA_FIELDS.map((field) => (
                <Figure key={field} label={t(`fields:${field}`)}>
                  <AreaValue value={item[field]} />
                </Figure>
              ))}
              <Figure label={t('columns.publicationsShort')}>
                <bdi>{text.number(item.activePublications)}</bdi>
                {item.shareOpens ? (
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {t('share.opensColumn', { count: item.shareOpens })}
                  </Text>
                ) : null}
              </Figure>
            </SimpleGrid>
            <Group justify="space-between" align="center" mt="xs" wrap="nowrap" gap="xs">
              <Box miw={0}>
                <Text size="xs" c="dimmed" aria-hidden="true">
                  {t('completion.label')}
                </Text>
                <CompletionBar value={item.dataCompletion} name={name} width={72} />
              </Box>
              <PropertyActions item={item} name={name} size="lg" {...handlers} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Box>
  );
}
