import type { ShareLinkInput as ContractShareLinkInput } from '@openapi/schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { propertyKeys } from '@/api/query-keys';

export type { ShareLink } from '@openapi/schema';

export type ShareLinkInput = Partial<ContractShareLinkInput>;

const shareLinkKeys = {
  of: (propertyId: string) => [...propertyKeys.detail(propertyId), 'share-links'] as const,
};

export function shareLinksQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: shareLinkKeys.of(propertyId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/property/{id}/share-links', { params: { path: { id: propertyId } }, signal })),
    // Opens arrive from clients at any time: read afresh whenever the dialog opens, and while it is open.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useShareLinks(propertyId: string) {
  return useQuery(shareLinksQueryOptions(propertyId));
}

/** A new link or a revoked one changes the property's active publications in the list and the view. */
function useInvalidateSharing(propertyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shareLinkKeys.of(propertyId) }),
      queryClient.invalidateQueries({ queryKey: propertyKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: propertyKeys.summary() }),
      queryClient.invalidateQueries({ queryKey: propertyKeys.detail(propertyId), exact: true }),
    ]);
}

export function useCreateShareLink(propertyId: string) {
  const invalidate = useInvalidateSharing(propertyId);
  return useMutation({
    mutationFn: (body: ShareLinkInput) =>
      unwrap(
        api.POST('/property/{id}/share-links', {
          params: { path: { id: propertyId } },
          body: body as ContractShareLinkInput,
        }),
      ),
    onSuccess: invalidate,
  });
}

export function useRevokeShareLink(propertyId: string) {
  const invalidate = useInvalidateSharing(propertyId);
  return useMutation({
    mutationFn: (linkId: string) =>
      unwrap(api.DELETE('/share-links/{id}', { params: { path: { id: linkId } } })),
    onSuccess: invalidate,
  });
}
