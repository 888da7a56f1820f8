import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { propertyKeys } from '@/api/query-keys';
import type { Property, PropertyInput } from '../property-types';
import { getProperty } from './get-property';

/**
 * The row action "add": a new draft in the same building (domain/building-copy.ts says which answers
 * it keeps). The draft opens in the wizard at step 2, where the unit's own answers start. The registry
 * behind the copy is fetched beside the property on the click, not with the list: the wizard the
 * copy opens in needs it next.
 */
export async function copyPropertyBuilding(id: string): Promise<Property> {
  const [source, { keptByABuildingCopy }] = await Promise.all([
    getProperty(id),
    import('@domain/building-copy'),
  ]);
  const body: PropertyInput = { ...keptByABuildingCopy(source), status: 'draft', wizardStep: 2 };
  return unwrap(api.POST('/property/create', { body }));
}

export function copyBuildingMutation(queryClient: QueryClient): MutationOptions<Property, Error, string> {
  return {
    mutationFn: copyPropertyBuilding,
    onSuccess: (created) => {
      queryClient.setQueryData(propertyKeys.detail(created.id), created);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: propertyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.summary() }),
      ]);
    },
  };
}
