// Login throttling. Failed logins are already recorded in login_log, so the limit is a query over it: no
// extra state, and it holds across several API processes sharing one database. Three counters, each over
// the window: failures of one username from one client address (10), failures from one address whatever
// the username (30), and failures of one username from anywhere (100). The last is far above what one
// address can reach (its own limits stop it at 30), so nobody can lock a known account — superadmin
// included — from one address; only a spread-out attack trips the account-wide lock. Refused attempts are
// logged with their own reason and do not count, so hammering a locked account does not extend the lock.
import type { Db } from '../db/index.ts';

export const COUNTED_FAILURE = 'bad_credentials';
export type LoginLimits = {
  perAddressAndUser: number;
  perAddress: number;
  perUser: number;
  windowSeconds: number;
};

async function retryAfter(
  db: Db,
  match: { username?: string; ip?: string },
  max: number,
  windowSeconds: number,
  now: number,
): Promise<number> {
  if (max <= 0) return 0;
  let query = db
    .selectFrom('login_log')
    .select('create_datetime')
    .where('status', '=', false)
    .where('failure_reason', '=', COUNTED_FAILURE)
    .where('create_datetime', '>', new Date(now - windowSeconds * 1000));
  if (match.username !== undefined) query = query.where('username', '=', match.username);
  if (match.ip !== undefined) query = query.where('ip', '=', match.ip);
  const rows = await query.orderBy('create_datetime', 'desc').limit(max).execute();
  const oldest = rows[max - 1];
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((oldest.create_datetime.getTime() + windowSeconds * 1000 - now) / 1000));
}

/** Seconds until the next login attempt is allowed, 0 when allowed now. */
export async function loginRetryAfter(
  db: Db,
  who: { username: string; ip: string },
  limits: LoginLimits,
  now = Date.now(),
): Promise<number> {
  const window = limits.windowSeconds;
  const waits = await Promise.all([
    retryAfter(db, who, limits.perAddressAndUser, window, now),
    retryAfter(db, { ip: who.ip }, limits.perAddress, window, now),
    retryAfter(db, { username: who.username }, limits.perUser, window, now),
  ]);
  return Math.max(...waits);
}
