import { SIGN_PARAM, signParams, TIMESTAMP_PARAM } from '../../contract/index.ts';

/**
 * Query parameters as CONTRACT.md "Requests" wants them: top-level booleans and the strings "true"/"false"
 * become 1/0, null/undefined are left out, dates become ISO text, arrays are repeated keys without brackets.
 */
export type QueryValue = string | number | (string | number)[];
export type Query = Record<string, QueryValue>;

function scalar(value: unknown): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false') return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

export function normalizeQuery(params: Record<string, unknown> | undefined): Query {
  const out: Query = {};
  if (!params) return out;
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      out[key] = value.map(scalar).filter((v): v is string | number => v !== undefined);
      continue;
    }
    const v = scalar(value);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** `k=a&k=b`, values percent-encoded (spaces as %20). Expects a normalised query. */
export function serializeQuery(query: Query): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Adds `timestamp` (unix seconds) and `sign` to a normalised query. The signed parameters are the query
 * merged with a JSON object body (body keys win a clash); multipart and other non-object bodies sign the
 * query only.
 */
export function signQuery(query: Query, body: unknown, secret: string, nowMs: number): Query {
  const timestamp = Math.floor(nowMs / 1000);
  const signed: Record<string, unknown> = isPlainObject(body) ? { ...query, ...body } : { ...query };
  return { ...query, [TIMESTAMP_PARAM]: timestamp, [SIGN_PARAM]: signParams(secret, signed, timestamp) };
}
