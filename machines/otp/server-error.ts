/**
 * What a flow keeps of a failed call. The app's actors throw its ApiError, whose `message` is the
 * server's `Message` (already in the user's language) and whose `code` is the stable machine code; the
 * machines read them structurally so they stay free of the app's modules.
 */
export interface ServerError {
  /** The text to show; null when there is none, and the screen falls back to its own (common.error). */
  message: string | null;
  code: string | null;
  /**
   * Per-field problems of a 400 (`path` like 'body/email'), present only when the error carried any:
   * the form shows them beside their fields.
   */
  details?: readonly ServerErrorDetail[];
  /** A 429's or 503's Retry-After, in seconds, when the server sent one. */
  retryAfterSeconds?: number;
}

export interface ServerErrorDetail {
  path: string;
  message: string;
}

function detailsOf(value: unknown): ServerErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ServerErrorDetail =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as ServerErrorDetail).path === 'string' &&
      typeof (item as ServerErrorDetail).message === 'string',
  );
}

export function readServerError(error: unknown): ServerError {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message.trim() !== '' ? record.message : null;
  const code = typeof record.code === 'string' && record.code !== '' ? record.code : null;
  const details = detailsOf(record.details);
  const retryAfter = record.retryAfterSeconds;
  return {
    message,
    code,
    ...(details.length > 0 ? { details } : {}),
    ...(typeof retryAfter === 'number' && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}
