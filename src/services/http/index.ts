export { createHttpClient } from './client.ts';
export { fileNameFromContentDisposition } from './content-disposition.ts';
export {
  ApiError,
  type ApiErrorInit,
  type ApiErrorKind,
  type AuthExpiryReason,
  DVADMIN_NOT_FOUND_TEXT,
  isApiError,
  isMissingEndpoint,
} from './errors.ts';
export { isPlainObject, normalizeQuery, type Query, serializeQuery, signQuery } from './params.ts';
export type {
  DownloadResult,
  HttpClient,
  HttpClientOptions,
  HttpMethod,
  HttpRequest,
  LogEntry,
  LogFn,
  Notice,
  NotifyFn,
  NotifyKind,
  RequestKind,
  TokenAnswer,
  TokenPort,
  TranslateFn,
} from './types.ts';
