import type { ErrorCode } from './error-messages';

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  details?: ErrorDetail[];
  /** Sent with the error response (Retry-After, WWW-Authenticate, ...). */
  headers?: Record<string, string>;
  cause?: unknown;
  /** The uploaded file the error is about; the Message names it. */
  fileName?: string;
}

/**
 * What handlers throw on purpose. The error-envelope plugin turns it into
 * `{success:false, Message, code}` with this status; the Message comes from the catalogue in the
 * request's language, so handlers never build user text themselves.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly fileName: string | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(code, { cause: options.cause });
    this.details = options.details;
    this.headers = options.headers;
    this.fileName = options.fileName;
  }
}
