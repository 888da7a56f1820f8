import { Paper } from '@mantine/core';
import { CardFacts, CardFooter } from '../components/card-parts';
import { usePropertyText } from '../use-property-text';
import { LocalDraftActions, type LocalDraftItemProps, LocalDraftName } from './local-draft-parts';

/** The local draft on a phone: the first card of the list, shaped like the server drafts' cards. */
export function LocalDraftCard({ draft, onDelete }: LocalDraftItemProps) {
  const text = usePropertyText();
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-local-draft="">
      <LocalDraftName draft={draft} withCity />
      <CardFacts property={draft} />
      <CardFooter
        completion={draft.dataCompletion}
        name={text.fullName(draft)}
        actions={<LocalDraftActions draft={draft} onDelete={onDelete} size="lg" />}
      />
    </Paper>
  );
}
