import { refinementCount } from '@domain/list-refinement-count';
import type { PropertyListFilter } from '@domain/property-filters';
import {
  isListDealType,
  LIST_DEAL_TYPES,
  type ListDealType,
  PROPERTY_PAGE_SIZES,
  PROPERTY_RANGE_KEYS,
  PROPERTY_SORT_FIELDS,
  PROPERTY_SORT_KEYS,
  type PropertyListView,
  type PropertyPageSize,
  type PropertyRange,
  type PropertySort,
} from '@domain/property-list-query';
import { PROPERTY_CONDITIONS, PROPERTY_KINDS } from '@domain/property-options';
import {
  ActionIcon,
  Button,
  Chip,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconArrowsSort, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFactTexts } from '@/i18n/fact-texts';
import { downloadPropertyExport, type ExportFormat } from '../api/export-properties';
import classes from './properties.module.css';

/**
 * The facts' labels and options (entry date, divisible, condition) are in facts.json, which the list's
 * first load does not carry: the tools wait for them, as the wizard and the view page do.
 */
export const loadListToolTexts = () => loadFactTexts('list');

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
  const { t: tFields } = useTranslation('fields');
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
    return tFields(PROPERTY_SORT_FIELDS[key] as 'city');
  };

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
          <FiltersForm
            view={view}
            onApply={(next) => {
              onViewChange(next);
              setFiltersOpen(false);
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}

type Ranges = Record<PropertyRange, { min: string; max: string }>;

function rangesOf(view: PropertyListView): Ranges {
  return Object.fromEntries(
    PROPERTY_RANGE_KEYS.map((key) => [
      key,
      { min: String(view[`${key}Min`] ?? ''), max: String(view[`${key}Max`] ?? '') },
    ]),
  ) as Ranges;
}

/** What a broker types: digits, with thousands commas and a decimal point; '' is no bound. */
function numberOrUndefined(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return undefined;
  const number = Number(cleaned);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

const badNumber = (text: string) => text.trim() !== '' && numberOrUndefined(text) === undefined;

/** No deal type chosen: rent, sale and the unsaid alike. */
const ANY_DEAL_TYPE = 'any' as const;
/** Divisible or not, or no matter (the unsaid included). */
const DIVISIBLE_CHOICES = { any: undefined, yes: true, no: false } as const;
type DivisibleChoice = keyof typeof DIVISIBLE_CHOICES;
const divisibleChoiceOf = (value: boolean | undefined): DivisibleChoice =>
  value === undefined ? 'any' : value ? 'yes' : 'no';

/** A chip group under its heading, named by it for a screen reader. */
function ChipField({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <Group gap="xs">{children}</Group>
    </Stack>
  );
}

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
  const { t: tFields } = useTranslation('fields');
  const [divisible, setDivisible] = useState<string>(divisibleChoiceOf(view.divisible));
  const [conditions, setConditions] = useState<string[]>(view.condition ? view.condition.split(',') : []);
  const [kinds, setKinds] = useState<string[]>(view.kind ? view.kind.split(',') : []);
  const [dealType, setDealType] = useState<string>(view.dealType ?? ANY_DEAL_TYPE);
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
    if (isListDealType(dealType)) next.dealType = dealType;
    next.divisible = DIVISIBLE_CHOICES[divisible as DivisibleChoice];
    const chosenConditions = PROPERTY_CONDITIONS.filter((condition) => conditions.includes(condition));
    if (chosenConditions.length > 0) next.condition = chosenConditions.join(',');
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
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('filters.dealType')}
        </Text>
        <Chip.Group value={dealType} onChange={setDealType}>
          <Group gap="xs">
            {[ANY_DEAL_TYPE, ...LIST_DEAL_TYPES].map((value: typeof ANY_DEAL_TYPE | ListDealType) => (
              <Chip key={value} value={value}>
                {t(`filters.dealTypes.${value}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <ChipField label={tFields('divisible')}>
        <Chip.Group value={divisible} onChange={setDivisible}>
          {(Object.keys(DIVISIBLE_CHOICES) as DivisibleChoice[]).map((value) => (
            <Chip key={value} value={value}>
              {t(`filters.divisibleChoices.${value}`)}
            </Chip>
          ))}
        </Chip.Group>
      </ChipField>
      <ChipField label={tFields('condition')}>
        <Chip.Group multiple value={conditions} onChange={setConditions}>
          {PROPERTY_CONDITIONS.map((condition) => (
            <Chip key={condition} value={condition}>
              {tOptions(`condition.${condition}`)}
            </Chip>
          ))}
        </Chip.Group>
      </ChipField>
      <TextInput
        label={t('filters.city')}
        placeholder={t('filters.cityPlaceholder')}
        value={city}
        maxLength={80}
        onChange={(event) => setCity(event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {PROPERTY_RANGE_KEYS.map((key) => (
          <Stack key={key} gap={6}>
            <Text size="sm" fw={500} id={`range-${key}`}>
              {t(`filters.${key}`)}
            </Text>
            <Group gap="xs" grow wrap="nowrap">
              {(['min', 'max'] as const).map((end) => (
                <TextInput
                  key={end}
                  aria-describedby={`range-${key}`}
                  label={t(`filters.${end}`)}
                  inputMode="decimal"
                  value={ranges[key][end]}
                  error={
                    end === 'min' && inverted.includes(key)
                      ? t('filters.minAboveMax')
                      : badNumber(ranges[key][end])
                        ? t('filters.notANumber')
                        : undefined
                  }
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setRanges((current) => ({ ...current, [key]: { ...current[key], [end]: value } }));
                  }}
                />
              ))}
            </Group>
          </Stack>
        ))}
      </SimpleGrid>
      <Group justify="space-between" mt="sm">
        <Button
          variant="subtle"
          onClick={() => {
            setKinds([]);
            setDealType(ANY_DEAL_TYPE);
            setDivisible('any');
            setConditions([]);
            setCity('');
            setRanges(rangesOf({}));
          }}
        >
          {t('filters.clear')}
        </Button>
        <Button
          onClick={apply}
          disabled={
            inverted.length > 0 ||
            PROPERTY_RANGE_KEYS.some((key) => badNumber(ranges[key].min) || badNumber(ranges[key].max))
          }
        >
          {t('filters.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
