// The dvadmin envelope (CONTRACT.md, "Envelope"): HTTP 200 with `{code, msg, data}`; the body code says
// what happened. Handlers return these shapes; failures are thrown as ApiError and rendered by the error
// handler in the caller's language.
import type { FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/envelope.ts';
import { type Locale, type MessageKey, type MessageParams, pickLocale, t } from './messages.ts';

export type Label = { zh: string; en: string } | string;
/** A message resolved per request locale, optionally prefixed with a field label (`部门名称:该字段是必填项。`). */
export type LocalText = { key: MessageKey; params?: MessageParams; label?: Label };
type EnvelopeMsg = string | Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly text: LocalText | ((locale: Locale) => EnvelopeMsg),
    readonly httpStatus = 200,
  ) {
    super(typeof text === 'function' ? `api error ${code}` : text.key);
    this.name = 'ApiError';
  }

  render(locale: Locale): EnvelopeMsg {
    return typeof this.text === 'function' ? this.text(locale) : resolveText(locale, this.text);
  }
}

export function resolveText(locale: Locale, text: LocalText): string {
  const message = t(locale, text.key, text.params);
  if (text.label === undefined) return message;
  const label = typeof text.label === 'string' ? text.label : text.label[locale];
  return `${label}:${message}`;
}

export const localeOf = (request: FastifyRequest): Locale => pickLocale(request.headers['accept-language']);

/** 4000: validation, not authenticated, permission denied and other refusals. */
export const refuse = (key: MessageKey, params?: MessageParams, label?: Label) =>
  new ApiError(Code.validation, { key, params, label });
/** 400: explicit view errors (dvadmin's ErrorResponse default), e.g. 接口地址不正确, 旧密码不正确. */
export const badRequest = (key: MessageKey, params?: MessageParams) =>
  new ApiError(Code.badRequest, { key, params });
export const notFound = () => badRequest('route.notFound');

export function envelope(request: FastifyRequest, data: unknown, msg: MessageKey = 'ok.fetched') {
  return { code: Code.success, data, msg: t(localeOf(request), msg) };
}

/** dvadmin's SuccessResponse: a list in the page shape; page/limit are placeholders. */
export function listEnvelope(request: FastifyRequest, rows: unknown[], msg: MessageKey = 'ok.fetched') {
  return envelope(request, { page: 1, limit: 1, total: rows.length, data: rows }, msg);
}

export type Paging = { page: number; limit: number; offset: number };

export function pageEnvelope(request: FastifyRequest, paging: Paging, total: number, rows: unknown[]) {
  return envelope(
    request,
    {
      page: paging.page,
      limit: paging.limit,
      total,
      is_next: paging.offset + rows.length < total,
      is_previous: paging.page > 1,
      data: rows,
    },
    'ok.success',
  );
}

export const MAX_PAGE_SIZE = 999;

/** `page` (1-based) and `limit` (default 10, at most 999); malformed values fall back to the defaults. */
export function parsePaging(query: Record<string, unknown>): Paging {
  const num = (v: unknown, fallback: number) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
    return Number.isSafeInteger(n) && n > 0 ? n : fallback;
  };
  const page = num(query.page, 1);
  const limit = Math.min(num(query.limit, 10), MAX_PAGE_SIZE);
  return { page, limit, offset: (page - 1) * limit };
}
