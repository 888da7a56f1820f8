import type { ListingNamed } from '@domain/listing-name';
import { LIST_AREA_FIELDS } from '@domain/property-list-query';
import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldWords } from '@/i18n/field-words';
import type { PropertyListItem } from '../property-types';
import { usePropertyText } from '../use-property-text';
import { AreaValue } from './area-value';
import { CompletionBar } from './completion-bar';
import { ListedPrice } from './listed-price';
import classes from './properties.module.css';

/** What a list card shows of a property: a stored one's and the browser's own draft's alike. */
type CardProperty = ListingNamed<'what' | 'whatDetail'> &
  Pick<PropertyListItem, 'dataCompletion' | (typeof LIST_AREA_FIELDS)[number]> &
  Parameters<typeof ListedPrice>[0]['property'];

/** Under the name: kind and category, the price, and the listed areas (and what `children` adds). */
export function CardFacts({ property, children }: { property: CardProperty; children?: ReactNode }) {
  const words = useFieldWords();
  const text = usePropertyText();
  const category = text.category(property);
  return (
    <>
      <Text size="sm" mt={6}>
        {text.kind(property)}
        {category && <Text span c="dimmed">{` · ${category}`}</Text>}
      </Text>
      <ListedPrice property={property} />
      <div className={classes.cardFigures}>
        {/* The listed areas, as the table's cells show them. */}
        {LIST_AREA_FIELDS.map((field) => (
          <CardFigure key={field} label={words(field).label}>
            <AreaValue value={property[field]} />
          </CardFigure>
        ))}
        {children}
      </div>
    </>
  );
}

/** One small figure of a card: its label above its value (two cells of the card's grid, no wrapper). */
export function CardFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </>
  );
}

/** The card's last line: how complete the property is, and its actions. */
export function CardFooter({
  completion,
  name,
  actions,
}: {
  completion: number;
  name: string;
  actions: ReactNode;
}) {
  const { t } = useTranslation('properties');
  return (
    <Group justify="space-between" align="center" mt="xs" wrap="nowrap" gap="xs">
      <Box miw={0}>
        <Text size="xs" c="dimmed" aria-hidden="true">
          {t('completion.label')}
        </Text>
        <CompletionBar value={completion} name={name} width={72} />
      </Box>
      {actions}
    </Group>
  );
}

/** How many live share links the property has, and how often they were opened (the table's cell too). */
export function Publications({
  item,
}: {
  item: Pick<PropertyListItem, 'activePublications' | 'shareOpens'>;
}) {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  return (
    <>
      <bdi>{text.number(item.activePublications)}</bdi>
      {item.shareOpens ? (
        <Text component="span" size="xs" c="dimmed" display="block">
          {t('share.opensColumn', { count: item.shareOpens })}
        </Text>
      ) : null}
    </>
  );
}
