import type { PropertyKind } from '@domain/property-options';
import { useTranslation } from 'react-i18next';

/** What a client may read in a prefilled message: the kind and the city, never the street. */
export function useShareTitle() {
  const { t } = useTranslation('options');
  return (property: { propertyKind: PropertyKind | null; city: string | null }) =>
    [property.propertyKind ? t(`propertyKind.${property.propertyKind}`) : null, property.city]
      .filter(Boolean)
      .join(', ');
}
