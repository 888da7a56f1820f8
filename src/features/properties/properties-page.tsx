import type { PropertyListFilter } from '@domain/property-filters';
import { isRefined, type PropertyListView, type PropertyPageSize } from '@domain/property-list-query';
import { Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneOrWide } from '@/components/phone-or-wide/phone-or-wide';
import { SectionCard } from '@/components/section-card';
import { propertyListParamsOf, useProperties } from './api/get-properties';
import { usePropertySummary } from './api/get-property-summary';
import { AddPropertyButton } from './components/add-property-button';
import { FilterBar } from './components/filter-bar';
import { LazyListTools } from './components/lazy-list-tools';
import { PropertyTable } from './components/lazy-property-table';
import { ListFooter, pagingOf } from './components/list-footer';
import { type EmptyReason, ListEmpty, ListError, ListSkeleton, LoadedRows } from './components/list-states';
import { OverviewCards } from './components/overview-cards';
import { PropertyCardList } from './components/property-card-list';
import { SearchInput } from './components/search-input';
import { readListPageSize, writeListPageSize } from './list-page-size';
import { useErrorText } from './use-property-text';
import { useRowActions } from './use-row-actions';

/**
 * The property list (spec 2, "Property list"), at / and /properties. The filter and the search live in
 * the URL, so a filtered list can be bookmarked, shared and reached with Back; the rows live in
 * TanStack Query, one infinite query per filter + search.
 */
export function PropertiesPage() {
  const { t } = useTranslation('properties');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const urlSearch = useSearch({ strict: false });
  const [pageSize, setPageSize] = useState<PropertyPageSize>(() => readListPageSize());
  const params = propertyListParamsOf(urlSearch, pageSize);
  const { filter, search } = params;
  const view = params.view ?? {};
  const headingId = useId();

  const summary = usePropertySummary();
  const list = useProperties(params);
  const { handlers, shareDialog } = useRowActions();

  // A filter is a deliberate choice worth a history entry; the search is replaced as it is typed.
  // Both go to the current route ('.'): the list lives at / and at /properties, and moving from one to
  // the other would remount the screen under the user's fingers.
  // The sort and refinements (view) ride along unchanged; a new sort or refinement is a history entry too.
  const setFilter = (next: PropertyListFilter) =>
    void navigate({
      to: '.',
      search: { ...view, filter: next === 'all' ? undefined : next, q: search || undefined },
      resetScroll: false,
    });
  const setSearch = (next: string) =>
    void navigate({
      to: '.',
      search: { ...view, filter: filter === 'all' ? undefined : filter, q: next || undefined },
      replace: true,
      resetScroll: false,
    });
  const setView = (next: PropertyListView) =>
    void navigate({
      to: '.',
      search: { ...next, filter: filter === 'all' ? undefined : filter, q: search || undefined },
      resetScroll: false,
    });
  const changePageSize = (size: PropertyPageSize) => {
    writeListPageSize(size);
    setPageSize(size);
  };

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const lastPage = list.data?.pages.at(-1);
  const total = lastPage?.totalCount ?? 0;

  const emptyReason: EmptyReason =
    search !== ''
      ? { kind: 'search', query: search }
      : isRefined(view)
        ? { kind: 'refined' }
        : filter !== 'all'
          ? { kind: 'filter', filter }
          : { kind: 'none' };

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton />;
  } else if (items.length === 0 && list.isError) {
    body = (
      <ListError
        message={errorText(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <ListEmpty
        reason={emptyReason}
        onClearSearch={() => setSearch('')}
        onShowAll={() => setFilter('all')}
        onClearRefinements={() => setView({ sort: view.sort, order: view.order })}
      />
    );
  } else {
    body = (
      <>
        <LoadedRows list={list} errorText={errorText}>
          <PhoneOrWide
            phone={<PropertyCardList items={items} {...handlers} />}
            wide={
              <Suspense fallback={<ListSkeleton layout="wide" />}>
                <PropertyTable items={items} {...handlers} />
              </Suspense>
            }
          />
        </LoadedRows>
        <ListFooter shown={items.length} total={total} {...pagingOf(list, errorText)} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <OverviewCards drafts={summary.data?.drafts} />
      <SectionCard labelledBy={headingId} p={{ base: 'sm', sm: 'md' }}>
        <VisuallyHidden>
          <Title order={2} id={headingId}>
            {t('list.heading')}
          </Title>
        </VisuallyHidden>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" align="center">
            <SearchInput value={search} onCommit={setSearch} />
            <AddPropertyButton />
          </Group>
          <FilterBar active={filter} counts={summary.data} onChange={setFilter} />
          <LazyListTools
            view={view}
            onViewChange={setView}
            pageSize={pageSize}
            onPageSizeChange={changePageSize}
            exportOf={{ filter, search }}
          />
          {body}
        </Stack>
      </SectionCard>
      {shareDialog}
    </Stack>
  );
}
