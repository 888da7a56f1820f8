import {
  isListDealType,
  LIST_DEAL_TYPES,
  type ListDealType,
  PROPERTY_RANGE_KEYS,
  type PropertyListView,
  type PropertyRange,
} from '@domain/property-list-query';
import { PROPERTY_CONDITIONS, PROPERTY_KINDS } from '@domain/property-options';
import { Button, Chip, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldWords } from '@/i18n/field-words';

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

/**
 * The list tools' filters panel (list-tools.tsx loads it when the broker reaches for it): edited here,
 * applied to the address only on "show results".
 */
export function FiltersForm({
  view,
  onApply,
}: {
  view: PropertyListView;
  onApply: (next: PropertyListView) => void;
}) {
  const { t } = useTranslation('list');
  const words = useFieldWords();
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
                {words('propertyKind').option(kind)}
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
      <ChipField label={words('divisible').label}>
        <Chip.Group value={divisible} onChange={setDivisible}>
          {(Object.keys(DIVISIBLE_CHOICES) as DivisibleChoice[]).map((value) => (
            <Chip key={value} value={value}>
              {t(`filters.divisibleChoices.${value}`)}
            </Chip>
          ))}
        </Chip.Group>
      </ChipField>
      <ChipField label={words('condition').label}>
        <Chip.Group multiple value={conditions} onChange={setConditions}>
          {PROPERTY_CONDITIONS.map((condition) => (
            <Chip key={condition} value={condition}>
              {words('condition').option(condition)}
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
