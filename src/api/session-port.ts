/**
 * What the API layer needs from the signed-in session, without knowing how it is kept.
 * The auth feature implements it over the auth machine; tests implement it with plain functions.
 */
export interface SessionPort {
  /** The current access token, or null when signed out. */
  accessToken(): string | null;
  /**
   * A request was answered 401. Resolves with a fresh access token once the single shared refresh
   * has finished (every concurrent caller waits for the same one), or null when the session ended.
   */
  tokenRejected(): Promise<string | null>;
  /** The retried request was answered 401 again: the session cannot be saved. */
  retryRejected(): void;
}

export const signedOutSession: SessionPort = {
  accessToken: () => null,
  tokenRejected: async () => null,
  retryRejected: () => {},
};
