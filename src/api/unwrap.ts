import { ApiError, isErrorBody, readRetryAfter } from './api-error';

interface FetchResult<T> {
  data?: { success: true; data: T };
  error?: unknown;
  response: Response;
}

/**
 * openapi-fetch never throws for HTTP errors; this turns its result into the envelope's `data`
 * or an ApiError, so every caller handles failure the same way (TanStack Query, machine actors).
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (error) {
    throw toTransportError(error);
  }
  const { data, error, response } = result;
  if (data !== undefined && response.ok) {
    return data.data;
  }
  if (isErrorBody(error)) {
    throw new ApiError(error.Message, {
      status: response.status,
      code: error.code,
      details: error.details,
      retryAfterSeconds: readRetryAfter(response.headers.get('Retry-After')),
    });
  }
  throw new ApiError(response.statusText || 'Unexpected response', {
    status: response.status,
    code: 'invalid_response',
  });
}

function toTransportError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(message, { status: 0, code: isTimeout ? 'timeout' : 'network_error' });
}
