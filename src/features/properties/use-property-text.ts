import { formatArea, formatCount, formatPercent } from '@domain/format';
import type { PropertyCategory, PropertyKind } from '@domain/property-options';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api';
import { useFieldWords } from '@/i18n/field-words';
import { useLanguage } from '@/i18n/use-language';

interface Named {
  address: string | null;
  city: string | null;
}

/** How a property's values read on screen, in the current language. */
export function usePropertyText() {
  const { t } = useTranslation('properties');
  const words = useFieldWords();
  const { language } = useLanguage();

  const name = (property: Named) => property.address?.trim() || t('values.noAddress');
  return {
    language,
    /** The address, the list's "name" column. */
    name,
    /** Address and city: unambiguous in labels read out of context (actions, toasts). */
    fullName: (property: Named) => {
      const city = property.city?.trim();
      return city ? `${name(property)}, ${city}` : name(property);
    },
    kind: (kind: PropertyKind | null) =>
      kind ? words('propertyKind').option(kind) : t('values.notSpecified'),
    category: (category: PropertyCategory | null) =>
      category ? words('propertyCategory').option(category) : null,
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
