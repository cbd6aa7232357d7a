// Access and refresh tokens. Refresh tokens rotate: each refresh returns a new one and spends the old one.
// All refresh tokens descending from one login form a family; presenting a spent token again means it was
// copied, so the whole family is revoked and both the thief and the owner must log in again. Logout revokes
// the family too (the refresh-token blacklist). Access tokens are stateless and live ACCESS_TOKEN_TTL, except
// that those issued before a user's `tokens_valid_after` are refused (endUserSessions below).
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { issueJwt, newJti, verifyJwt } from '../../http/jwt.ts';

export type TokenPair = { access: string; refresh: string };
type TokenConfig = Pick<Config, 'jwtSecret' | 'accessTokenTtl' | 'refreshTokenTtl'>;

export async function issueTokens(
  db: Db,
  userId: number,
  config: TokenConfig,
  family = newJti(),
): Promise<TokenPair> {
  const access = issueJwt('access', userId, config.accessTokenTtl, config.jwtSecret);
  const refresh = issueJwt('refresh', userId, config.refreshTokenTtl, config.jwtSecret);
  await db
    .insertInto('refresh_token')
    .values({
      jti: refresh.claims.jti,
      family,
      user_id: userId,
      expires_at: new Date(refresh.claims.exp * 1000),
    })
    .execute();
  return { access: access.token, refresh: refresh.token };
}

export type RotateResult =
  | { ok: true; tokens: TokenPair; userId: number }
  | { ok: false; reason: RotateFailure };
export type RotateFailure = 'invalid' | 'reused' | 'revoked' | 'user_gone';

export async function rotateRefreshToken(db: Db, token: string, config: TokenConfig): Promise<RotateResult> {
  const claims = verifyJwt(token, config.jwtSecret, 'refresh');
  if (!claims) return { ok: false, reason: 'invalid' };
  // Spend the token atomically: of two concurrent uses exactly one wins, the other counts as reuse.
  const spent = await db
    .updateTable('refresh_token')
    .set({ used_at: sql<Date>`now()` })
    .where('jti', '=', claims.jti)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(['family', 'user_id'])
    .executeTakeFirst();
  if (!spent) {
    const row = await db
      .selectFrom('refresh_token')
      .select(['family', 'used_at', 'revoked_at'])
      .where('jti', '=', claims.jti)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'invalid' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    await revokeFamily(db, row.family);
    return { ok: false, reason: 'reused' };
  }
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', spent.user_id)
    .where('is_deleted', '=', false)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!user) {
    await revokeFamily(db, spent.family);
    return { ok: false, reason: 'user_gone' };
  }
  const tokens = await issueTokens(db, spent.user_id, config, spent.family);
  return { ok: true, tokens, userId: spent.user_id };
}

export async function revokeFamily(db: Db, family: string): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: sql<Date>`now()` })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Logout: revokes the family of a refresh token with a valid signature (expired or not). */
export async function revokeRefreshToken(db: Db, token: string, secret: string): Promise<boolean> {
  const claims = verifyJwt(token, secret, 'refresh', 0);
  if (!claims) return false;
  const row = await db
    .selectFrom('refresh_token')
    .select('family')
    .where('jti', '=', claims.jti)
    .executeTakeFirst();
  if (!row) return false;
  await revokeFamily(db, row.family);
  return true;
}

/**
 * Signs a user out everywhere (password change or reset, disable, single login): its refresh tokens are
 * revoked and its access tokens issued before this second are refused (users.tokens_valid_after, checked by
 * server/http/auth.ts). Tokens issued later in the same second stay valid, so a login right after works.
 */
export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await revokeUsersTokens(db, [userId]);
}

async function revokeUsersTokens(db: Db, userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .updateTable('users')
    .set({ tokens_valid_after: new Date() })
    .where('id', 'in', [...userIds])
    .execute();
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', 'in', [...userIds])
    .where('revoked_at', 'is', null)
    .execute();
}

/** What can close a user's live sockets (app.realtime; absent before socket.io is attached). */
export type SocketCloser = { disconnectUser(userId: number): void } | undefined;

/** Ends every session of these users: tokens as above, then their live sockets on every process. */
export async function endUserSessions(
  db: Db,
  userIds: readonly number[],
  sockets: SocketCloser,
): Promise<void> {
  await revokeUsersTokens(db, userIds);
  for (const id of new Set(userIds)) sockets?.disconnectUser(id);
}

/** Drops refresh rows that expired over a day ago (called on login, so the table stays small). */
export async function pruneRefreshTokens(db: Db): Promise<void> {
  await db
    .deleteFrom('refresh_token')
    .where('expires_at', '<', new Date(Date.now() - 86400_000))
    .execute();
}
