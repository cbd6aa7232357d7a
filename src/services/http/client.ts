import axios, { type AxiosInstance, type AxiosResponse, isAxiosError, isCancel } from 'axios';
import { z } from 'zod';
import {
  Code,
  type Envelope,
  envelopeSchema,
  flattenMessage,
  messageCode,
  Timeouts,
} from '../../contract/index.ts';
import { fileNameFromContentDisposition } from './content-disposition.ts';
import { ApiError, type AuthExpiryReason } from './errors.ts';
import { normalizeQuery, serializeQuery, signQuery } from './params.ts';
import type { DownloadResult, HttpClient, HttpClientOptions, HttpMethod, HttpRequest } from './types.ts';

/**
 * The one HTTP client (CONTRACT.md "Envelope" and "Requests", seed §7–§9). One axios instance; every call
 * goes through `perform`, which
 *   1. builds the request: `Authorization: JWT <access>`, query booleans as 1/0, unindexed arrays, the
 *      `timestamp` + `sign` query parameters, the timeout of its class;
 *   2. sends it, retrying once after 1 s when an idempotent request failed at the network level;
 *   3. maps the outcome: HTTP status table (seed §8), then the body code table. A 401 asks the session
 *      (`tokens.refreshAfter401`), which owns the token and decides: retry with a newer token, or the
 *      session ended. The client keeps no token bookkeeping of its own.
 * Every failure rejects with an ApiError and, unless cancelled or quiet, is toasted for 5 s and logged —
 * except the end of a session, which is logged here and toasted once by the session chart.
 */

const IDEMPOTENT = new Set<HttpMethod>(['GET', 'HEAD', 'OPTIONS']);
const TOAST_MS = 5000;
const TIMEOUT_BY_KIND = { base: Timeouts.base, api: Timeouts.api, export: Timeouts.export } as const;

/** Per-call progress: the token the session answered after a refusal (else the current one is sent). */
type Attempt = { token?: string | undefined };

type ExpiryDetail = {
  kind: 'body' | 'http';
  code?: number;
  status?: number;
  msgCode?: string | undefined;
  body?: unknown;
};

