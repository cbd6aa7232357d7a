// The signed-in user's own profile: user_info, update_user_info, change_password (CONTRACT.md, "Session").
// A password change ends every session of the user: refresh tokens, earlier access tokens, live sockets.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { md5Hex } from '../../../src/contract/password.ts';
import { Paths } from '../../../src/contract/paths.ts';
import type { Db } from '../../db/index.ts';
import { badRequest, envelope } from '../../http/envelope.ts';
import type { AuthUser } from '../../http/types.ts';
import { field, validateBody } from '../../http/validate.ts';
import { hashPassword, isMd5Hex, verifyPassword } from '../../lib/password.ts';
import { endUserSessions } from '../session/tokens.ts';
import { deptInfoOf, findUserById, rolesOf } from './queries.ts';

const AUTH = { config: { api: true, module: 'user' } } as const;
const EMPTY_PASSWORD_MD5 = md5Hex('');

const profileBody = z.object({
  name: field.text(40),
  gender: z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
    z.literal([0, 1, 2]).nullish(),
  ),
  mobile: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+\-() ]*$/, { message: 'v.invalid' })
    .nullish(),
  email: field.optionalEmail(255),
  avatar: field.optionalText(255),
});
const PROFILE_LABELS = {
  name: { zh: '姓名', en: 'Name' },
  gender: { zh: '性别', en: 'Gender' },
  mobile: { zh: '电话', en: 'Mobile' },
  email: { zh: '邮箱', en: 'Email' },
  avatar: { zh: '头像', en: 'Avatar' },
};

const me = (request: FastifyRequest): AuthUser => request.user!;

export function registerUserRoutes(app: FastifyInstance, db: Db): void {
  app.get(Paths.userInfo, AUTH, async (request) => {
    const user = await findUserById(db, me(request).id);
    if (!user) throw badRequest('route.notFound');
    const roles = await rolesOf(db, user.id);
    return envelope(request, {
      id: user.id,
      username: user.username,
      name: user.name,
      mobile: user.mobile,
      user_type: user.user_type,
      gender: user.gender,
      email: user.email,
      avatar: user.avatar || null,
      dept: user.dept_id,
      is_superuser: user.is_superuser,
      role: roles.map((r) => r.id),
      dept_info: await deptInfoOf(db, user.dept_id),
      role_info: roles,
    });
  });

  app.put(Paths.updateUserInfo, AUTH, async (request) => {
    const body = validateBody(profileBody, request.body, PROFILE_LABELS);
    const { id } = me(request);
    // Only the fields sent are changed (the form may omit some).
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await db
      .updateTable('users')
      .set({ ...changes, modifier: String(id), update_datetime: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    return envelope(request, null, 'ok.modified');
  });

  // dvadmin answers these failures with its ErrorResponse, body code 400.
  app.put(Paths.changePassword(':id'), AUTH, async (request) => {
    const { id } = request.params as { id: string };
    const self = me(request);
    if (String(self.id) !== id) throw badRequest('password.notSelf');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { oldPassword, newPassword, newPassword2 } = body;
    if ([oldPassword, newPassword, newPassword2].some((v) => v === undefined || v === null || v === '')) {
      throw badRequest('password.paramsMissing');
    }
    if (![oldPassword, newPassword, newPassword2].every(isMd5Hex)) throw badRequest('password.notMd5');
    const next = (newPassword as string).toLowerCase();
    if (next !== (newPassword2 as string).toLowerCase()) throw badRequest('password.mismatch');
    if (next === EMPTY_PASSWORD_MD5) throw badRequest('password.empty');
    const user = await findUserById(db, self.id);
    if (!user || !(await verifyPassword(oldPassword as string, user.password)))
      throw badRequest('password.wrongOld');
    await db
      .updateTable('users')
      .set({
        password: await hashPassword(next),
        modifier: String(self.id),
        update_datetime: sql<Date>`now()`,
      })
      .where('id', '=', self.id)
      .execute();
    // Every session of the user ends, this one included (the console signs out after a password change).
    await endUserSessions(db, [self.id], request.server.realtime);
    return envelope(request, null, 'ok.modified');
  });
}
