import type { PropertyFieldKey } from '@domain/property-fields';
import { useTranslation } from 'react-i18next';
import { AmountField } from './amount-field';
import { useRegistryAnswer } from './use-registry-answer';

/**
 * An area in m² (the registry's `wizard.input` 'area'). Its own hint where it has one (the marketed
 * area's ceiling), else its unit's: the total is only "in square metres", which is the unit's to say.
 */
export function AreaField({ field }: { field: PropertyFieldKey }) {
  const { t } = useTranslation('wizard');
  const { spec, value, edit, words, required, error, touch } = useRegistryAnswer(field);
  return (
    <AmountField
      field={field}
      label={words.label}
      withAsterisk={required}
      description={words.hint ?? t('unitHints.sqm')}
      rightSection={t('units.sqm')}
      rightSectionWidth={48}
      value={value as number | null}
      onAmountChange={(next) => {
        edit(next);
        // An area held to another (`atMost`) shows that error as it is typed.
        if (spec.atMost) touch();
      }}
      onBlur={touch}
      error={error}
    />
  );
}
