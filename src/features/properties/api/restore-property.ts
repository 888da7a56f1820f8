import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { propertyKeys } from '@/api/query-keys';
import type { Property } from '../property-types';

export function restoreProperty(id: string): Promise<Property> {
  return unwrap(api.POST('/property/restore/{id}', { params: { path: { id } } }));
}

/** The undo of a soft delete: the property returns to its place (the list is ordered by creation). */
export function restoreMutation(queryClient: QueryClient): MutationOptions<Property, Error, string> {
  return {
    mutationFn: restoreProperty,
    onSuccess: (property) => queryClient.setQueryData(propertyKeys.detail(property.id), property),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: propertyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.summary() }),
      ]),
  };
}
