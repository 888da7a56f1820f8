import type { PropertyListFilter } from '@domain/property-filters';
import {
  PROPERTY_PAGE_SIZES,
  PROPERTY_RANGE_KEYS,
  PROPERTY_SORT_KEYS,
  type PropertyListView,
  type PropertyPageSize,
  type PropertyRange,
  refinementCount,
} from '@domain/property-list-query';
import { PROPERTY_KINDS } from '@domain/property-options';
import {
  ActionIcon,
  Button,
  Chip,
  Drawer,
  Group,
  Menu,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconArrowsSort, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mobileMediaQuery } from '@/app/breakpoints';
import { downloadPropertyExport, type ExportFormat } from '../api/export-properties';

export interface ListToolsProps {
  view: PropertyListView;
  onViewChange: (next: PropertyListView) => void;
  pageSize: PropertyPageSize;
  onPageSizeChange: (size: PropertyPageSize) => void;
  /** What an export writes: the list as it is filtered and searched now. */
  exportOf: { filter: PropertyListFilter; search: string };
}

/**
 * The list's tools (issue 21 item 4): the sort and its direction, the filters panel (kinds, city,
 * area, rent and price ranges), rows per load and the export. Loaded on its own chunk after the
 * list's first paint; its texts are the `list` namespace.
 */
export function ListTools({ view, onViewChange, pageSize, onPageSizeChange, exportOf }: ListToolsProps) {
  const { t } = useTranslation('list');
  const isMobile = useMediaQuery(mobileMediaQuery, false, { getInitialValueInEffect: false }) ?? false;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const sort = view.sort ?? 'updatedAt';
  const order = view.order ?? 'desc';
  const count = refinementCount(view);

  const runExport = async (format: ExportFormat) => {
    setExporting(format);
    setExportFailed(false);
    try {
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
        <NativeSelect
          size="sm"
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
          data={PROPERTY_SORT_KEYS.map((key) => ({ value: key, label: t(`sort.by.${key}`) }))}
          flex={isMobile ? '1 1 0' : 'none'}
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
          onClick={() => setFiltersOpen(true)}
        >
          {count > 0 ? t('filters.openWithCount', { count }) : t('filters.open')}
        </Button>
        <NativeSelect
          size="sm"
          label={t('pageSize.label')}
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value) as PropertyPageSize)}
          data={PROPERTY_PAGE_SIZES.map((size) => String(size))}
          w={isMobile ? undefined : 130}
          flex={isMobile ? '1 1 0' : 'none'}
        />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              loading={exporting !== null}
              leftSection={<IconDownload size={18} aria-hidden="true" />}
            >
              {t('export.button')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void runExport('csv')}>{t('export.csv')}</Menu.Item>
            <Menu.Item onClick={() => void runExport('xlsx')}>{t('export.xlsx')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {exportFailed && (
        <Text size="sm" c="red" role="alert">
          {t('export.failed')}
        </Text>
      )}
      <Drawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title={t('filters.title')}
        position={isMobile ? 'bottom' : 'right'}
        size={isMobile ? '90%' : 'md'}
      >
        <FiltersForm
          view={view}
          onApply={(next) => {
            onViewChange(next);
            setFiltersOpen(false);
          }}
        />
      </Drawer>
    </Stack>
  );
}

type Ranges = Record<PropertyRange, { min: number | string; max: number | string }>;

function rangesOf(view: PropertyListView): Ranges {
  return Object.fromEntries(
    PROPERTY_RANGE_KEYS.map((key) => [key, { min: view[`${key}Min`] ?? '', max: view[`${key}Max`] ?? '' }]),
  ) as Ranges;
}

const numberOrUndefined = (value: number | string) => (typeof value === 'number' ? value : undefined);

/** The filters panel: edited here, applied to the address only on "show results". */
function FiltersForm({
  view,
  onApply,
}: {
  view: PropertyListView;
  onApply: (next: PropertyListView) => void;
}) {
  const { t } = useTranslation('list');
  const { t: tOptions } = useTranslation('options');
  const [kinds, setKinds] = useState<string[]>(view.kind ? view.kind.split(',') : []);
  const [city, setCity] = useState(view.city ?? '');
  const [ranges, setRanges] = useState<Ranges>(() => rangesOf(view));
  const inverted = PROPERTY_RANGE_KEYS.filter((key) => {
    const min = numberOrUndefined(ranges[key].min);
    const max = numberOrUndefined(ranges[key].max);
    return min !== undefined && max !== undefined && min > max;
  });

  const apply = () => {
    const next: PropertyListView = { sort: view.sort, order: view.order };
    const chosen = PROPERTY_KINDS.filter((kind) => kinds.includes(kind));
    if (chosen.length > 0) next.kind = chosen.join(',');
    if (city.trim() !== '') next.city = city.trim();
    for (const key of PROPERTY_RANGE_KEYS) {
      next[`${key}Min`] = numberOrUndefined(ranges[key].min);
      next[`${key}Max`] = numberOrUndefined(ranges[key].max);
    }
    onApply(next);
  };

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('filters.kinds')}
        </Text>
        <Chip.Group multiple value={kinds} onChange={setKinds}>
          <Group gap="xs">
            {PROPERTY_KINDS.map((kind) => (
              <Chip key={kind} value={kind}>
                {tOptions(`propertyKind.${kind}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <TextInput
        label={t('filters.city')}
        placeholder={t('filters.cityPlaceholder')}
        value={city}
        maxLength={80}
        onChange={(event) => setCity(event.currentTarget.value)}
      />
      {PROPERTY_RANGE_KEYS.map((key) => (
        <Stack key={key} gap={6}>
          <Text size="sm" fw={500} id={`range-${key}`}>
            {t(`filters.${key}`)}
          </Text>
          <Group gap="xs" grow wrap="nowrap">
            {(['min', 'max'] as const).map((end) => (
              <NumberInput
                key={end}
                aria-describedby={`range-${key}`}
                label={t(`filters.${end}`)}
                min={0}
                thousandSeparator=","
                allowNegative={false}
                value={ranges[key][end]}
                error={end === 'min' && inverted.includes(key) ? t('filters.minAboveMax') : undefined}
                onChange={(value) =>
                  setRanges((current) => ({ ...current, [key]: { ...current[key], [end]: value } }))
                }
              />
            ))}
          </Group>
        </Stack>
      ))}
      <Group justify="space-between" mt="sm">
        <Button
          variant="subtle"
          onClick={() => {
            setKinds([]);
            setCity('');
            setRanges(rangesOf({}));
          }}
        >
          {t('filters.clear')}
        </Button>
        <Button onClick={apply} disabled={inverted.length > 0}>
          {t('filters.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
