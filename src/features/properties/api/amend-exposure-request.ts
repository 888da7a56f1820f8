import type { ExposureAmendmentInput } from '@openapi/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

/** The new terms, and the request as /exposure-requests lists it: what an amendment starts from. */
export type { ExposureAmendmentInput, ExposureRequest as AmendedExposureRequest } from '@openapi/schema';

/** The key /exposure-requests lists under (features/exposure-requests): the new version shows at once. */
const EXPOSURE_REQUESTS_KEY = ['exposure-requests'] as const;

/** The order's next version (issue 23): new terms, a new link by SMS, earlier signatures kept. */
export function useAmendExposureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ExposureAmendmentInput }) =>
      unwrap(api.POST('/exposure-requests/{id}/versions', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPOSURE_REQUESTS_KEY }),
  });
}
