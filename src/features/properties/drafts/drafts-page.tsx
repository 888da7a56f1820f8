import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { mobileMediaQuery } from '@page-contract/breakpoints';
import { IconFileDescription } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, use, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useProperties } from '../api/get-properties';
import { usePropertySummary } from '../api/get-property-summary';
import { AddPropertyButton } from '../components/add-property-button';
import { PropertyTable } from '../components/lazy-property-table';
import { ListFooter, pagingOf } from '../components/list-footer';
import { EmptyList, ListError, ListSkeleton, LoadedRows } from '../components/list-states';
import { PropertyCardList } from '../components/property-card-list';
import type { PropertyListItem } from '../property-types';
import { useErrorText, usePropertyText } from '../use-property-text';
import { useRowActions } from '../use-row-actions';
import { loadLocalDraftKit } from './load-local-draft-kit';
import type { LocalDraftEntry } from './local-draft-view';

// A row of the table, so it loads with the table: a phone never needs either.
const LocalDraftRow = lazy(() =>
  import('./local-draft-row').then((module) => ({ default: module.LocalDraftRow })),
);

/** The server's drafts: the list's own query under its drafts filter, so both screens share one cache. */
const DRAFTS = { filter: 'drafts', search: '' } as const;

interface DraftsPageProps {
  /** This browser's draft of a new property, never saved to the server; null when there is none. */
  localDraft: LocalDraftEntry | null;
  /** Removes it from this browser (asked first here). */
  onDeleteLocalDraft: () => void;
}

/**
 * /drafts (issue 19): every unfinished property in one place. This browser's local draft comes first,
 * marked as kept here only; the server's drafts follow in the list's own cards and table, with its
 * continue, delete-with-undo, share and copy actions, and its loading, error and paging states.
 */
export function DraftsPage({ localDraft, onDeleteLocalDraft }: DraftsPageProps) {
  const { t } = useTranslation(['properties', 'drafts']);
  const text = usePropertyText();
  const errorText = useErrorText();
  const isMobile = useMediaQuery(mobileMediaQuery, false, { getInitialValueInEffect: false }) ?? false;
  const headingId = useId();

  const list = useProperties(DRAFTS);
  // The counts the route's loader fetched, kept live while this screen shows: a delete or an undo
  // here refetches them, so the sidebar's drafts count (which only reads the cache) follows.
  usePropertySummary();
  const { handlers, shareDialog } = useRowActions();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  // The local draft's parts load only when there is one; the route's loader has them by the first render.
  const kit = localDraft ? use(loadLocalDraftKit()) : null;
  const local = localDraft && kit ? kit.localDraftView(localDraft) : null;

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.totalCount ?? 0;

  const localItem =
    local &&
    kit &&
    (isMobile ? (
      <kit.LocalDraftCard draft={local} onDelete={() => setConfirmingDelete(true)} />
    ) : (
      <LocalDraftRow draft={local} onDelete={() => setConfirmingDelete(true)} />
    ));
  const rows = (shown: PropertyListItem[]) =>
    isMobile ? (
      <PropertyCardList items={shown} leading={localItem} {...handlers} />
    ) : (
      <Suspense fallback={<ListSkeleton layout="wide" />}>
        <PropertyTable items={shown} leading={localItem} {...handlers} />
      </Suspense>
    );

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton layout={isMobile ? 'phone' : 'wide'} />;
  } else if (items.length === 0 && list.isError) {
    // The local draft needs no server: it stays in view above the failure.
    body = (
      <>
        {local && rows([])}
        <ListError
          message={errorText(list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </>
    );
  } else if (items.length === 0 && !local) {
    body = <NoDrafts />;
  } else {
    body = (
      <>
        <LoadedRows list={list} errorText={errorText}>
          {rows(items)}
        </LoadedRows>
        {items.length > 0 && (
          <ListFooter
            // The local draft counts among the drafts shown, so the count matches the rows.
            shown={items.length + (local ? 1 : 0)}
            total={total + (local ? 1 : 0)}
            {...pagingOf(list, errorText)}
          />
        )}
      </>
    );
  }

  return (
    <SectionCard labelledBy={headingId} p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" align="flex-start">
          <Box miw={0} flex="1 1 320px">
            <Title order={2} size="h3" id={headingId}>
              {t('drafts:heading')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('drafts:intro')}
            </Text>
          </Box>
          <AddPropertyButton />
        </Group>
        {body}
      </Stack>
      {local && kit && confirmingDelete && (
        <kit.DeleteLocalDraftDialog
          name={text.fullName(local)}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            setConfirmingDelete(false);
            onDeleteLocalDraft();
          }}
        />
      )}
      {shareDialog}
    </SectionCard>
  );
}

function NoDrafts() {
  const { t } = useTranslation(['properties', 'drafts']);
  return (
    <EmptyList icon={IconFileDescription} title={t('drafts:empty.title')} body={t('drafts:empty.body')} />
  );
}
