import type { ExposureRequestInput } from '@openapi/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export type { ExposureRequestInput } from '@openapi/schema';

/** The key /exposure-requests lists under (features/exposure-requests): a new request shows there at once. */
const EXPOSURE_REQUESTS_KEY = ['exposure-requests'] as const;

/** The most the list answers in one page: the dialog's property picker offers the broker's first 100. */
const PICKER_PAGE_SIZE = 100;

export function useCreateExposureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExposureRequestInput) => unwrap(api.POST('/exposure-requests', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPOSURE_REQUESTS_KEY }),
  });
}

/** The broker's properties to add to a request, newest first; read when the dialog opens. */
export function usePropertyChoices() {
  return useQuery({
    queryKey: ['properties', 'exposure-choices'],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/property/list', { params: { query: { page: 1, pageSize: PICKER_PAGE_SIZE } }, signal }),
      ),
    staleTime: 60_000,
  });
}