type Outcome = { response: AxiosResponse; envelope: Envelope | undefined };

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { t } = options;
  const now = options.now ?? Date.now;
  const instance: AxiosInstance = axios.create({
    baseURL: options.baseURL,
    timeout: Timeouts.base,
    // Every status resolves: the status table below is the one place that maps them.
    validateStatus: () => true,
    transitional: { clarifyTimeoutError: true, silentJSONParsing: true },
    // The API authenticates with a JWT header, never an XSRF cookie. Left on, axios's XHR adapter reads the
    // cookie through the browser's async Cookie Store before every send: a round trip to the browser process
    // that held each request back until the page's current work was done (~20–30 ms after a sign-in).
    withXSRFToken: false,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  function isQuiet(req: Pick<HttpRequest, 'quiet'> | undefined, error: ApiError): boolean {
    const quiet = req?.quiet;
    return typeof quiet === 'function' ? quiet(error) : quiet === true;
  }

  /** Toasts the error (unless `toast` is false) and writes it to the frontend log. */
  function report(error: ApiError, req?: Pick<HttpRequest, 'quiet'>, toast = true): ApiError {
    if (error.kind === 'cancelled' || isQuiet(req, error)) return error;
    if (toast) options.notify({ kind: 'error', message: error.message, durationMs: TOAST_MS });
    options.log({
      message: error.message,
      type: 'danger',
      meta: {
        kind: error.kind,
        method: error.method,
        url: error.url,
        code: error.code,
        status: error.status,
        ...(error.cause instanceof z.ZodError ? { issues: error.cause.issues } : {}),
      },
    });
    return error;
  }

  function methodOf(req: HttpRequest): HttpMethod {
    return (req.method ?? 'GET').toUpperCase() as HttpMethod;
  }

  function buildConfig(req: HttpRequest, token: string | undefined, responseType: 'json' | 'blob') {
    let query = normalizeQuery(req.params);
    const isMultipart = typeof FormData !== 'undefined' && req.data instanceof FormData;
    if (options.signSecret)
      query = signQuery(query, isMultipart ? undefined : req.data, options.signSecret, now());
    const headers: Record<string, string> = { ...req.headers };
    if (token) headers.Authorization = `JWT ${token}`;
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    return {
      url: req.url,
      method: methodOf(req),
      params: query,
      paramsSerializer: { serialize: serializeQuery },
      data: req.data,
      headers,
      timeout: req.timeout ?? TIMEOUT_BY_KIND[req.kind ?? (responseType === 'blob' ? 'export' : 'api')],
      responseType,
      ...(req.withCredentials ? { withCredentials: true } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
    };
  }

  function cancelled(req: HttpRequest, cause?: unknown): ApiError {
    return new ApiError({
      kind: 'cancelled',
      message: t('http:cancelled'),
      url: req.url,
      method: methodOf(req),
      cause,
    });
  }

  function transportError(req: HttpRequest, error: unknown): ApiError {
    const base = { url: req.url, method: methodOf(req), cause: error };
    if (isCancel(error) || req.signal?.aborted) return cancelled(req, error);
    if (isAxiosError(error) && (error.code === 'ETIMEDOUT' || /timeout/i.test(error.message))) {
      return new ApiError({ ...base, kind: 'timeout', message: t('http:timeout') });
    }
    return new ApiError({ ...base, kind: 'network', message: t('http:network') });
  }

  function wait(ms: number, req: HttpRequest): Promise<void> {
    return new Promise((resolve, reject) => {
      const signal = req.signal;
      const onAbort = () => {
        clearTimeout(timer);
        reject(cancelled(req));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Sends once, and once more after 1 s when an idempotent request got no response at all. */
  async function send(req: HttpRequest, token: string | undefined, responseType: 'json' | 'blob') {
    for (let attempt = 0; ; attempt++) {
      try {
        return await instance.request(buildConfig(req, token, responseType));
      } catch (error) {
        const failure = transportError(req, error);
        if (failure.kind === 'network' && attempt === 0 && IDEMPOTENT.has(methodOf(req))) {
          await wait(Timeouts.retryDelay, req);
          continue;
        }
        throw report(failure, req);
      }
    }
  }

  /**
   * A refused request: the session decides (refresh once, answer a newer token, or end). Runs the call
   * again with the token it answers; otherwise rejects — as an expiry (logged; the session toasts why) or,
   * when no token is available for now, as the 401 it is.
   */
  async function afterRefusal(
    req: HttpRequest,
    responseType: 'json' | 'blob',
    usedToken: string | undefined,
    why: { reason: AuthExpiryReason; message: string },
    extra: ExpiryDetail,
  ): Promise<Outcome> {
    const answer = await options.tokens.refreshAfter401(usedToken, why);
    // A token equal to the refused one would loop: the port promises a newer one, so treat it as none.
    if (answer.kind === 'renewed' && answer.token !== usedToken)
      return perform(req, responseType, { token: answer.token });
    if (answer.kind === 'ended') throw expiredError(req, why.reason, why.message, extra);
    throw report(new ApiError({ ...extra, message: why.message, url: req.url, method: methodOf(req) }), req);
  }

  /** The error of a request whose session ended: logged here, toasted once by the session chart. */
  function expiredError(
    req: HttpRequest,
    reason: AuthExpiryReason,
    message: string,
    extra: ExpiryDetail,
  ): ApiError {
    const error = new ApiError({
      ...extra,
      message,
      url: req.url,
      method: methodOf(req),
      authExpired: reason,
    });
    report(error, req, false);
    return error;
  }

  /** A refusal no refresh fixes: the session ends (it ignores verdicts on tokens older than its own). */
  function expire(
    req: HttpRequest,
    usedToken: string | undefined,
    reason: AuthExpiryReason,
    message: string,
    extra: ExpiryDetail,
  ): ApiError {
    const error = expiredError(req, reason, message, extra);
    options.tokens.expire(reason, message, usedToken);
    return error;
  }

  async function readBody(response: AxiosResponse): Promise<unknown> {
    const data: unknown = response.data;
    const type = String(response.headers?.['content-type'] ?? '');
    if (typeof Blob !== 'undefined' && data instanceof Blob) {
      // An export that failed answers an envelope in JSON even though a blob was asked for.
      if (!/json/i.test(type) && !/json/i.test(data.type)) return data;
      return parseJson(await data.text());
    }
    if (typeof data === 'string' && /json/i.test(type)) return parseJson(data);
    return data;
  }

  function parseJson(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  async function perform(
    req: HttpRequest,
    responseType: 'json' | 'blob',
    attempt: Attempt,
  ): Promise<Outcome> {
    const method = methodOf(req);
    const withSession = (req.auth ?? 'session') === 'session';
    const token = req.auth === 'none' ? undefined : (attempt.token ?? options.tokens.getAccess());
    const response = await send(req, token, responseType);
    const { status } = response;
    const body = await readBody(response);

    if (status === 401 && withSession) {
      const why = { reason: 'unauthorized' as const, message: t('http:status.401') };
      return afterRefusal(req, responseType, token, why, { kind: 'http', status, body });
    }
    if (status < 200 || status >= 300) {
      const key = `http:status.${status}`;
      const known = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505].includes(status);
      const message = known ? t(key, { url: req.url }) : t('http:statusOther', { status });
      throw report(new ApiError({ kind: 'http', status, message, url: req.url, method, body }), req);
    }

    if (responseType === 'blob' && typeof Blob !== 'undefined' && body instanceof Blob) {
      return { response, envelope: undefined };
    }
    const parsed = envelopeSchema.safeParse(body);
    if (!parsed.success) {
      if (req.acceptRaw && body !== null && typeof body === 'object' && !Array.isArray(body)) {
        return { response, envelope: { code: Code.success, msg: undefined, data: body } };
      }
      throw report(
        new ApiError({ kind: 'parse', status, message: t('http:parse'), url: req.url, method, body }),
        req,
      );
    }
    const envelope = parsed.data as Envelope;
    const { code, msg } = envelope;
    const text = flattenMessage(msg);
    const bodyError = (message: string, msgCode?: string) =>
      new ApiError({ kind: 'body', code, status, message, msgCode, url: req.url, method, body });

    switch (code) {
      case Code.success:
        return { response, envelope };
      case Code.unauthorized: {
        const msgCode = messageCode(msg);
        if (!withSession) throw report(bodyError(text || t('http:status.401'), msgCode), req);
        const extra = { kind: 'body' as const, code, status, msgCode, body };
        if (msgCode === 'user_not_found')
          throw expire(req, token, 'user_not_found', t('http:userNotFound'), extra);
        if (msgCode === 'token_not_valid') {
          const why = { reason: 'token_not_valid' as const, message: t('http:loginTimeout') };
          return afterRefusal(req, responseType, token, why, extra);
        }
        throw expire(req, token, 'unauthorized', text || t('http:status.401'), extra);
      }
      case Code.notFound: {
        const message = text || t('http:notFound');
        if (!isQuiet(req, bodyError(message))) {
          options.notify({ kind: 'info', message, durationMs: TOAST_MS });
          options.log({ message, type: 'info', meta: { method, url: req.url, code } });
        }
        return { response, envelope: { ...envelope, data: undefined } };
      }
      case Code.validation:
      case Code.badRequest:
        throw report(bodyError(text || t('http:unknownError'), messageCode(msg)), req);
      default:
        throw report(bodyError(`${text || t('http:unknownError')}: ${req.url}`, messageCode(msg)), req);
    }
  }

  async function request<T>(req: HttpRequest): Promise<Envelope<T>> {
    try {
      const { envelope } = await perform(req, 'json', {});
      return envelope as Envelope<T>;
    } catch (error) {
      throw asApiError(error, req);
    }
  }

  async function data<S extends z.ZodType>(req: HttpRequest, schema: S): Promise<z.output<S>> {
    const envelope = await request(req);
    if (envelope.code !== Code.success) {
      throw new ApiError({
        kind: 'body',
        code: envelope.code,
        message: flattenMessage(envelope.msg) || t('http:notFound'),
        url: req.url,
        method: methodOf(req),
        body: envelope,
      });
    }
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) {
      const error = new ApiError({
        kind: 'parse',
        message: t('http:parse'),
        url: req.url,
        method: methodOf(req),
        body: envelope.data,
        cause: parsed.error,
      });
      throw report(error, req);
    }
    return parsed.data;
  }

  async function download(req: HttpRequest): Promise<DownloadResult> {
    try {
      const { response, envelope } = await perform({ kind: 'export', ...req }, 'blob', {});
      if (envelope) {
        throw report(
          new ApiError({
            kind: 'parse',
            message: t('http:parse'),
            url: req.url,
            method: methodOf(req),
            body: envelope,
          }),
          req,
        );
      }
      const blob = response.data as Blob;
      const disposition = response.headers?.['content-disposition'];
      const contentType = response.headers?.['content-type'];
      return {
        blob,
        fileName: fileNameFromContentDisposition(typeof disposition === 'string' ? disposition : undefined),
        contentType: typeof contentType === 'string' ? contentType : blob.type || undefined,
      };
    } catch (error) {
      throw asApiError(error, req);
    }
  }

  /** Anything unexpected (a bug, a throwing callback) still rejects with an ApiError. */
  function asApiError(error: unknown, req: HttpRequest): ApiError {
    if (error instanceof ApiError) return error;
    if (req.signal?.aborted) return cancelled(req, error);
    return report(
      new ApiError({
        kind: 'parse',
        message: error instanceof Error ? error.message : String(error),
        url: req.url,
        method: methodOf(req),
        cause: error,
      }),
      req,
    );
  }

  const withMethod =
    (method: HttpMethod) =>
    <T>(url: string, data?: unknown, extra?: Partial<HttpRequest>) =>
      request<T>({ ...extra, method, url, data });

  return {
    request,
    get: <T>(url: string, params?: Record<string, unknown>, extra?: Partial<HttpRequest>) =>
      request<T>({ ...extra, method: 'GET', url, params }),
    post: withMethod('POST'),
    put: withMethod('PUT'),
    delete: withMethod('DELETE'),
    data,
    download,
    report,
    t,
  };
}
