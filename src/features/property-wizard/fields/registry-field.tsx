import type { PropertyFieldKey } from '@domain/property-fields';
import { Select, Textarea, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard-problems';
import { AmountField } from './amount-field';
import { ChoiceChips } from './choice-chips';
import { useRegistryAnswer } from './use-registry-answer';
import { YesNoField } from './yes-no-field';

// The date picker and its calendar load with the step that asks the date, never with the list.
const EntryDateField = lazy(() => import('./entry-date-field'));

const SHEKEL_UNITS: ReadonlySet<string> = new Set(['shekel', 'shekelPerSqmMonth', 'shekelPerMonth']);
const UNIT_SUFFIX = {
  sqm: 'units.sqm',
  meter: 'units.meter',
  tonPerSqm: 'units.tonPerSqm',
  ampere: 'units.ampere',
} as const;

/**
 * One question of the wizard drawn from its registry entry (issue 21): its type picks the input
 * (amount, yes or no, choices, choice, text, link, date), its unit the adornment, its bounds the
 * limits, `required` and `requiredKinds` the asterisk, and its words (label, hint, options) come
 * from fields.json. Whether it is asked at all is the caller's (`isAsked`); a field whose input has a
 * behaviour of its own (the registry's `wizard.input`) is drawn by WizardField instead.
 */
export function RegistryField({ field }: { field: PropertyFieldKey }) {
  const { t } = useTranslation('wizard');
  const { spec, value, edit, words, required, error, touch } = useRegistryAnswer(field);
  const hint = words.hint;
  const common = { label: words.label, error, withAsterisk: required };

  switch (spec.type) {
    case 'choice':
      return (
        <Select
          id={fieldId(field)}
          {...common}
          placeholder={t('placeholders.select')}
          clearable={!required}
          data={(spec.options ?? []).map((option) => ({
            value: option,
            label: words.option(option),
          }))}
          value={(value as string | null) ?? null}
          onChange={(next) => {
            edit(next);
            touch();
          }}
        />
      );
    case 'boolean':
      return (
        <YesNoField
          field={field}
          required={required}
          value={value as boolean | null}
          error={common.error}
          onChange={(next) => {
            edit(next);
            touch();
          }}
        />
      );
    case 'choices':
      return (
        <ChoiceChips
          field={field}
          options={spec.options ?? []}
          required={required}
          value={value as string[]}
          error={common.error}
          onChange={(next) => {
            edit(next);
            touch();
          }}
        />
      );
    case 'number':
    case 'integer': {
      const unit = spec.unit;
      const suffix =
        unit && unit in UNIT_SUFFIX ? t(UNIT_SUFFIX[unit as keyof typeof UNIT_SUFFIX]) : undefined;
      return (
        <AmountField
          field={field}
          {...common}
          description={hint}
          allowDecimal={spec.type === 'number'}
          allowNegative={(spec.min ?? 0) < 0}
          leftSection={unit && SHEKEL_UNITS.has(unit) ? t('units.shekel') : undefined}
          rightSection={suffix}
          rightSectionWidth={suffix ? 64 : undefined}
          value={value as number | null}
          onAmountChange={edit}
          onBlur={() => touch()}
        />
      );
    }
    case 'date':
      return (
        <Suspense fallback={<TextInput {...common} id={fieldId(field)} readOnly value="" />}>
          <EntryDateField
            field={field}
            {...common}
            placeholder={words.placeholder ?? ''}
            value={value as string}
            onDateChange={(next) => {
              edit(next);
              touch();
            }}
          />
        </Suspense>
      );
    case 'link':
      return (
        <TextInput
          id={fieldId(field)}
          {...common}
          description={hint}
          type="url"
          dir="ltr"
          inputMode="url"
          placeholder={words.placeholder}
          maxLength={spec.maxLength}
          value={value as string}
          onChange={(event) => edit(event.currentTarget.value)}
          onBlur={() => touch()}
        />
      );
    case 'text':
      return (
        <Textarea
          id={fieldId(field)}
          {...common}
          description={hint}
          rows={5}
          resize="vertical"
          maxLength={spec.maxLength}
          value={value as string}
          onChange={(event) => edit(event.currentTarget.value)}
          onBlur={() => touch()}
          style={{ gridColumn: '1 / -1' }}
        />
      );
    default:
      return null;
  }
}
