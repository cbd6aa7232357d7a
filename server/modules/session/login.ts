// POST /api/login/. Order of checks, as dvadmin: fields, captcha (when enabled), credentials — with the
// rate limit in front so a locked-out client learns nothing more. Every attempt lands in login_log, which
// is also what the rate limit counts. With `base.single_login` on, a successful sign-in ends the user's
// older sessions.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { ApiError, refuse } from '../../http/envelope.ts';
import { COUNTED_FAILURE, loginRetryAfter } from '../../http/rate-limit.ts';
import { field, validateBody } from '../../http/validate.ts';
import { describeAgent } from '../../lib/agent.ts';
import { dummyPasswordHash, isMd5Hex, verifyPassword } from '../../lib/password.ts';
import { isCaptchaEnabled, readSetting } from '../settings/queries.ts';
import { deptInfoOf, findUserByUsername, rolesOf } from '../user/queries.ts';
import { consumeCaptcha } from './captcha.ts';
import { endUserSessions, issueTokens, pruneRefreshTokens } from './tokens.ts';

const loginBody = z.object({
  username: field.text(150),
  password: z.string().min(1),
  captcha: z.union([z.string(), z.number()]).nullish(),
  captchaKey: z.union([z.string(), z.number()]).nullish(),
});

type Attempt = { username: string; userId?: number; deptId?: number | null; ok: boolean; reason?: string };

async function logAttempt(db: Db, request: FastifyRequest, attempt: Attempt): Promise<void> {
  const agent = request.headers['user-agent'] ?? null;
  const { browser, os } = describeAgent(agent ?? undefined);
  await db
    .insertInto('login_log')
    .values({
      username: attempt.username.slice(0, 150),
      ip: request.ip,
      agent,
      browser,
      os,
      status: attempt.ok,
      failure_reason: attempt.reason ?? null,
      creator: attempt.userId ?? null,
      dept_belong_id: attempt.deptId == null ? null : String(attempt.deptId),
    })
    .execute();
}

const badCredentials = () => new ApiError(401, { key: 'login.badCredentials' });

export async function login(db: Db, config: Config, request: FastifyRequest) {
  const body = validateBody(loginBody, request.body, {});
  if (!isMd5Hex(body.password)) throw refuse('password.notMd5', undefined, 'password');
  const { username } = body;

  const wait = await loginRetryAfter(db, { username, ip: request.ip }, config.loginRateLimit);
  if (wait > 0) {
    await logAttempt(db, request, { username, ok: false, reason: 'rate_limited' });
    throw refuse('login.rateLimited', { seconds: wait });
  }

  if (await isCaptchaEnabled(db)) {
    const answer = body.captcha === null || body.captcha === undefined ? '' : String(body.captcha).trim();
    if (!answer) {
      await logAttempt(db, request, { username, ok: false, reason: 'captcha_missing' });
      throw refuse('login.captchaRequired');
    }
    const check = await consumeCaptcha(db, body.captchaKey, answer);
    if (check !== 'ok') {
      await logAttempt(db, request, { username, ok: false, reason: `captcha_${check}` });
      throw refuse(check === 'expired' ? 'login.captchaExpired' : 'login.captchaWrong');
    }
  }

  const user = await findUserByUsername(db, username);
  // Verify against a dummy hash for unknown users so timing does not reveal which usernames exist.
  const valid = await verifyPassword(body.password, user?.password ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    await logAttempt(db, request, { username, userId: user?.id, ok: false, reason: COUNTED_FAILURE });
    throw badCredentials();
  }
  if (!user.is_active) {
    await logAttempt(db, request, { username, userId: user.id, ok: false, reason: 'inactive' });
    throw refuse('login.inactive');
  }

  await pruneRefreshTokens(db);
  // base.single_login: this sign-in ends the user's other sessions (tokens and live sockets).
  if ((await readSetting(db, 'base.single_login')) === true) {
    await endUserSessions(db, [user.id], request.server.realtime);
  }
  const tokens = await issueTokens(db, user.id, config);
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', user.id).execute();
  await logAttempt(db, request, { username, userId: user.id, deptId: user.dept_id, ok: true });
  request.user = {
    id: user.id,
    username: user.username,
    name: user.name,
    is_superuser: user.is_superuser,
    dept_id: user.dept_id,
  };
  return {
    refresh: tokens.refresh,
    access: tokens.access,
    name: user.name,
    userId: user.id,
    avatar: user.avatar || null,
    user_type: user.user_type,
    dept_info: await deptInfoOf(db, user.dept_id),
    role_info: await rolesOf(db, user.id),
  };
}
