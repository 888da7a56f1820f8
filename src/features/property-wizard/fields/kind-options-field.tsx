import type { PropertyFieldKey } from '@domain/property-fields';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard-problems';
import { TagLimitedMultiSelect } from './tag-limited-multi-select';
import { useRegistryAnswer } from './use-registry-answer';

/**
 * A choice among the options of the chosen kind only (the registry's `wizard.input` 'kindOptions',
 * its options `optionsByKind`): several as tags, or one from a list. Before a kind is chosen there is nothing
 * to offer, so the question waits.
 */
export function KindOptionsField({ field }: { field: PropertyFieldKey }) {
  const { t } = useTranslation('wizard');
  const { spec, value, edit, words, required, error, touch, kind } = useRegistryAnswer(field);
  if (kind === null) return null;
  const options: readonly string[] = spec.optionsByKind?.[kind] ?? [];
  const data = options.map((option) => ({ value: option, label: words.option(option) }));
  if (spec.type === 'choices') {
    const chosen = value as string[];
    return (
      <TagLimitedMultiSelect
        id={fieldId(field)}
        label={words.label}
        description={words.hint}
        placeholder={chosen.length === 0 ? words.placeholder : undefined}
        withAsterisk={required}
        data={data}
        value={chosen}
        onChange={edit}
        onDropdownClose={touch}
        error={error}
      />
    );
  }
  return (
    <Select
      id={fieldId(field)}
      label={words.label}
      placeholder={t('placeholders.select')}
      withAsterisk={required}
      data={data}
      value={value as string | null}
      onChange={(next) => {
        edit(next);
        touch();
      }}
      onDropdownClose={touch}
      maxDropdownHeight={200}
      error={error}
    />
  );
}
