import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePropertyText } from '../use-property-text';

interface ListFooterProps {
  shown: number;
  total: number;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** A failed 'load more' (the rows already shown stay). */
  loadMoreError: string | null;
}

/** An infinite list query, as far as its footer reads it. */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** The footer's paging props from a list query: both lists load more and report a failed load alike. */
export function pagingOf(list: PagedList, errorText: (error: unknown) => string) {
  return {
    hasNextPage: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    onLoadMore: () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
    loadMoreError: list.isFetchNextPageError ? errorText(list.error) : null,
  };
}

export function ListFooter({
  shown,
  total,
  hasNextPage,
  loadingMore,
  onLoadMore,
  loadMoreError,
}: ListFooterProps) {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  return (
    <Stack align="center" gap="sm" mt="md">
      {loadMoreError && (
        <Alert color="red" variant="light" w="100%" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('errors.loadMore', { message: loadMoreError })}</Text>
            <Button
              size="compact-sm"
              variant="white"
              color="red"
              onClick={onLoadMore}
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
            >
              {t('errors.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {hasNextPage && !loadMoreError && (
        <Button
          variant="default"
          onClick={onLoadMore}
          loading={loadingMore}
          loaderProps={{ type: 'dots' }}
          rightSection={<IconChevronDown size={18} aria-hidden="true" />}
        >
          {t('list.loadMore')}
        </Button>
      )}
      {/* Announced politely: how many are shown after a search, a filter or 'load more'. */}
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {loadingMore ? t('list.loadingMore') : t('list.shown', { count: total, shown: text.number(shown) })}
      </Text>
    </Stack>
  );
}
