import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, unwrap } from '@/api';
import { propertyKeys } from '@/api/query-keys';
import type { Property } from '../property-types';

export function getProperty(id: string, signal?: AbortSignal): Promise<Property> {
  return unwrap(api.GET('/property/{id}', { params: { path: { id } }, signal }));
}

export function propertyQueryOptions(id: string) {
  return queryOptions({
    queryKey: propertyKeys.detail(id),
    queryFn: ({ signal }) => getProperty(id, signal),
    // "Not yours or not there" will not change by asking again.
    retry: (failureCount, error) =>
      !(isApiError(error) && (error.status === 404 || error.status === 400)) && failureCount < 3,
  });
}

export function useProperty(id: string) {
  return useQuery(propertyQueryOptions(id));
}
