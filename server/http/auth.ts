// Authentication: `Authorization: JWT <access>` (Bearer accepted too). Errors mirror simplejwt so clients of
// stock dvadmin react the same way: no credentials → 4000 身份认证信息未提供。; a bad or expired token → 401
// with `{code: "token_not_valid"}`; a deleted or disabled user → 401 with `{code: "user_not_found"}`.
// The user is re-read on every request so deleting or disabling someone takes effect at once.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { ApiError, refuse } from './envelope.ts';
import { verifyJwt } from './jwt.ts';
import { t } from './messages.ts';
import type { AuthUser } from './types.ts';

const SCHEMES = ['jwt', 'bearer'];

export const tokenNotValid = () =>
  new ApiError(401, () => ({
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
    messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
  }));

const userNotFound = (inactive: boolean) =>
  new ApiError(401, (locale) => ({
    detail: t(locale, inactive ? 'auth.userInactive' : 'auth.userNotFound'),
    code: 'user_not_found',
  }));

const badHeader = () =>
  new ApiError(401, (locale) => ({ detail: t(locale, 'auth.badHeader'), code: 'bad_authorization_header' }));

type Credentials = { kind: 'absent' } | { kind: 'malformed' } | { kind: 'token'; token: string };

export function readCredentials(header: string | undefined): Credentials {
  if (!header) return { kind: 'absent' };
  const parts = header.trim().split(/\s+/);
  // Another scheme (Basic, Token…) is someone else's credential: treated as none, as simplejwt does.
  if (!SCHEMES.includes(parts[0]?.toLowerCase() ?? '')) return { kind: 'absent' };
  if (parts.length !== 2 || !parts[1]) return { kind: 'malformed' };
  return { kind: 'token', token: parts[1] };
}

export async function loadAuthUser(
  db: Db,
  id: number,
): Promise<(AuthUser & { is_active: boolean }) | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'is_superuser', 'dept_id', 'is_active'])
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

export function createAuthHook(db: Db, jwtSecret: string) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const config = request.routeOptions.config;
    if (!config?.api) return;
    const mode = config.auth ?? 'required';
    if (mode === 'none') return;
    const optional = mode === 'optional';
    const credentials = readCredentials(request.headers.authorization);
    if (credentials.kind === 'absent') {
      if (optional) return;
      throw refuse('auth.notProvided');
    }
    if (credentials.kind === 'malformed') {
      if (optional) return;
      throw badHeader();
    }
    const claims = verifyJwt(credentials.token, jwtSecret, 'access');
    if (!claims) {
      if (optional) return;
      throw tokenNotValid();
    }
    const user = await loadAuthUser(db, claims.user_id);
    if (!user?.is_active) {
      if (optional) return;
      throw userNotFound(Boolean(user));
    }
    const { is_active: _, ...authUser } = user;
    request.user = authUser;
  };
}
