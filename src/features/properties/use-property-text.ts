import { formatArea, formatCount, formatPercent } from '@domain/format';
import { type ListingNamed, listingWord, type OptionLabel } from '@domain/listing-name';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api';
import { useFieldWords } from '@/i18n/field-words';
import { useLanguage } from '@/i18n/use-language';

/** How a property's values read on screen, in the current language. */
export function usePropertyText() {
  const { t } = useTranslation('properties');
  const words = useFieldWords();
  const { language } = useLanguage();
  const option: OptionLabel = (field, value) => words(field).option(value);

  const name = (property: ListingNamed<'street'>) =>
    listingWord(property, 'street', option) ?? t('values.noAddress');
  return {
    language,
    /** The street, the list's "name" column. */
    name,
    /** Street and city: unambiguous in labels read out of context (actions, toasts). */
    fullName: (property: ListingNamed<'street' | 'where'>) => {
      const where = listingWord(property, 'where', option);
      return where ? `${name(property)}, ${where}` : name(property);
    },
    /** What the space is (its kind), or that it is not said yet. */
    kind: (property: ListingNamed<'what'>) =>
      listingWord(property, 'what', option) ?? t('values.notSpecified'),
    /** Its category, where given. */
    category: (property: ListingNamed<'whatDetail'>) => listingWord(property, 'whatDetail', option),
    /** Where it is (the city), where given. */
    where: (property: ListingNamed<'where'>) => listingWord(property, 'where', option),
    /** The words a client may read in a prefilled message: what and where, never the street. */
    shareTitle: (property: ListingNamed<'what' | 'where'>) =>
      [listingWord(property, 'what', option), listingWord(property, 'where', option)]
        .filter(Boolean)
        .join(', '),
    area: (value: number | null) => formatArea(value, language) ?? t('values.notAvailable'),
    percent: (value: number) => formatPercent(value, language) ?? '',
    number: (value: number) => formatCount(value, language),
  };
}

/**
 * The message of a failed call as a broker should read it: the server's own text (already in the
 * UI language), our words for a dead connection, or the spec's fallback.
 */
export function useErrorText() {
  const { t } = useTranslation('properties');
  return (error: unknown, fallback: string = t('errors.fallback')): string => {
    if (isApiError(error)) {
      if (error.code === 'network_error') return t('errors.network');
      if (error.code === 'timeout') return t('errors.timeout');
      // A body we could not read carries only the HTTP status text, in English whatever the language.
      if (error.code === 'invalid_response') return t('errors.unexpected');
    }
    if (error instanceof Error && error.message.trim() !== '') return error.message;
    return fallback;
  };
}
