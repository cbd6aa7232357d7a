// Login throttling. Failed logins are already recorded in login_log, so the limit is a query over it: no
// extra state, and it holds across several API processes sharing one database. A client address or a
// username with too many credential failures inside the window is refused until the oldest counted failure
// leaves the window. Refused attempts are logged with their own reason and do not count, so an attacker
// hammering a locked account does not extend the lock for its owner forever.
import type { Db } from '../db/index.ts';

export const COUNTED_FAILURE = 'bad_credentials';
export type LoginLimits = { perUser: number; perAddress: number; windowSeconds: number };

async function retryAfter(
  db: Db,
  column: 'username' | 'ip',
  value: string,
  max: number,
  windowSeconds: number,
  now: number,
): Promise<number> {
  if (max <= 0) return 0;
  const rows = await db
    .selectFrom('login_log')
    .select('create_datetime')
    .where(column, '=', value)
    .where('status', '=', false)
    .where('failure_reason', '=', COUNTED_FAILURE)
    .where('create_datetime', '>', new Date(now - windowSeconds * 1000))
    .orderBy('create_datetime', 'desc')
    .limit(max)
    .execute();
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
  const [byUser, byAddress] = await Promise.all([
    retryAfter(db, 'username', who.username, limits.perUser, limits.windowSeconds, now),
    retryAfter(db, 'ip', who.ip, limits.perAddress, limits.windowSeconds, now),
  ]);
  return Math.max(byUser, byAddress);
}
