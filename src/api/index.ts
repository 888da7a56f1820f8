export { ApiError, type ErrorBody, isApiError } from './api-error';
export {
  API_TIMEOUT_MS,
  type ApiClient,
  api,
  connectApi,
  connectedLanguage,
  connectedSession,
  createApiClient,
} from './client';
export { type SessionPort, signedOutSession } from './session-port';
export { unwrap } from './unwrap';
// upload-with-progress.ts is imported directly: only the wizard sends files, and through this index it
// was in every screen's first load.
