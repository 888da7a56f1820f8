import type { QueryClient } from '@tanstack/react-query';

/** What route guards need to know about the session; the auth feature supplies the real one. */
export interface AuthContext {
  isAuthenticated: () => boolean;
}

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthContext;
}
