import type { Me } from '@openapi/schema';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export type { Me } from '@openapi/schema';

/** Query key of the signed-in user; the cache is cleared on sign-out, so the next user is fetched anew. */
export const meQueryKey = ['me'] as const;

/** Who is signed in, as registered (GET /me): the sidebar's user card. Rarely changes, so kept long. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/me', { signal })),
    staleTime: 5 * 60_000,
  });
}

/** "מיכל אלון" and "מנהלת עסקאות · אלון נכסים": what the card says, from what registration stored. */
export function userCardText(me: Me): { name: string; detail: string } {
  const name = `${me.firstName} ${me.lastName}`.trim();
  const detail = [me.position, me.company?.name].filter((part) => part?.trim()).join(' · ');
  return { name, detail };
}
