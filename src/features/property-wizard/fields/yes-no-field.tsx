import type { PropertyFieldKey } from '@domain/property-values';
import { Anchor, Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFieldWords } from '@/i18n/field-words';
import { fieldId } from '../wizard-problems';

interface YesNoFieldProps {
  field: PropertyFieldKey;
  value: boolean | null;
  required?: boolean;
  error?: string;
  onChange: (value: boolean | null) => void;
}

/**
 * A yes/no question where "not answered" (nothing chosen) stays distinct from "no": the rules and
 * the completion score treat an unanswered question as missing, and "no" as information.
 */
export function YesNoField({ field, value, required = false, error, onChange }: YesNoFieldProps) {
  const { t } = useTranslation('wizard');
  const { t: tOptions } = useTranslation('options');
  const label = useFieldWords()(field).label;
  return (
    <Radio.Group
      id={fieldId(field)}
      label={label}
      withAsterisk={required}
      error={error}
      value={value === null ? null : value ? 'yes' : 'no'}
      onChange={(next) => onChange(next === 'yes')}
    >
      <Group gap="lg" mt={6} wrap="wrap">
        <Radio value="yes" label={tOptions('yesNo.yes')} />
        <Radio value="no" label={tOptions('yesNo.no')} />
        {value !== null && !required && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="dimmed"
            onClick={() => onChange(null)}
            aria-label={t('yesNo.clearLabel', { field: label })}
          >
            {t('yesNo.clear')}
          </Anchor>
        )}
      </Group>
    </Radio.Group>
  );
}
