import type { PropertyStatus } from '@domain/property-options';

/**
 * Where the wizard continues with a property: a draft resumes (`?draft=`), a published property
 * opens for editing (`?edit=`). The wizard's route owns both parameters.
 */
export function wizardSearchFor(property: { id: string; status: PropertyStatus }) {
  return property.status === 'draft' ? { draft: property.id } : { edit: property.id };
}
