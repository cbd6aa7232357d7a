// Request signature check (CONTRACT.md, "Signature"): `timestamp` + `sign` query parameters, HMAC-SHA256 of
// the canonical string of query ∪ JSON body. The canonical form comes from src/contract/sign.ts — the same
// code the client signs with, so the two cannot drift; the HMAC itself is node:crypto's (the contract's
// portable one is several times slower per request). Multipart uploads sign the query only.
//
// This is tamper-evidence and replay-limiting (a captured request dies after SIGN_MAX_SKEW_SECONDS), not
// authentication: the secret is published to the browser at /app-config.js.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  canonicalString,
  SIGN_MAX_SKEW_SECONDS,
  SIGN_PARAM,
  TIMESTAMP_PARAM,
} from '../../src/contract/sign.ts';
import { refuse } from './envelope.ts';

const HEX64 = /^[0-9a-f]{64}$/;

/** The parameters a request signed: its query without sign/timestamp, merged with a JSON object body. */
export function signedParams(request: FastifyRequest): Record<string, unknown> {
  const params: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
  delete params[SIGN_PARAM];
  delete params[TIMESTAMP_PARAM];
  const type = String(request.headers['content-type'] ?? '');
  const body = request.body;
  if (!type.startsWith('multipart/') && body && typeof body === 'object' && !Array.isArray(body)) {
    Object.assign(params, body);
  }
  return params;
}

/** signParams of src/contract/sign.ts, with node:crypto's HMAC (same hex digest). */
export const serverSign = (secret: string, params: Record<string, unknown>, timestamp: number): string =>
  createHmac('sha256', secret).update(canonicalString(params, timestamp)).digest('hex');

export function isSignatureValid(request: FastifyRequest, secret: string, nowSeconds: number): boolean {
  const query = request.query as Record<string, unknown>;
  const ts = query[TIMESTAMP_PARAM];
  const sign = query[SIGN_PARAM];
  if (typeof ts !== 'string' || !/^\d{1,12}$/.test(ts)) return false;
  if (typeof sign !== 'string' || !HEX64.test(sign.toLowerCase())) return false;
  const timestamp = Number(ts);
  if (Math.abs(nowSeconds - timestamp) > SIGN_MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(serverSign(secret, signedParams(request), timestamp), 'utf8');
  const given = Buffer.from(sign.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createSignatureHook(secret: string) {
  return async function checkSignature(request: FastifyRequest): Promise<void> {
    if (!request.routeOptions.config?.api) return;
    if (!isSignatureValid(request, secret, Math.floor(Date.now() / 1000))) throw refuse('sign.invalid');
  };
}
