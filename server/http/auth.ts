// Authentication: `Authorization: JWT <access>` (Bearer accepted too). Errors mirror simplejwt so clients of
// stock dvadmin react the same way: no credentials → 4000 身份认证信息未提供。; a bad or expired token → 401
// with `{code: "token_not_valid"}`; a deleted or disabled user → 401 with `{code: "user_not_found"}`.
// The user row (active, deleted, `tokens_valid_after`…) is checked on every request, so deleting or disabling
// someone takes effect at once, and an access token issued before `tokens_valid_after` (a password change, a
// disable, a single-login sign-in elsewhere) is refused like an expired one. The row is kept in memory per
// user (issue 15: no database round trip per request) and dropped when a trigger reports a change to one of
// those columns (migration 0009, server/db/changes.ts): in this process before the change's own request
// answers, in the others as soon as their listener hears it. A verified token's claims are kept too (the
// HMAC of a given token never changes; its expiry is still checked on every request).
import type { FastifyRequest } from 'fastify';
import type { JwtClaims } from '../../src/contract/session.ts';
import { ChangeCache } from '../db/change-cache.ts';
import { changeFeedOf } from '../db/changes.ts';
import type { Db } from '../db/index.ts';
import { ApiError, refuse } from './envelope.ts';
import { issuedBeforeCutoff, verifyJwt } from './jwt.ts';
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
): Promise<(AuthUser & { is_active: boolean; tokens_valid_after: Date | null }) | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'is_superuser', 'dept_id', 'is_active', 'tokens_valid_after'])
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

type AuthRow = NonNullable<Awaited<ReturnType<typeof loadAuthUser>>>;
/** What authentication needs of a user row: the request's user, and whether its tokens still hold. */
type AuthEntry = { user: AuthUser; active: boolean; validAfter: Date | null } | undefined;

const toEntry = (row: AuthRow | undefined): AuthEntry => {
  if (!row) return undefined;
  const { is_active, tokens_valid_after, ...user } = row;
  return { user: Object.freeze(user), active: is_active, validAfter: tokens_valid_after };
};

const MAX_TOKENS = 10_000;

/** verifyJwt for access tokens, remembering the claims of tokens already verified (expiry checked each time). */
export function createAccessTokenVerifier(secret: string) {
  const verified = new Map<string, JwtClaims>();
  return (token: string, now = Math.floor(Date.now() / 1000)): JwtClaims | null => {
    const known = verified.get(token);
    if (known) return known.exp > now ? known : null;
    const claims = verifyJwt(token, secret, 'access', now);
    if (!claims) return null;
    if (verified.size >= MAX_TOKENS) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return claims;
  };
}

export function createAuthHook(db: Db, jwtSecret: string) {
  const users = new ChangeCache<AuthEntry>(
    changeFeedOf(db),
    { users: 'key' },
    // An unknown id is not kept: a user inserted later with it needs no notification.
    { keep: (entry) => entry !== undefined },
  );
  const verify = createAccessTokenVerifier(jwtSecret);
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
    const claims = verify(credentials.token);
    if (!claims) {
      if (optional) return;
      throw tokenNotValid();
    }
    const entry = await users.get(String(claims.user_id), async () =>
      toEntry(await loadAuthUser(db, claims.user_id)),
    );
    if (!entry?.active) {
      if (optional) return;
      throw userNotFound(Boolean(entry));
    }
    if (issuedBeforeCutoff(claims.iat, entry.validAfter)) {
      if (optional) return;
      throw tokenNotValid();
    }
    request.user = entry.user;
  };
}
