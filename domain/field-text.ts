/**
 * A field's answer as a broker reads it, from the registry's type and unit (property-fields.ts):
 * the review step and the view page show every field through this, so a new field needs no
 * formatting code of its own. Pure: the screen passes its words (option labels, yes and no, unit
 * suffixes) in its language.
 */
import { type FormatLanguage, formatArea, formatCount, formatShekel } from './format';
import { formatShekelRate } from './listed-price';
import { type FieldUnit, fieldSpec, type PropertyFieldKey } from './property-fields';

export interface FieldWords {
  language: FormatLanguage;
  /** `options:<field>.<value>` in the screen's language. */
  option: (field: PropertyFieldKey, value: string) => string;
  yes: string;
  no: string;
  /** The words after a number: 'למ״ר לחודש', 'אמפר'; none for area and plain shekels. */
  unitSuffix: (unit: Exclude<FieldUnit, 'sqm' | 'shekel' | 'count'>) => string;
  /** A `zeroReadsAs: 'groundFloor'` field's 0 as listings name it ('קרקע', 'Ground'); without it, the number. */
  groundFloor?: string;
}

const LOCALES = { he: 'he-IL', en: 'en-IL' } as const satisfies Record<FormatLanguage, string>;

/** The answer as text, or null when it was not given. */
export function fieldText(field: PropertyFieldKey, value: unknown, words: FieldWords): string | null {
  const spec = fieldSpec(field);
  const { language } = words;
  switch (spec.type) {
    case 'choice':
      return typeof value === 'string' ? words.option(field, value) : null;
    case 'choices': {
      const items = Array.isArray(value) ? (value as string[]) : [];
      if (items.length === 0) return null;
      return new Intl.ListFormat(LOCALES[language], { type: 'conjunction' }).format(
        items.map((item) => words.option(field, item)),
      );
    }
    case 'boolean':
      return value === true ? words.yes : value === false ? words.no : null;
    case 'text':
    case 'link': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? null : text;
    }
    case 'date':
      return typeof value === 'string' && value !== '' ? formatDate(value, language) : null;
    case 'number':
    case 'integer': {
      const zeroWord = spec.zeroReadsAs === undefined ? undefined : words[spec.zeroReadsAs];
      if (value === 0 && zeroWord) return zeroWord;
      return typeof value === 'number' && Number.isFinite(value) ? amountText(spec.unit, value, words) : null;
    }
  }
}

function amountText(unit: FieldUnit | undefined, value: number, words: FieldWords): string {
  const { language } = words;
  switch (unit) {
    case 'sqm':
      return formatArea(value, language) ?? '';
    case 'shekel':
      return formatShekel(value, language) ?? '';
    case 'shekelPerSqmMonth':
      return `${formatShekelRate(value, language)} ${words.unitSuffix(unit)}`;
    case 'shekelPerMonth':
      return `${formatShekel(value, language)} ${words.unitSuffix(unit)}`;
    case 'meter':
    case 'tonPerSqm':
    case 'ampere':
      return `${decimal(value, language)}\u00a0${words.unitSuffix(unit)}`;
    case 'count':
      return formatCount(value, language);
    default:
      return decimal(value, language);
  }
}

function decimal(value: number, language: FormatLanguage): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 }).format(value);
}

/** '1 במרץ 2027' / '1 March 2027': the calendar day as stored, whatever the viewer's time zone. */
export function formatDate(isoDate: string, language: FormatLanguage): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
