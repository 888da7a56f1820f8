import { formatShekel } from '@domain/format';
import type { PropertyFieldKey } from '@domain/property-fields';
import { useTranslation } from 'react-i18next';
import { AmountField } from './amount-field';
import { useRegistryAnswer } from './use-registry-answer';

// The amounts whose input has a behaviour of its own (the registry's `wizard.input`).

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

/**
 * A price in shekels (the registry's `wizard.input` 'price'), the typed sum read back under it as a
 * sum of money, so a digit too many shows before it is saved. A whole price ('shekel') takes no agorot.
 */
export function PriceField({ field }: { field: PropertyFieldKey }) {
  const { t } = useTranslation('wizard');
  const { spec, value, edit, words, required, error, touch, language } = useRegistryAnswer(field);
  const amount = value as number | null;
  const hint = words.hint ?? '';
  // A sum past 2^53 is held only roughly: echoing it would show other digits than were typed.
  const formatted =
    amount !== null && amount <= Number.MAX_SAFE_INTEGER ? formatShekel(amount, language) : null;
  return (
    <AmountField
      field={field}
      label={words.label}
      withAsterisk={required}
      description={formatted ? `${hint} · ${formatted}` : hint}
      leftSection={t('units.shekel')}
      allowDecimal={spec.unit !== 'shekel'}
      value={amount}
      onAmountChange={edit}
      onBlur={touch}
      error={error}
    />
  );
}
