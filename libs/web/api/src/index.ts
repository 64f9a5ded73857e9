/**
 * Typed API client of the web (DESIGN §4, §8): one function per contract route via `call(route, input)`,
 * `upload` with progress, the §8 error model and the §4 session storage keys.
 */
export {
  call,
  upload,
  configureApi,
  onUnauthorized,
  onConnectionLost,
  onApiError,
  authHeaders,
  routeUrl,
  type CallInput,
  type CallArgs,
  type UploadProgress,
} from './client.ts';
export { MemoryStorage } from './memory-storage.ts';
export {
  ApiError,
  type ApiFieldError,
  isApiError,
  isApiNotFound,
  API_NOT_FOUND_CODE,
  errorFromResponse,
  connectionError,
  API_TEXT,
  NO_RESPONSE,
} from './errors.ts';
export {
  STORAGE_KEYS,
  readKey,
  writeKey,
  readStoredAuth,
  readStoredClient,
  writeStoredClient,
  clearStoredSession,
  readLoginNotice,
  writeLoginNotice,
  type LoginNotice,
  type StoredAuth,
  type StoredClient,
} from './storage.ts';
export { routeQuery } from './query.ts';
