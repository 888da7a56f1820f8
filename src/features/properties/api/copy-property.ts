import { keptByABuildingCopy } from '@domain/building-copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { propertyKeys } from '@/api/query-keys';
import type { Property, PropertyInput } from '../property-types';
import { getProperty } from './get-property';

/**
 * The row action "add": a new draft in the same building (domain/building-copy.ts says which answers
 * it keeps). The draft opens in the wizard at step 2, where the unit's own answers start.
 */
export function buildingCopyOf(source: Property): PropertyInput {
  return { ...keptByABuildingCopy(source), status: 'draft', wizardStep: 2 };
}

export async function copyPropertyBuilding(id: string): Promise<Property> {
  const source = await getProperty(id);
  return unwrap(api.POST('/property/create', { body: buildingCopyOf(source) }));
}

export function useCopyPropertyBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyPropertyBuilding,
    onSuccess: (created) => {
      queryClient.setQueryData(propertyKeys.detail(created.id), created);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: propertyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.summary() }),
      ]);
    },
  });
}
