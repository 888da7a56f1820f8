import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AreaValue } from '../components/area-value';
import { CompletionBar } from '../components/completion-bar';
import classes from '../components/properties.module.css';
import { usePropertyText } from '../use-property-text';
import { LocalDraftActions, type LocalDraftItemProps, LocalDraftName } from './local-draft-parts';

/**
 * The local draft as the first row of the list's table, cell for cell under its columns. Loaded
 * with the table (lazily): a phone shows cards and never needs Mantine's Table.
 */
export function LocalDraftRow({ draft, onDelete }: LocalDraftItemProps) {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  const category = text.category(draft.propertyCategory);
  return (
    <Table.Tr className={classes.row} data-local-draft="">
      <Table.Td miw={200}>
        <LocalDraftName draft={draft} />
      </Table.Td>
      <Table.Td miw={120}>
        <Text size="sm" fw={500}>
          {text.kind(draft.propertyKind)}
        </Text>
        {category && (
          <Text size="xs" c="dimmed">
            {category}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {draft.city ? (
          <bdi>{draft.city}</bdi>
        ) : (
          <Text component="span" size="sm" c="dimmed">
            {t('values.notSpecified')}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.numeric}>
        <AreaValue value={draft.totalArea} />
      </Table.Td>
      <Table.Td className={classes.numeric}>
        <AreaValue value={draft.marketingArea} />
      </Table.Td>
      {/* Never published: a draft kept only here has no publications to count. */}
      <Table.Td className={classes.numeric}>
        <bdi>{text.number(0)}</bdi>
      </Table.Td>
      <Table.Td>
        <CompletionBar value={draft.dataCompletion} name={text.fullName(draft)} width={80} />
      </Table.Td>
      <Table.Td>
        <LocalDraftActions draft={draft} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
