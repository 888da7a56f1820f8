import type { PropertyKind } from '@domain/property-options';
import { useFieldWords } from '@/i18n/field-words';

/** What a client may read in a prefilled message: the kind and the city, never the street. */
export function useShareTitle() {
  const words = useFieldWords();
  return (property: { propertyKind: PropertyKind | null; city: string | null }) =>
    [property.propertyKind ? words('propertyKind').option(property.propertyKind) : null, property.city]
      .filter(Boolean)
      .join(', ');
}
