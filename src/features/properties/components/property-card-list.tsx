import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyListItem } from '../property-types';
import { usePropertyText } from '../use-property-text';
import { CardFacts, CardFigure, CardFooter, Publications } from './card-parts';
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
        return (
          <Paper key={item.id} component="li" withBorder radius="md" p="sm">
            <PropertyName item={item} withCity />
            <CardFacts property={item}>
              <CardFigure label={t('columns.publicationsShort')}>
                <Publications item={item} />
              </CardFigure>
            </CardFacts>
            <CardFooter
              completion={item.dataCompletion}
              name={name}
              actions={<PropertyActions item={item} name={name} size="lg" {...handlers} />}
            />
          </Paper>
        );
      })}
    </Stack>
  );
}
