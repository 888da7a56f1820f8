import { formatCount } from '@domain/format';
import type { PropertyFieldKey } from '@domain/property-fields';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '@/components/limited-text-input';
import { citySuggestions } from '../israeli-cities';
import { fieldId } from '../wizard-problems';
import { useRegistryAnswer } from './use-registry-answer';

const CITY_LIST_ID = 'wizard-known-cities';

/**
 * One line of text that stops at the field's length and says so when a paste was cut (the registry's
 * `wizard.input` 'line'); a 'cityLine' is offered the known cities as it is typed, yet any city may
 * be entered. The browser fills it where the registry's `wizard.autoComplete` says it may.
 */
export function LineField({ field }: { field: PropertyFieldKey }) {
  const { t } = useTranslation('wizard');
  const { spec, value, edit, words, required, error, touch, language } = useRegistryAnswer(field);
  const suggestsCities = spec.wizard?.input === 'cityLine';
  const maxLength = spec.maxLength ?? 0;
  return (
    <>
      {suggestsCities && (
        <datalist id={CITY_LIST_ID}>
          {citySuggestions(language).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
      <LimitedTextInput
        id={fieldId(field)}
        label={words.label}
        placeholder={words.placeholder}
        withAsterisk={required}
        autoComplete={spec.wizard?.autoComplete}
        list={suggestsCities ? CITY_LIST_ID : undefined}
        maxLength={maxLength}
        cutMessage={t('limits.pastedCut', { limit: formatCount(maxLength, language) })}
        value={value as string}
        onChange={(event) => edit(event.currentTarget.value)}
        onBlur={touch}
        error={error}
      />
    </>
  );
}
