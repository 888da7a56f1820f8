/**
 * What a flow keeps of a failed call. The app's actors throw its ApiError, whose `message` is the
 * server's `Message` (already in the user's language) and whose `code` is the stable machine code; the
 * machines read them structurally so they stay free of the app's modules.
 */
export interface ServerError {
  /** The text to show; null when there is none, and the screen falls back to its own (common.error). */
  message: string | null;
  code: string | null;
}

export function readServerError(error: unknown): ServerError {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message.trim() !== '' ? record.message : null;
  const code = typeof record.code === 'string' && record.code !== '' ? record.code : null;
  return { message, code };
}
