import type { PropertyFieldKey } from '@domain/property-fields';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * One field's words (issue 21): all of them live under the field's key in fields.json, so a screen
 * asks for a field's words by the field, never by spelling a text key. `hint` and `placeholder` are
 * there for the fields the wizard explains; the rest have none.
 */
export interface FieldWordsOf {
  label: string;
  hint: string | undefined;
  placeholder: string | undefined;
  /** The label of one of the field's option values. */
  option: (value: string) => string;
}

/** The keys are built from the field at run time, so typed keys cannot follow them. */
type Lookup = (key: string, options?: { defaultValue: string }) => string;

export function fieldWords(t: TFunction<'fields'>, field: PropertyFieldKey): FieldWordsOf {
  const look = t as unknown as Lookup;
  const optional = (part: string) => look(`${field}.${part}`, { defaultValue: '' }) || undefined;
  return {
    label: look(`${field}.label`),
    hint: optional('hint'),
    placeholder: optional('placeholder'),
    option: (value) => look(`${field}.options.${value}`),
  };
}

/** `words(field)` in the screen's language. */
export function useFieldWords(): (field: PropertyFieldKey) => FieldWordsOf {
  const { t } = useTranslation('fields');
  return (field) => fieldWords(t, field);
}
