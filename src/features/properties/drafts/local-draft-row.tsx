import { Table } from '@mantine/core';
import { CompletionBar } from '../components/completion-bar';
import { ListedPrice } from '../components/listed-price';
import classes from '../components/properties.module.css';
import { PropertyFactCells } from '../components/property-fact-cells';
import { usePropertyText } from '../use-property-text';
import { LocalDraftActions, type LocalDraftItemProps, LocalDraftName } from './local-draft-parts';

/**
 * The local draft as the first row of the list's table, cell for cell under its columns. Loaded
 * with the table (lazily): a phone shows cards and never needs Mantine's Table.
 */
export function LocalDraftRow({ draft, onDelete }: LocalDraftItemProps) {
  const text = usePropertyText();
  return (
    <Table.Tr className={classes.row} data-local-draft="">
      <Table.Td miw={170}>
        <LocalDraftName draft={draft} />
      </Table.Td>
      <PropertyFactCells property={draft} />
      <Table.Td className={classes.numeric}>
        <ListedPrice property={draft} showMissing />
      </Table.Td>
      {/* Never published: a draft kept only here has no publications to count. */}
      <Table.Td className={classes.numeric}>
        <bdi>{text.number(0)}</bdi>
      </Table.Td>
      <Table.Td>
        <CompletionBar value={draft.dataCompletion} name={text.fullName(draft)} width={64} />
      </Table.Td>
      <Table.Td>
        <LocalDraftActions draft={draft} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
