import type { AxiosAdapter } from 'axios';
import type { z } from 'zod';
import type { Envelope } from '../../contract/index.ts';
import type { ApiError, AuthExpiryReason } from './errors.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Timeout class (seed §9): base 20 s, ordinary API calls 60 s, exports 300 s. */
export type RequestKind = 'base' | 'api' | 'export';

export type NotifyKind = 'error' | 'info' | 'warning' | 'success';
/** A toast; `replaces` names a slot whose previous toast this one takes over (e.g. the connection status). */
export type Notice = { kind: NotifyKind; message: string; durationMs: number; replaces?: string };
export type NotifyFn = (notice: Notice) => void;

/** A frontend log entry as the http client writes it; the log chart adds the time. */
export type LogEntry = { message: string; type: 'info' | 'warning' | 'danger'; meta?: unknown };
export type LogFn = (entry: LogEntry) => void;

export type TranslateFn = (key: string, options?: Record<string, unknown>) => string;

/** The session's answer to a refused request (see `TokenPort.refreshAfter401`). */
export type TokenAnswer =
  /** Retry with this (newer) access token. */
  | { kind: 'renewed'; token: string }
  /** The session ended (the chart toasted why): the request fails as an expiry. */
  | { kind: 'ended' }
  /** No token now (the refresh call failed at the network level; the chart tries again later). */
  | { kind: 'unavailable' };

/**
 * What the http client and the socket ask of the session, which owns the token: the one place that
 * decides whether to refresh, retry or expire.
 */
export type TokenPort = {
  /** The access token to send; undefined → no Authorization header. */
  getAccess(): string | undefined;
  /**
   * A request carrying `failedToken` was refused (HTTP 401, `token_not_valid`): the session refreshes once
   * (one shared refresh for every caller), answers a newer token at once, or ends. Resolves on the
   * session's next settled state. `why` is the message the session ends with if a refreshed token is
   * refused again.
   */
  refreshAfter401(
    failedToken: string | undefined,
    why?: { reason: AuthExpiryReason; message: string },
  ): Promise<TokenAnswer>;
  /** A refusal no refresh fixes (`user_not_found`, a plain 401): the session ends, unless `token` is old. */
  expire(reason: AuthExpiryReason, message: string, token: string | undefined): void;
};

export type HttpClientOptions = {
  /** API base URL ('' = same origin). */
  baseURL: string;
  /** Request-signature secret; no secret → no `timestamp`/`sign`. */
  signSecret?: string | undefined;
  /** The session's tokens (the session chart owns them; src/services/implementations/session.ts). */
  tokens: TokenPort;
  notify: NotifyFn;
  log: LogFn;
  t: TranslateFn;
  /** `Accept-Language` of API calls, so server messages follow the console's language. */
  getLanguage?: () => string | undefined;
  /** Clock for the signature timestamp (ms). */
  now?: () => number;
  /** axios adapter override (tests). */
  adapter?: AxiosAdapter;
};

export type HttpRequest = {
  method?: HttpMethod;
  /** Path relative to the base URL (`Paths.*`), or absolute. */
  url: string;
  params?: Record<string, unknown>;
  /** JSON body (sent untouched) or FormData (multipart; signs the query only). */
  data?: unknown;
  signal?: AbortSignal | undefined;
  /** Timeout class; default `api` (60 s). */
  kind?: RequestKind;
  /** Explicit timeout in ms (wins over `kind`). */
  timeout?: number;
  headers?: Record<string, string>;
  /**
   * `session` (default): the call runs inside a session, so a 401 refreshes the token once and otherwise
   * ends the session. `token`: sends the Authorization header, but a 401 is an ordinary error (logout).
   * `none`: the call is itself authentication (login, token refresh): no Authorization header, and a 401
   * is an ordinary error — so these never enter the refresh loop.
   */
  auth?: 'session' | 'token' | 'none';
  /** Send cookies on a cross-origin API (the HttpOnly refresh cookie of login, refresh and logout). */
  withCredentials?: boolean;
  /** Accept a body that is not an envelope as the data of a success (dvadmin 2.0's raw token refresh). */
  acceptRaw?: boolean;
  /** Failures for which this is true (or all, for `true`) are neither toasted nor logged; they still reject. */
  quiet?: boolean | ((error: ApiError) => boolean);
};

export type DownloadResult = { blob: Blob; fileName: string | undefined; contentType: string | undefined };

export interface HttpClient {
  /** Resolves with the whole envelope for code 2000 (and 404, without data, after an info toast). */
  request<T = unknown>(req: HttpRequest): Promise<Envelope<T>>;
  get<T = unknown>(
    url: string,
    params?: Record<string, unknown>,
    extra?: Partial<HttpRequest>,
  ): Promise<Envelope<T>>;
  post<T = unknown>(url: string, data?: unknown, extra?: Partial<HttpRequest>): Promise<Envelope<T>>;
  put<T = unknown>(url: string, data?: unknown, extra?: Partial<HttpRequest>): Promise<Envelope<T>>;
  delete<T = unknown>(url: string, data?: unknown, extra?: Partial<HttpRequest>): Promise<Envelope<T>>;
  /**
   * The `data` of a 2000 envelope parsed by `schema`. A mismatch rejects with a `parse` ApiError (toasted
   * and logged with the schema issues unless quiet); a 404 envelope (already shown as info) rejects with a
   * `body` ApiError of code 404, not toasted again.
   */
  data<S extends z.ZodType>(req: HttpRequest, schema: S): Promise<z.output<S>>;
  /** Blob response (exports): default timeout class `export`; an error envelope in the blob rejects. */
  download(req: HttpRequest): Promise<DownloadResult>;
  /** Shows and logs an error found after the client resolved (e.g. a schema mismatch) unless quiet. */
  report(error: ApiError, req?: Pick<HttpRequest, 'quiet'>): ApiError;
  /** The translator the client was built with (for messages of helpers built on it). */
  readonly t: TranslateFn;
}
