/** Unsigned JWTs for tests: the console only reads the payload. */
const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export function makeJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.signature`;
}

/** An access token issued at `issuedAt` (ms) that lives `minutes`. */
export function accessToken(issuedAt: number, minutes = 120, extra: Record<string, unknown> = {}): string {
  const iat = Math.floor(issuedAt / 1000);
  return makeJwt({
    token_type: 'access',
    iat,
    exp: iat + minutes * 60,
    jti: String(iat),
    user_id: 1,
    ...extra,
  });
}
