import type { PropertyFieldKey } from '@domain/property-fields';
import { Group, Radio } from '@mantine/core';
import { fieldId } from '../wizard-problems';
import { useRegistryAnswer } from './use-registry-answer';

/** One option of a few, all in sight (the registry's `wizard.input` 'radio'). */
export function RadioChoiceField({ field }: { field: PropertyFieldKey }) {
  const { spec, value, edit, words, required, error } = useRegistryAnswer(field);
  return (
    <Radio.Group
      id={fieldId(field)}
      label={words.label}
      withAsterisk={required}
      value={value as string | null}
      onChange={edit}
      error={error}
    >
      <Group gap="lg" mt={6}>
        {(spec.options ?? []).map((option) => (
          <Radio key={option} value={option} label={words.option(option)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
