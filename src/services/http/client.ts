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
 *   3. maps the outcome: HTTP status table (seed §8), then the body code table; 401s refresh the token once
 *      (one shared refresh for concurrent 401s) and otherwise end the session through `onAuthExpired`.
 * Every failure rejects with an ApiError and, unless cancelled or quiet, is toasted for 5 s and logged —
 * except the end of a session, which is logged here and toasted once by the session chart.
 */

const IDEMPOTENT = new Set<HttpMethod>(['GET', 'HEAD', 'OPTIONS']);
const TOAST_MS = 5000;
const TIMEOUT_BY_KIND = { base: Timeouts.base, api: Timeouts.api, export: Timeouts.export } as const;

/** Per-call progress: whether the token was already renewed for it, and the renewed token. */
type Attempt = { renewed: boolean; token?: string | undefined };

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
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  let refreshing: Promise<string> | undefined;
  /** The token a refresh already failed for: later 401s of calls sent with it do not refresh again. */
  let refreshFailed: { token: string | undefined } | undefined;
  /** The token whose expiry was already announced, so concurrent failures announce it once. */
  let announcedExpiry: { token: string | undefined } | undefined;

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

  /** A new access token from one shared refresh; undefined when refreshing is impossible. */
  async function renewToken(usedToken: string | undefined): Promise<string | undefined> {
    const current = options.getAccessToken();
    if (current && current !== usedToken) return current; // another call already renewed it
    if (refreshFailed && refreshFailed.token === usedToken) return undefined;
    if (!refreshing) {
      refreshing = options.refreshAccessToken(usedToken).finally(() => {
        refreshing = undefined;
      });
    }
    try {
      const renewed = await refreshing;
      return renewed || options.getAccessToken();
    } catch {
      refreshFailed = { token: usedToken };
      return undefined;
    }
  }

  /** Runs the call again with a renewed token, or undefined when the token cannot be renewed. */
  async function retryRenewed(
    req: HttpRequest,
    responseType: 'json' | 'blob',
    attempt: Attempt,
    usedToken: string | undefined,
  ): Promise<Outcome | undefined> {
    if (attempt.renewed) return undefined;
    const renewed = await renewToken(usedToken);
    return renewed ? perform(req, responseType, { renewed: true, token: renewed }) : undefined;
  }

  /**
   * A success with another token (or a login / refresh) starts a new session: failures of the old token
   * no longer mute new ones. Successes with the failed token itself (a late response) change nothing.
   */
  function succeeded(req: HttpRequest, usedToken: string | undefined): void {
    const newSession = req.auth === 'none';
    if (announcedExpiry && (newSession || announcedExpiry.token !== usedToken)) announcedExpiry = undefined;
    if (refreshFailed && (newSession || refreshFailed.token !== usedToken)) refreshFailed = undefined;
  }

  /** Ends the session (once per token), and builds the error the call rejects with. */
  function expire(
    req: HttpRequest,
    usedToken: string | undefined,
    reason: AuthExpiryReason,
    message: string,
    extra: {
      kind: 'body' | 'http';
      code?: number;
      status?: number;
      msgCode?: string | undefined;
      body?: unknown;
    },
  ): ApiError {
    const error = new ApiError({
      ...extra,
      message,
      url: req.url,
      method: methodOf(req),
      authExpired: reason,
    });
    if (announcedExpiry && announcedExpiry.token === usedToken) return error;
    announcedExpiry = { token: usedToken };
    // Logged here; the toast is the session's, which ends with this message (one toast, not two).
    report(error, req, false);
    options.onAuthExpired(reason, message);
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
    const token = req.auth === 'none' ? undefined : (attempt.token ?? options.getAccessToken());
    const response = await send(req, token, responseType);
    const { status } = response;
    const body = await readBody(response);

    if (status === 401 && withSession) {
      const retried = await retryRenewed(req, responseType, attempt, token);
      if (retried) return retried;
      throw expire(req, token, 'unauthorized', t('http:status.401'), { kind: 'http', status, body });
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
        succeeded(req, token);
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
        succeeded(req, token);
        return { response, envelope };
      case Code.unauthorized: {
        const msgCode = messageCode(msg);
        if (!withSession) throw report(bodyError(text || t('http:status.401'), msgCode), req);
        const extra = { kind: 'body' as const, code, status, msgCode, body };
        if (msgCode === 'user_not_found')
          throw expire(req, token, 'user_not_found', t('http:userNotFound'), extra);
        if (msgCode === 'token_not_valid') {
          const retried = await retryRenewed(req, responseType, attempt, token);
          if (retried) return retried;
          throw expire(req, token, 'token_not_valid', t('http:loginTimeout'), extra);
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
      const { envelope } = await perform(req, 'json', { renewed: false });
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
      const { response, envelope } = await perform({ kind: 'export', ...req }, 'blob', { renewed: false });
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
