import type { ExposureStatus } from '@openapi/schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '@/api';

export type { ExposureRequest, ExposureStatus } from '@openapi/schema';

export const exposureRequestKeys = {
  all: ['exposure-requests'] as const,
  list: (status: ExposureStatus | null) => [...exposureRequestKeys.all, 'list', status ?? 'all'] as const,
};

export function exposureRequestsQueryOptions(status: ExposureStatus | null) {
  return queryOptions({
    queryKey: exposureRequestKeys.list(status),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/exposure-requests', { params: { query: status ? { status } : {} }, signal })),
    // A client may open, verify or sign at any moment: read afresh when the screen shows, and while it does.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useExposureRequests(status: ExposureStatus | null) {
  return useQuery(exposureRequestsQueryOptions(status));
}

function useExposureAction(path: '/exposure-requests/{id}/revoke' | '/exposure-requests/{id}/resend') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST(path, { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exposureRequestKeys.all }),
  });
}

export const useRevokeExposureRequest = () => useExposureAction('/exposure-requests/{id}/revoke');
export const useResendExposureRequest = () => useExposureAction('/exposure-requests/{id}/resend');

/**
 * The broker is looking at the requests now: the overview card's "new" (orders signed since the last
 * look) starts again from here, on the server so that every device agrees. Once per visit of the page.
 */
export function useMarkExposureRequestsSeen() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void api
      .POST('/exposure-requests/seen')
      .then(() => queryClient.invalidateQueries({ queryKey: [...exposureRequestKeys.all, 'overview'] }));
  }, [queryClient]);
}
