import { LIST_FILTER_FIELDS } from '@domain/generated/property-list-filter-fields';
import {
  LIST_FILTERS,
  type ListFilter,
  PROPERTY_RANGE_KEYS,
  type PropertyListView,
  type PropertyRange,
} from '@domain/property-list-query';
import { Button, Chip, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldWords } from '@/i18n/field-words';

type RangeFilter = Extract<ListFilter, { as: 'range' }>;
type AnswerFilter = Exclude<ListFilter, RangeFilter>;
type Ranges = Record<PropertyRange, { min: string; max: string }>;
/** What the panel holds for each filter but a range: the chosen options, or one chip's value, or a text. */
type Answers = Record<string, string[] | string>;

const RANGE_FILTERS = LIST_FILTERS.filter((entry): entry is RangeFilter => entry.as === 'range');
const ANSWER_FILTERS = LIST_FILTERS.filter((entry): entry is AnswerFilter => entry.as !== 'range');

/** No chip chosen: a sought value or yes and no alike, the unsaid included. */
const ANY = 'any' as const;
/** A yes-or-no filter's chips and what each asks. */
const YES_NO_CHOICES = { any: undefined, yes: true, no: false } as const;
type YesNoChoice = keyof typeof YES_NO_CHOICES;
const yesNoChoiceOf = (value: unknown): YesNoChoice =>
  value === undefined ? ANY : value === true ? 'yes' : 'no';

function rangesOf(view: PropertyListView): Ranges {
  return Object.fromEntries(
    PROPERTY_RANGE_KEYS.map((key) => [
      key,
      { min: String(view[`${key}Min`] ?? ''), max: String(view[`${key}Max`] ?? '') },
    ]),
  ) as Ranges;
}

/** Each filter's state as the view gives it: an anyOf's options as a list, one chip's value, a text. */
function answersOf(view: PropertyListView): Answers {
  const given = view as Record<string, unknown>;
  const stateOf = (entry: AnswerFilter, value: unknown): string[] | string => {
    switch (entry.as) {
      case 'anyOf':
        return typeof value === 'string' && value !== '' ? value.split(',') : [];
      case 'seeking':
        return typeof value === 'string' ? value : ANY;
      case 'yesNo':
        return yesNoChoiceOf(value);
      case 'exactly':
        return typeof value === 'string' ? value : '';
    }
  };
  return Object.fromEntries(ANSWER_FILTERS.map((entry) => [entry.name, stateOf(entry, given[entry.name])]));
}

/** What a broker types: digits, with thousands commas and a decimal point; '' is no bound. */
function numberOrUndefined(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return undefined;
  const number = Number(cleaned);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

const badNumber = (text: string) => text.trim() !== '' && numberOrUndefined(text) === undefined;

/** A filter's value for the address, from the panel's state (undefined: the filter is not set). */
function viewValueOf(
  entry: AnswerFilter,
  state: string[] | string | undefined,
): string | boolean | undefined {
  switch (entry.as) {
    case 'anyOf': {
      const chosen = entry.values.filter((value) => (state as string[]).includes(value));
      return chosen.length > 0 ? chosen.join(',') : undefined;
    }
    case 'seeking':
      return (entry.values as readonly unknown[]).includes(state) ? (state as string) : undefined;
    case 'yesNo':
      return YES_NO_CHOICES[state as YesNoChoice];
    case 'exactly':
      return (state as string).trim() || undefined;
  }
}

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
 * The list tools' filters panel (list-tools.tsx loads it when the broker reaches for it): an input
 * per filter the registry declares, by its kind (chips for options, yes or no and what a client
 * seeks, a text box, a range's two ends), labelled by the field's words; edited here, applied to the
 * address only on "show results".
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
  const [answers, setAnswers] = useState<Answers>(() => answersOf(view));
  const [ranges, setRanges] = useState<Ranges>(() => rangesOf(view));
  const answer = (name: string) => (value: string[] | string) =>
    setAnswers((current) => ({ ...current, [name]: value }));
  const inverted = PROPERTY_RANGE_KEYS.filter((key) => {
    const min = numberOrUndefined(ranges[key].min);
    const max = numberOrUndefined(ranges[key].max);
    return min !== undefined && max !== undefined && min > max;
  });

  const apply = () => {
    const next: Record<string, unknown> = { sort: view.sort, order: view.order };
    for (const entry of ANSWER_FILTERS) {
      const value = viewValueOf(entry, answers[entry.name]);
      if (value !== undefined || entry.as === 'yesNo') next[entry.name] = value;
    }
    for (const key of PROPERTY_RANGE_KEYS) {
      next[`${key}Min`] = numberOrUndefined(ranges[key].min);
      next[`${key}Max`] = numberOrUndefined(ranges[key].max);
    }
    onApply(next as PropertyListView);
  };

  const inputOf = (entry: AnswerFilter) => {
    const fieldWords = words(LIST_FILTER_FIELDS[entry.name].field);
    const state = answers[entry.name];
    switch (entry.as) {
      case 'anyOf':
        return (
          <ChipField key={entry.name} label={fieldWords.label}>
            <Chip.Group multiple value={state as string[]} onChange={answer(entry.name)}>
              {entry.values.map((value) => (
                <Chip key={value} value={value}>
                  {fieldWords.option(value)}
                </Chip>
              ))}
            </Chip.Group>
          </ChipField>
        );
      case 'seeking':
      case 'yesNo': {
        const choices: readonly string[] =
          entry.as === 'seeking' ? [ANY, ...entry.values] : Object.keys(YES_NO_CHOICES);
        const chipLabel = (value: string): string =>
          entry.as === 'seeking' && value !== ANY
            ? fieldWords.option(value)
            : t(`filters.choices.${value as YesNoChoice}`);
        return (
          <ChipField key={entry.name} label={fieldWords.label}>
            <Chip.Group value={state as string} onChange={answer(entry.name)}>
              {choices.map((value) => (
                <Chip key={value} value={value}>
                  {chipLabel(value)}
                </Chip>
              ))}
            </Chip.Group>
          </ChipField>
        );
      }
      case 'exactly':
        return (
          <TextInput
            key={entry.name}
            label={fieldWords.label}
            placeholder={t(`filters.${entry.name}Placeholder`, { defaultValue: '' }) || undefined}
            value={state as string}
            maxLength={entry.maxLength}
            onChange={(event) => answer(entry.name)(event.currentTarget.value)}
          />
        );
    }
  };

  return (
    <Stack gap="md">
      {ANSWER_FILTERS.map(inputOf)}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {RANGE_FILTERS.map(({ name: key }) => (
          <Stack key={key} gap={6}>
            <Text size="sm" fw={500} id={`range-${key}`}>
              {`${words(LIST_FILTER_FIELDS[key].field).label} (${t(`export.units.${LIST_FILTER_FIELDS[key].unit}`)})`}
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
            setAnswers(answersOf({}));
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
