// The refresh token as an HttpOnly cookie (SECURITY.md, "Where tokens live"; server/README.md,
// CONTRACT-additions). Opt-in per login with `?refresh_cookie=1`: the server then sets the refresh token as
// `xy_refresh` — HttpOnly, SameSite=Strict, Secure over HTTPS — once per path that needs it (`/token/refresh`
// and `/api/logout`, so no other request carries it) and answers `refresh: ""`. Refresh and logout take the
// token from the cookie when the body has none; the dvadmin body form is unchanged.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Paths } from '../../src/contract/paths.ts';

export const REFRESH_COOKIE = 'xy_refresh';
export const REFRESH_COOKIE_QUERY = 'refresh_cookie';
/** The cookie's paths: the two endpoints that read it (without the trailing slash, so both spellings match). */
export const REFRESH_COOKIE_PATHS = [Paths.tokenRefresh, Paths.logout].map((p) => p.replace(/\/+$/, ''));

const TOKEN_CHARS = /^[\w.-]{1,4096}$/;

/** The value of the request's cookie `name` when it looks like a token (malformed values are ignored). */
export function tokenCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (TOKEN_CHARS.test(value)) return value;
  }
  return undefined;
}

/** The refresh token the request's cookie carries, if any (malformed values are ignored). */
export const refreshFromCookie = (request: FastifyRequest) => tokenCookie(request, REFRESH_COOKIE);

export function wantsRefreshCookie(request: FastifyRequest): boolean {
  const value = (request.query as Record<string, unknown>)[REFRESH_COOKIE_QUERY];
  return value === '1' || value === 'true';
}

function cookieLines(request: FastifyRequest, value: string, maxAge: number): string[] {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return REFRESH_COOKIE_PATHS.map(
    (path) =>
      `${REFRESH_COOKIE}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  ttlSeconds: number,
): void {
  reply.header('set-cookie', cookieLines(request, token, ttlSeconds));
  reply.header('cache-control', 'no-store');
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookieLines(request, '', 0));
}
