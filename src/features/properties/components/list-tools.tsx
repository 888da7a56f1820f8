import { refinementCount } from '@domain/list-refinement-count';
import type { PropertyListFilter } from '@domain/property-filters';
import {
  PROPERTY_PAGE_SIZES,
  PROPERTY_SORT_FIELDS,
  PROPERTY_SORT_KEYS,
  type PropertyListView,
  type PropertyPageSize,
  type PropertySort,
} from '@domain/property-list-query';
import { ActionIcon, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconArrowsSort, IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOnce } from '@/components/load-once';
import { useFieldWords } from '@/i18n/field-words';
import { loadNamespaces } from '@/i18n/i18n';
import type { ExportFormat } from '../api/export-properties';
import classes from './properties.module.css';

/**
 * The filters panel's form (chips, ranges, city) loads when the broker reaches for it: pointing at or
 * focusing the filters button starts the download, pressing it shows the panel. It is never open on a
 * first screen, so the list's first load does not carry it.
 */
const loadFiltersForm = loadOnce(() => import('./list-filters-form'));
const FiltersForm = lazy(() => loadFiltersForm().then((module) => ({ default: module.FiltersForm })));

/** The tools' own words; the fields' (sort keys, filters) came with every private screen (_auth.tsx). */
export const loadListToolTexts = () => loadNamespaces('list');

export interface ListToolsProps {
  view: PropertyListView;
  onViewChange: (next: PropertyListView) => void;
  pageSize: PropertyPageSize;
  onPageSizeChange: (size: PropertyPageSize) => void;
  /** What an export writes: the list as it is filtered and searched now. */
  exportOf: { filter: PropertyListFilter; search: string };
}

/**
 * The list's tools (issue 21 item 4): the sort and its direction, the filters panel (kinds, deal
 * type, divisible, condition, city, area, rent and price ranges), rows per load and the export. Loaded on its own chunk after the
 * list's first paint; its texts are the `list` namespace.
 */
export function ListTools({ view, onViewChange, pageSize, onPageSizeChange, exportOf }: ListToolsProps) {
  const { t } = useTranslation('list');
  const words = useFieldWords();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const sort = view.sort ?? 'updatedAt';
  const order = view.order ?? 'desc';
  const count = refinementCount(view);
  // A registry field's sort is named by the field's one label; the list's own sorts by the list's words.
  const sortLabel = (key: PropertySort) => {
    if (key === 'updatedAt' || key === 'completion') return t(`sort.by.${key}`);
    return words(PROPERTY_SORT_FIELDS[key]).label;
  };

  const runExport = async (format: ExportFormat) => {
    setExporting(format);
    setExportFailed(false);
    try {
      // The download's code loads with the first export: nothing of it runs before.
      const { downloadPropertyExport } = await import('../api/export-properties');
      await downloadPropertyExport(format, { ...exportOf, view });
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap" align="end">
        {/* Two clusters: on a phone each takes a line (sort and filters; rows per load and export). */}
        <Group gap="xs" wrap="nowrap" align="end" className={classes.toolCluster}>
          <NativeSelect
            size="sm"
            className={classes.sortSelect}
            label={t('sort.label')}
            value={sort}
            onChange={(event) =>
              onViewChange({
                ...view,
                sort:
                  event.currentTarget.value === 'updatedAt'
                    ? undefined
                    : (event.currentTarget.value as typeof sort),
              })
            }
            data={PROPERTY_SORT_KEYS.map((key) => ({ value: key, label: sortLabel(key) }))}
          />
          <ActionIcon
            size="input-sm"
            variant="default"
            aria-label={t(`sort.order.${order}`)}
            title={t(`sort.order.${order}`)}
            onClick={() => onViewChange({ ...view, order: order === 'desc' ? 'asc' : undefined })}
          >
            <IconArrowsSort
              size={18}
              aria-hidden="true"
              style={{ transform: order === 'asc' ? 'scaleY(-1)' : undefined }}
            />
          </ActionIcon>
          <Button
            variant={count > 0 ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onPointerEnter={() => void loadFiltersForm()}
            onFocus={() => void loadFiltersForm()}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {count > 0 ? t('filters.openWithCount', { count }) : t('filters.open')}
          </Button>
        </Group>
        <Group gap="xs" wrap="nowrap" align="end" className={classes.toolCluster}>
          <NativeSelect
            size="sm"
            label={t('pageSize.label')}
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value) as PropertyPageSize)}
            data={PROPERTY_PAGE_SIZES.map((size) => String(size))}
            className={classes.pageSizeSelect}
          />
          {/* Two plain buttons, not a menu: a menu's popover code would join every screen's first load. */}
          <Group gap={4} wrap="nowrap" role="group" aria-label={t('export.button')}>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="default"
                loading={exporting === format}
                disabled={exporting !== null && exporting !== format}
                leftSection={<IconDownload size={18} aria-hidden="true" />}
                onClick={() => void runExport(format)}
                title={t(`export.${format}`)}
                aria-label={t(`export.${format}`)}
                className={classes.exportButton}
              >
                {/* The words that fit: both in the HTML, the stylesheet shows one (display:none hides the other). */}
                <span className={classes.phoneWords}>{t(`export.${format}Tiny`)}</span>
                <span className={classes.wideWords}>{t(`export.${format}Short`)}</span>
              </Button>
            ))}
          </Group>
        </Group>
      </Group>
      {exportFailed && (
        <Text size="sm" c="red" role="alert">
          {t('export.failed')}
        </Text>
      )}
      {filtersOpen && (
        // Inline, not a drawer: a drawer's focus trap and scroll lock would join every screen's first
        // load (shared Mantine hooks), and on a phone the panel simply pushes the list down.
        <Paper withBorder radius="md" p="md" id={panelId} aria-label={t('filters.title')} role="region">
          <Suspense fallback={<Skeleton h={240} aria-hidden="true" />}>
            <FiltersForm
              view={view}
              onApply={(next) => {
                onViewChange(next);
                setFiltersOpen(false);
              }}
            />
          </Suspense>
        </Paper>
      )}
    </Stack>
  );
}
