import type { PropertyListFilter } from '@domain/property-filters';
import {
  Alert,
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingPlus,
  IconFilterOff,
  IconRefresh,
  IconSearchOff,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneOrWide } from '@/components/phone-or-wide/phone-or-wide';
import { PropertyTableSkeleton } from './lazy-property-table';
import classes from './properties.module.css';

const SKELETON_ROWS = 5;

/**
 * Placeholder rows of the real rows' size, so nothing moves when the data arrives: cards on a phone, the
 * table's rows elsewhere (both until the width is known: PhoneOrWide), or the one layout asked for.
 */
export function ListSkeleton({ layout }: { layout?: 'phone' | 'wide' }) {
  const { t } = useTranslation('properties');
  const rows = Array.from({ length: SKELETON_ROWS }, (_, index) => index);
  const phone = (
    <Stack gap="sm" aria-hidden="true">
      {rows.map((row) => (
        <Paper key={row} withBorder radius="md" p="sm">
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={40} w={40} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={14} w="60%" />
              <Skeleton h={12} w="35%" />
            </Stack>
          </Group>
          <Skeleton h={12} w="50%" mt="sm" />
          <Skeleton h={34} mt="sm" />
          <Skeleton h={34} mt="xs" />
        </Paper>
      ))}
    </Stack>
  );
  // Until the table's code is here (a phone turned wide): one block about the rows' height.
  const wide = (
    <Suspense fallback={<Skeleton h={SKELETON_ROWS * 61} />}>
      <PropertyTableSkeleton rows={SKELETON_ROWS} />
    </Suspense>
  );
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <VisuallyHidden>{t('list.loading')}</VisuallyHidden>
      {layout === 'phone' ? phone : layout === 'wide' ? wide : <PhoneOrWide phone={phone} wide={wide} />}
    </div>
  );
}

interface ListErrorProps {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

/** Spec 8: 'Error loading properties: <message>' with Try Again, when there is nothing to show. */
export function ListError({ message, onRetry, retrying }: ListErrorProps) {
  const { t } = useTranslation('properties');
  return (
    <EmptyState
      py="xl"
      role="alert"
      icon={
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={30} stroke={1.5} aria-hidden="true" />
        </ThemeIcon>
      }
    >
      <EmptyState.Title order={3}>{t('errors.load', { message })}</EmptyState.Title>
      <EmptyState.Actions>
        <Button
          onClick={onRetry}
          loading={retrying}
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
        >
          {t('errors.retry')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** A refresh that failed while rows are shown: the rows stay, with the error and a retry above them. */
/** A list query, as far as its loaded rows read it. */
interface RefreshingList {
  isRefetchError: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** Rows already loaded: kept while the list loads again (dimmed, busy), a failed reload said above them. */
export function LoadedRows({
  list,
  errorText,
  children,
}: {
  list: RefreshingList;
  errorText: (error: unknown) => string;
  children: ReactNode;
}) {
  return (
    <>
      {list.isRefetchError && (
        <ListRefreshError message={errorText(list.error)} onRetry={() => void list.refetch()} />
      )}
      <Box className={list.isPlaceholderData ? classes.stale : undefined} aria-busy={list.isPlaceholderData}>
        {children}
      </Box>
    </>
  );
}

export function ListRefreshError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('properties');
  return (
    <Alert color="red" variant="light" mb="sm" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('errors.refresh', { message })}</Text>
        <Button size="compact-sm" variant="white" color="red" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

export type EmptyReason =
  | { kind: 'search'; query: string }
  | { kind: 'filter'; filter: Exclude<PropertyListFilter, 'all'> }
  /** The list's own refinements (kinds, city, ranges) leave nothing. */
  | { kind: 'refined' }
  | { kind: 'none' };

interface ListEmptyProps {
  reason: EmptyReason;
  onClearSearch: () => void;
  onShowAll: () => void;
  onClearRefinements?: () => void;
}

interface EmptyListProps {
  icon: TablerIcon;
  title: string;
  body: string;
  /** What the broker can do about it, if anything. */
  children?: ReactNode;
}

/** A list with nothing in it at all (no properties, no drafts): its icon, its words, what to do. */
export function EmptyList({ icon: Icon, title, body, children }: EmptyListProps) {
  return (
    <EmptyState py="xl" variant="light" icon={<Icon size={30} stroke={1.5} aria-hidden="true" />}>
      <EmptyState.Title order={3}>{title}</EmptyState.Title>
      <EmptyState.Description>{body}</EmptyState.Description>
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}

export function ListEmpty({ reason, onClearSearch, onShowAll, onClearRefinements }: ListEmptyProps) {
  const { t } = useTranslation('properties');
  if (reason.kind === 'refined') {
    return (
      <EmptyState
        py="xl"
        icon={<IconFilterOff size={30} stroke={1.5} aria-hidden="true" />}
        withIndicatorBackground
      >
        <EmptyState.Title order={3}>{t('empty.title')}</EmptyState.Title>
        <EmptyState.Description>{t('listTools.refinedEmpty')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button variant="default" onClick={onClearRefinements}>
            {t('listTools.clearRefinements')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (reason.kind === 'none') {
    return (
      <EmptyList icon={IconBuildingPlus} title={t('empty.noneTitle')} body={t('empty.none')}>
        <Button
          component={Link}
          to="/properties/create"
          leftSection={<IconBuildingPlus size={18} aria-hidden="true" />}
        >
          {t('empty.addFirst')}
        </Button>
      </EmptyList>
    );
  }
  const search = reason.kind === 'search';
  return (
    <EmptyState
      py="xl"
      icon={
        search ? (
          <IconSearchOff size={30} stroke={1.5} aria-hidden="true" />
        ) : (
          <IconFilterOff size={30} stroke={1.5} aria-hidden="true" />
        )
      }
      withIndicatorBackground
    >
      <EmptyState.Title order={3}>{t('empty.title')}</EmptyState.Title>
      <EmptyState.Description>
        {search
          ? t('empty.search', { query: isolate(reason.query) })
          : t('empty.filter', { filter: t(`list.filters.${reason.filter}`) })}
      </EmptyState.Description>
      <EmptyState.Actions>
        {search ? (
          <Button variant="default" onClick={onClearSearch}>
            {t('list.clearSearch')}
          </Button>
        ) : (
          <Button variant="default" onClick={onShowAll}>
            {t('empty.showAll')}
          </Button>
        )}
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** Unicode first-strong isolate: a Hebrew query inside an English sentence (or the reverse) keeps its order. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
