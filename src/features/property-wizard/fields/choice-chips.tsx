import type { PropertyFieldKey } from '@domain/property-values';
import { Chip, Group, Input } from '@mantine/core';
import { useId } from 'react';
import { useFieldWords } from '@/i18n/field-words';
import { fieldId } from '../wizard-problems';

interface ChoiceChipsProps<T extends string> {
  /** Names the group and each chip, and gives its hint, by the field's words (src/i18n/field-words.ts). */
  field: PropertyFieldKey;
  options: readonly T[];
  value: readonly T[];
  required?: boolean;
  error?: string;
  onChange: (value: T[]) => void;
}

/** A multiple choice as chips (each a labelled checkbox), inside a labelled group that carries the error. */
export function ChoiceChips<T extends string>({
  field,
  options,
  value,
  required = false,
  error,
  onChange,
}: ChoiceChipsProps<T>) {
  const words = useFieldWords()(field);
  const label = words.label;
  const description = words.hint;
  const base = useId();
  const labelId = `${base}-label`;
  const errorId = `${base}-error`;
  const descriptionId = `${base}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      withAsterisk={required}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Group
        id={fieldId(field)}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        gap="xs"
        mt={6}
      >
        <Chip.Group multiple value={[...value]} onChange={(next) => onChange(next as T[])}>
          {options.map((option) => (
            <Chip key={option} value={option} variant="outline" radius="xl">
              {words.option(option)}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </Input.Wrapper>
  );
}
