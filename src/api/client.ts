import type { paths } from '@openapi/schema';
import createClient, { type Client } from 'openapi-fetch';
import { createAuthMiddleware } from './auth-middleware';
import { type SessionPort, signedOutSession } from './session-port';

export const API_BASE_URL = '/api';
/** Spec 9: HTTP timeout 30000 ms. */
export const API_TIMEOUT_MS = 30_000;

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  getSession?: () => SessionPort;
  /** The UI language, sent as Accept-Language so server messages arrive in it. */
  getLanguage?: () => string;
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * `AbortSignal.timeout(ms)`, but held by its timer: Node lets a timeout signal that only
 * `AbortSignal.any` refers to be garbage-collected before it fires (nodejs/node#57736), and a request
 * that hangs then never times out. The timer is not cleared when the answer arrives, since its body may
 * still be read; aborting after that changes nothing.
 */
function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The request timed out.', 'TimeoutError')), ms);
  return controller.signal;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const getLanguage = options.getLanguage ?? (() => 'he');

  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? API_BASE_URL,
    fetch: (request) => {
      const signal = AbortSignal.any([request.signal, timeoutSignal(timeoutMs)]);
      const timed = new Request(request, { signal });
      if (!timed.headers.has('Accept-Language')) timed.headers.set('Accept-Language', getLanguage());
      return baseFetch(timed);
    },
  });
  client.use(createAuthMiddleware(options.getSession ?? (() => signedOutSession)));
  return client;
}

let currentSession: SessionPort = signedOutSession;
let currentLanguage: () => string = () => 'he';

/** The app's single client; the app plugs in the session and language at start-up. */
export const api: ApiClient = createApiClient({
  getSession: () => currentSession,
  getLanguage: () => currentLanguage(),
});

export function connectApi(options: { session: SessionPort; getLanguage: () => string }): void {
  currentSession = options.session;
  currentLanguage = options.getLanguage;
}

/** The session and language the app connected, for requests made outside openapi-fetch (uploads). */
export function connectedSession(): SessionPort {
  return currentSession;
}

export function connectedLanguage(): string {
  return currentLanguage();
}
