import { QueryClient } from '@tanstack/react-query';

/** Spec: list and query data stay fresh for 5 minutes; mutations are never retried. */
export const queryStaleTimeMs = 300_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: queryStaleTimeMs },
      mutations: { retry: false },
    },
  });
}
