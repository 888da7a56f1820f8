import { fieldSpec, isAsked, type PropertyFieldKey } from '@domain/property-fields';
import { Select, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useWizard } from '../wizard-context';
import { fieldId } from '../wizard-problems';
import { AmountField } from './amount-field';
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
 * A group of issue 21's listing facts, each drawn from its registry entry: its type picks the
 * input, its unit the adornment, its bounds the limits, `kinds` and `askedWhen` whether it shows.
 */
export function ListingFacts({
  title,
  fields,
  custom = {},
}: {
  title?: string;
  fields: readonly PropertyFieldKey[];
  /** Fields the step draws itself (the spec's prices, with their own hints), in the group's order. */
  custom?: Partial<Record<PropertyFieldKey, ReactNode>>;
}) {
  const { form } = useWizard();
  const answers = { ...form.generalInfo, ...form.buildingDetails };
  const shown = fields.filter((field) => isAsked(field, answers));
  if (shown.length === 0) return null;
  return (
    <>
      {title && (
        <Title order={3} fz="md" fw={600} mb={-8}>
          {title}
        </Title>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        {shown.map((field) => custom[field] ?? <ListingFact key={field} field={field} />)}
      </SimpleGrid>
    </>
  );
}

function ListingFact({ field }: { field: PropertyFieldKey }) {
  const { t } = useTranslation('wizard');
  const { t: tOptions } = useTranslation('options');
  const { t: tField } = useTranslation('fields');
  const { form, editGeneral, editBuilding, feedback } = useWizard();
  const spec = fieldSpec(field);
  const section = spec.section === 'generalInfo' ? form.generalInfo : form.buildingDetails;
  const value = (section as Record<string, unknown>)[field];
  const edit = (next: unknown) =>
    spec.section === 'generalInfo' ? editGeneral({ [field]: next }) : editBuilding({ [field]: next });
  const { errorOf, touch } = feedback;
  // Not every fact has a hint; the key is built from the field, so it is looked up untyped.
  const hint =
    (t as unknown as (key: string, options: object) => string)(`hints.${field}`, { defaultValue: '' }) ||
    undefined;
  const common = { label: tField(field), error: errorOf(field) };

  switch (spec.type) {
    case 'choice':
      return (
        <Select
          id={fieldId(field)}
          {...common}
          placeholder={t('placeholders.select')}
          clearable
          data={(spec.options ?? []).map((option) => ({
            value: option,
            label: tOptions(`${field}.${option}` as 'propertyKind.offices'),
          }))}
          value={(value as string | null) ?? null}
          onChange={(next) => {
            edit(next);
            touch(field);
          }}
        />
      );
    case 'boolean':
      return (
        <YesNoField
          field={field}
          value={value as boolean | null}
          error={common.error}
          onChange={(next) => {
            edit(next);
            touch(field);
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
          onBlur={() => touch(field)}
        />
      );
    }
    case 'date':
      return (
        <Suspense fallback={<TextInput {...common} id={fieldId(field)} readOnly value="" />}>
          <EntryDateField
            field={field}
            {...common}
            placeholder={t('placeholders.entryDate')}
            value={value as string}
            onDateChange={(next) => {
              edit(next);
              touch(field);
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
          placeholder={t('placeholders.tourLink')}
          maxLength={spec.maxLength}
          value={value as string}
          onChange={(event) => edit(event.currentTarget.value)}
          onBlur={() => touch(field)}
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
          onBlur={() => touch(field)}
          style={{ gridColumn: '1 / -1' }}
        />
      );
    default:
      return null;
  }
}
