import type { ListingNamed } from '@domain/listing-name';
import type { PropertyFieldValues } from '@domain/property-fields';
import { LIST_AREA_FIELDS, type ListedAreaField } from '@domain/property-list-query';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePropertyText } from '../use-property-text';
import { AreaValue } from './area-value';
import classes from './properties.module.css';

/** What the cells read of a property: what it is and where, and the registry's listed areas. */
export type PropertyFacts = ListingNamed<'what' | 'whatDetail' | 'where'> &
  Pick<PropertyFieldValues, ListedAreaField>;

/**
 * The table's field cells (kind with its category, city, then each listed area in the registry's
 * order), one definition for a listed property and for the local draft /drafts puts above them, so
 * both read alike.
 */
export function PropertyFactCells({ property }: { property: PropertyFacts }) {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  const category = text.category(property);
  const where = text.where(property);
  return (
    <>
      <Table.Td miw={120}>
        <Text size="sm" fw={500}>
          {text.kind(property)}
        </Text>
        {category && (
          <Text size="xs" c="dimmed">
            {category}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {where ? (
          <bdi>{where}</bdi>
        ) : (
          <Text component="span" size="sm" c="dimmed">
            {t('values.notSpecified')}
          </Text>
        )}
      </Table.Td>
      {LIST_AREA_FIELDS.map((field) => (
        <Table.Td key={field} className={classes.numeric}>
          <AreaValue value={property[field]} />
        </Table.Td>
      ))}
    </>
  );
}
