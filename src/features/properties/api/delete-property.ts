import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { propertyKeys } from '@/api/query-keys';
import type { Property } from '../property-types';
import type { PropertyPages } from './get-properties';

/** Moves a property to the trash; POST /property/restore/{id} brings it back. */
export function softDeleteProperty(id: string): Promise<Property> {
  return unwrap(api.DELETE('/property/delete/soft/{id}', { params: { path: { id } } }));
}

type ListSnapshot = [readonly unknown[], PropertyPages | undefined][];

/** Takes the row out of every cached list at once, so it disappears on click, not a round trip later. */
function removeFromLists(queryClient: QueryClient, id: string): ListSnapshot {
  const snapshot = queryClient.getQueriesData<PropertyPages>({ queryKey: propertyKeys.lists() });
  queryClient.setQueriesData<PropertyPages>({ queryKey: propertyKeys.lists() }, (data) => {
    if (!data) return data;
    const found = data.pages.some((page) => page.items.some((item) => item.id === id));
    if (!found) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== id),
        totalCount: Math.max(0, page.totalCount - 1),
      })),
    };
  });
  return snapshot;
}

/** The row goes at once; a failure puts it back. */
export function softDeleteMutation(
  queryClient: QueryClient,
): MutationOptions<Property, Error, string, { snapshot: ListSnapshot }> {
  return {
    mutationFn: softDeleteProperty,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: propertyKeys.lists() });
      return { snapshot: removeFromLists(queryClient, id) };
    },
    onError: (_error, _id, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
    // Offsets after the removed row have shifted: refetch the loaded pages and the counts.
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: propertyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.summary() }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.detail(id) }),
      ]),
  };
}
