// JWT HS256 with node:crypto — enough for the fixed claim set dvadmin's simplejwt uses (CONTRACT.md:
// token_type, exp, iat, jti, user_id) without another dependency. Verification insists on HS256 so a token
// cannot pick its own algorithm ("alg": "none").
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { JwtClaims } from '../../src/contract/session.ts';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

export function newJti(): string {
  return randomUUID().replaceAll('-', '');
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export function issueJwt(
  type: JwtClaims['token_type'],
  userId: number,
  ttlSeconds: number,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): { token: string; claims: JwtClaims } {
  const claims: JwtClaims = {
    token_type: type,
    exp: now + ttlSeconds,
    iat: now,
    jti: newJti(),
    user_id: userId,
  };
  return { token: signJwt(claims, secret), claims };
}

/** The claims of a valid, unexpired token of the wanted type; null for anything else. */
export function verifyJwt(
  token: string,
  secret: string,
  type: JwtClaims['token_type'],
  now = Math.floor(Date.now() / 1000),
): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header = '', payload = '', signature = ''] = parts;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (head?.alg !== 'HS256') return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(secret, `${header}.${payload}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<JwtClaims>;
    if (claims.token_type !== type || typeof claims.exp !== 'number' || claims.exp <= now) return null;
    if (!Number.isSafeInteger(claims.user_id) || typeof claims.jti !== 'string') return null;
    return claims as JwtClaims;
  } catch {
    return null;
  }
}

/** Whether a token issued at `iat` (unix seconds) predates a user's cut-off (users.tokens_valid_after). */
export const issuedBeforeCutoff = (iat: number, validAfter: Date | null) =>
  validAfter !== null && iat < Math.floor(validAfter.getTime() / 1000);
