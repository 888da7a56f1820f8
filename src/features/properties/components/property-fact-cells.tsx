import type { PropertyCategory, PropertyKind } from '@domain/property-options';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePropertyText } from '../use-property-text';
import { AreaValue } from './area-value';
import classes from './properties.module.css';

export interface PropertyFacts {
  propertyKind: PropertyKind | null;
  propertyCategory: PropertyCategory | null;
  city: string | null;
  totalArea: number | null;
  marketingArea: number | null;
}

/**
 * The table's field cells (kind with its category, city, total and marketed area), one definition
 * for a listed property and for the local draft /drafts puts above them, so both read alike.
 */
export function PropertyFactCells({ property }: { property: PropertyFacts }) {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  const category = text.category(property.propertyCategory);
  return (
    <>
      <Table.Td miw={120}>
        <Text size="sm" fw={500}>
          {text.kind(property.propertyKind)}
        </Text>
        {category && (
          <Text size="xs" c="dimmed">
            {category}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {property.city ? (
          <bdi>{property.city}</bdi>
        ) : (
          <Text component="span" size="sm" c="dimmed">
            {t('values.notSpecified')}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.numeric}>
        <AreaValue value={property.totalArea} />
      </Table.Td>
      <Table.Td className={classes.numeric}>
        <AreaValue value={property.marketingArea} />
      </Table.Td>
    </>
  );
}
