import { ApiError, isErrorBody } from './api-error';
import { API_BASE_URL, connectedLanguage, connectedSession } from './client';
import type { SessionPort } from './session-port';

/** The multipart operations of the contract (spec 7); both answer the property envelope. */
export type UploadPath = '/property/create-with-files' | `/property/${string}/files`;

export interface UploadOptions {
  path: UploadPath;
  body: FormData;
  /** Called with the share of the body sent so far, 0 to 1, whenever the browser reports it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Defaults to the session the app connected to the API client. */
  session?: SessionPort;
  /** A create's Idempotency-Key: a repeat updates the property the key made instead of adding one. */
  idempotencyKey?: string;
}

interface RawResponse {
  status: number;
  statusText: string;
  text: string;
}

/**
 * POSTs a multipart body with upload progress, which fetch cannot report. Same contract as the API
 * client: the bearer token and language of the connected session, one retry after a 401 through the
 * shared refresh, and the envelope's `data` or an ApiError. No 30 s timeout: a large video on a slow
 * line takes longer; the caller's signal aborts it. The FormData is kept, so the retry resends it whole.
 */
export async function uploadWithProgress<T>(options: UploadOptions): Promise<T> {
  const session = options.session ?? connectedSession();
  const token = session.accessToken();
  let response = await send(options, token);
  if (response.status === 401) {
    const renewed = await session.tokenRejected(token);
    if (renewed) {
      options.onProgress?.(0);
      response = await send(options, renewed);
      if (response.status === 401) session.retryRejected();
    }
  }
  return readEnvelope<T>(response);
}

function send(options: UploadOptions, token: string | null): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('POST', `${API_BASE_URL}${options.path}`);
    // No Content-Type: the browser writes it with the multipart boundary.
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', connectedLanguage());
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new ApiError('Network error', { status: 0, code: 'network_error' }));
    };
    xhr.onabort = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(options.body);
  });
}

function readEnvelope<T>(response: RawResponse): T {
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    body = undefined;
  }
  const ok = response.status >= 200 && response.status < 300;
  if (ok && typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true) {
    return (body as { data: T }).data;
  }
  if (isErrorBody(body)) {
    throw new ApiError(body.Message, { status: response.status, code: body.code, details: body.details });
  }
  throw new ApiError(response.statusText || 'Unexpected response', {
    status: response.status,
    code: 'invalid_response',
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}
