import { listingNameField } from '@domain/listing-name';
import { LIST_AREA_FIELDS } from '@domain/property-list-query';
import { Group, Skeleton, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldWords } from '@/i18n/field-words';
import type { PropertyListItem } from '../property-types';
import { usePropertyText } from '../use-property-text';
import { Publications } from './card-parts';
import { CompletionBar } from './completion-bar';
import { ListedPrice } from './listed-price';
import classes from './properties.module.css';
import { PropertyActions, type RowActionHandlers } from './property-actions';
import { PropertyFactCells } from './property-fact-cells';
import { PropertyName } from './property-name';

interface PropertyTableProps extends RowActionHandlers {
  items: PropertyListItem[];
  /** A row before the properties: /drafts puts this browser's draft first. */
  leading?: ReactNode;
}

/** Column headers, shared with the loading skeleton so both have the same shape. */
function PropertyTableHead() {
  // Field columns carry the field's one label, the wizard's (docs/glossary.md).
  const { t } = useTranslation('properties');
  const words = useFieldWords();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('columns.name')}</Table.Th>
        <Table.Th>{words(listingNameField('what')).label}</Table.Th>
        <Table.Th>{words(listingNameField('where')).label}</Table.Th>
        {LIST_AREA_FIELDS.map((field) => (
          <Table.Th key={field}>{words(field).label}</Table.Th>
        ))}
        <Table.Th>{t('columns.price')}</Table.Th>
        <Table.Th>{t('columns.activePublications')}</Table.Th>
        <Table.Th>{t('completion.label')}</Table.Th>
        <Table.Th>{t('columns.actions')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

const TABLE_MIN_WIDTH = 940;

export function PropertyTable({ items, leading, ...handlers }: PropertyTableProps) {
  const text = usePropertyText();
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} type="native">
      <Table verticalSpacing="xs" highlightOnHover className={classes.table}>
        <PropertyTableHead />
        <Table.Tbody>
          {leading}
          {items.map((item) => {
            const name = text.fullName(item);
            return (
              <Table.Tr key={item.id} className={classes.row}>
                <Table.Td miw={170}>
                  <PropertyName item={item} />
                </Table.Td>
                <PropertyFactCells property={item} />
                {/* May wrap between the amount and its unit: a rent's words are the row's longest text. */}
                <Table.Td miw={90}>
                  <ListedPrice property={item} showMissing />
                </Table.Td>
                <Table.Td className={classes.numeric}>
                  <Publications item={item} />
                </Table.Td>
                <Table.Td>
                  <CompletionBar value={item.dataCompletion} name={name} width={64} />
                </Table.Td>
                <Table.Td>
                  <PropertyActions item={item} name={name} twoLines {...handlers} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The table's loading state: placeholder rows of the real rows' size, so nothing moves when they arrive. */
export function PropertyTableSkeleton({ rows: count }: { rows: number }) {
  const rows = Array.from({ length: count }, (_, index) => index);
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} type="native" aria-hidden="true">
      <Table verticalSpacing="xs" className={classes.table}>
        <PropertyTableHead />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row} className={classes.row}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Skeleton h={40} w={40} radius="md" />
                  <Skeleton h={14} w={140} />
                </Group>
              </Table.Td>
              {[80, 70, 70, 70, 90, 30, 110, 120].map((width, cell) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells
                <Table.Td key={cell}>
                  <Skeleton h={12} w={width} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
