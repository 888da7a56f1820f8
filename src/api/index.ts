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
export { type UploadOptions, type UploadPath, uploadWithProgress } from './upload-with-progress';
