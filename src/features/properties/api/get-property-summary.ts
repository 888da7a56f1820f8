import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { propertyKeys } from '@/api/query-keys';
import type { PropertySummary } from '../property-types';
import { askedByTheRoute } from './get-properties';

/** Counts per filter button (and the drafts card), computed by the server from the same filter items. */
export function getPropertySummary(signal?: AbortSignal): Promise<PropertySummary> {
  return unwrap(api.GET('/property/summary', { signal }));
}

export function propertySummaryQueryOptions() {
  return queryOptions({
    queryKey: propertyKeys.summary(),
    queryFn: ({ signal }) => getPropertySummary(signal),
  });
}

export function usePropertySummary() {
  return useQuery({ ...propertySummaryQueryOptions(), ...askedByTheRoute });
}
