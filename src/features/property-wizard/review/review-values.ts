/**
 * The review step's rows: for each step, the questions it asked this property (the registry's
 * `kinds` and `askedWhen`) and the answers as text in the screen's language (null when unanswered).
 */

import { fieldText } from '@domain/field-text';
import { fieldsWhere, isAsked, type PropertyFieldKey } from '@domain/property-fields';
import { formToValues, type PropertyForm } from '@domain/property-form';
import type { TFunction } from 'i18next';
import { fieldWords } from '@/i18n/field-words';
import type { Language } from '@/i18n/i18n';

export interface ReviewRow {
  field: PropertyFieldKey;
  text: string | null;
}

const UNIT_WORDS = {
  shekelPerSqmMonth: 'units.perSqmMonth',
  shekelPerMonth: 'units.perMonth',
  meter: 'units.meter',
  tonPerSqm: 'units.tonPerSqm',
  ampere: 'units.ampere',
} as const;

export function reviewRows(
  form: PropertyForm,
  step: 1 | 2 | 3 | 4,
  tWizard: TFunction<'wizard'>,
  tOptions: TFunction<'options'>,
  tFields: TFunction<'fields'>,
  language: Language,
): ReviewRow[] {
  const values = formToValues(form);
  const words = {
    language,
    option: (field: PropertyFieldKey, value: string) => fieldWords(tFields, field).option(value),
    yes: tOptions('yesNo.yes'),
    no: tOptions('yesNo.no'),
    unitSuffix: (unit: keyof typeof UNIT_WORDS) => tWizard(UNIT_WORDS[unit]),
    groundFloor: tWizard('units.groundFloor'),
  };
  return fieldsWhere((spec, field) => spec.step === step && isAsked(field, values)).map((field) => ({
    field,
    text: fieldText(field, values[field], words),
  }));
}
