import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Request signature (CONTRACT.md, "Signature"). Tamper-evidence and replay-limiting only: the secret ships
 * in the browser bundle, so this is not authentication.
 *
 * Signed string: the request's other top-level parameters (query and JSON body merged) sorted by key,
 * `key=value` (arrays as repeated pairs in order, objects as compact JSON, booleans 1/0, null/undefined
 * left out), joined with `&`, then `&timestamp=<ts>`.
 */
export const SIGN_PARAM = 'sign';
export const TIMESTAMP_PARAM = 'timestamp';
export const SIGN_MAX_SKEW_SECONDS = 300;

function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function canonicalString(params: Record<string, unknown>, timestamp: number): string {
  const pairs: string[] = [];
  for (const key of Object.keys(params).sort()) {
    if (key === SIGN_PARAM || key === TIMESTAMP_PARAM) continue;
    const value = params[key];
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const s = scalar(v);
      if (s !== undefined) pairs.push(`${key}=${s}`);
    }
  }
  pairs.push(`${TIMESTAMP_PARAM}=${timestamp}`);
  return pairs.join('&');
}

export function hmacSha256Hex(secret: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(message)));
}

export function signParams(secret: string, params: Record<string, unknown>, timestamp: number): string {
  return hmacSha256Hex(secret, canonicalString(params, timestamp));
}
