/**
 * What the API layer needs from the signed-in session, without knowing how it is kept.
 * The auth feature implements it over the auth machine; tests implement it with plain functions.
 */
export interface SessionPort {
  /** The current access token, or null when signed out. */
  accessToken(): string | null;
  /**
   * A request sent with `rejectedToken` was answered 401. Resolves with the access token to retry with
   * once the single shared refresh has finished (every concurrent caller waits for the same one), or
   * null when the session ended. A token that a finished refresh already replaced is not refreshed again.
   */
  tokenRejected(rejectedToken: string | null): Promise<string | null>;
  /** The retried request was answered 401 again: the session cannot be saved. */
  retryRejected(): void;
}

export const signedOutSession: SessionPort = {
  accessToken: () => null,
  tokenRejected: async () => null,
  retryRejected: () => {},
};
