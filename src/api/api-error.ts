import type { Error as ErrorBody } from '@openapi/schema';

export type { Error as ErrorBody } from '@openapi/schema';

/** Codes the client itself produces when no server answer could be read. */
export type ClientErrorCode = 'network_error' | 'timeout' | 'invalid_response';

/**
 * The one error type the UI sees from the API: the server's human `Message` (already in the
 * request's language) and its stable `code`, which screens map to their own texts when they need to.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: ErrorBody['details'];
  /** The response's Retry-After in seconds (429, 503): when the server will take the request again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    options: { status: number; code: string; details?: ErrorBody['details']; retryAfterSeconds?: number },
  ) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    typeof (value as { Message?: unknown }).Message === 'string'
  );
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function readRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : undefined;
}
