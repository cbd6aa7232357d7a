/**
 * The one error type every failed call rejects with. `kind` says where it failed:
 * - `body`: the server answered with an envelope whose `code` is not 2000 (`code` holds it);
 * - `http`: a non-2xx HTTP status (`status` holds it);
 * - `network`: no response (server unreachable, CORS, connection reset);
 * - `timeout`: no response in time;
 * - `parse`: a response that is not the expected shape (not an envelope, or data failing its schema);
 * - `cancelled`: the caller aborted (`AbortSignal`); never toasted.
 */
export type ApiErrorKind = 'body' | 'http' | 'network' | 'timeout' | 'parse' | 'cancelled';

/** Why a failure ended the session (CONTRACT.md, code 401). */
export type AuthExpiryReason = 'token_not_valid' | 'user_not_found' | 'unauthorized';

export type ApiErrorInit = {
  kind: ApiErrorKind;
  message: string;
  url: string;
  method?: string;
  code?: number | undefined;
  status?: number | undefined;
  /** simplejwt's `msg.code`, e.g. `token_not_valid`. */
  msgCode?: string | undefined;
  /** Set when this failure ended the session (the session chart ended it, asked through the token port). */
  authExpired?: AuthExpiryReason | undefined;
  /** The response body (for logs and tests). */
  body?: unknown;
  cause?: unknown;
};

export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly code: number | undefined;
  readonly status: number | undefined;
  readonly url: string;
  readonly method: string;
  readonly msgCode: string | undefined;
  readonly authExpired: AuthExpiryReason | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.url = init.url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.msgCode = init.msgCode;
    this.authExpired = init.authExpired;
    this.body = init.body;
  }

  /**
   * Worth trying again later (charts' `EffectError.transient`): no response, a timeout, or a gateway /
   * unavailable status. Body codes are the server's considered answer and never transient.
   */
  get transient(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    return this.kind === 'http' && (this.status === 502 || this.status === 503 || this.status === 504);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server's refusal of an API the caller holds no permission for (server/http/permission.ts, stock
 * dvadmin's DRF PermissionDenied): a 4000 envelope worded "您没有执行该操作的权限" / "You do not have
 * permission", a body code 403, or an HTTP 403.
 */
export function isPermissionRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'http') return error.status === 403;
  if (error.kind !== 'body') return false;
  if (error.code === 403) return true;
  return error.code === 4000 && /没有执行该操作的权限|do not have permission/i.test(error.message);
}

/** Stock dvadmin's text for an unknown route or missing row (its exception handler turns Http404 into it). */
export const DVADMIN_NOT_FOUND_TEXT = '接口地址不正确';

/**
 * True when the endpoint does not exist on this backend: HTTP 404, body code 404, or stock dvadmin's
 * `{code: 400, msg: "接口地址不正确"}`. Additions missing on a stock dvadmin (captcha status, messages) use this
 * to degrade quietly.
 */
export function isMissingEndpoint(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'http') return error.status === 404;
  if (error.kind === 'body')
    return error.code === 404 || (error.code === 400 && error.message === DVADMIN_NOT_FOUND_TEXT);
  return false;
}
