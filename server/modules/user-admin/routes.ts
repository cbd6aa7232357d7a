// /api/system/user/ — user administration (rows as fixture user_list.json, never the password hash), plus
// `PUT {id}/reset_password/` {newPassword[, newPassword2]} (md5 hex), `PUT {id}/reset_to_default_password/`
// (setting base.default_password), `POST export/`, `GET import/` (the template) and `POST import/`.
// A user's dept_belong_id is their own dept, so data scope by dept covers the people in it.
// Issue 12: only a superuser may edit, reset, disable or delete a superuser (no API makes one); a
// non-superuser may only grant roles within its own and use depts inside its scope (server/http/grants.ts),
// on create, update and import alike; resetting a password, disabling or deleting a user ends its sessions.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { md5Hex } from '../../../src/contract/password.ts';
import type { Db } from '../../db/index.ts';
import { deptAndDescendants } from '../../http/data-scope.ts';
import { badRequest, envelope, refuse } from '../../http/envelope.ts';
import { checkUserGrant } from '../../http/grants.ts';
import type { Locale } from '../../http/messages.ts';
import { hashPassword, isMd5Hex } from '../../lib/password.ts';
import { formatDateTime } from '../../lib/time.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import {
  type Ctx,
  head,
  notFound,
  parseId,
  refuseText,
  registerResource,
  sendXlsx,
  tail,
} from '../crud/kit.ts';
import { writeXlsx } from '../crud/xlsx.ts';
import { announceUsers } from '../role/live.ts';
import { endUserSessions } from '../session/tokens.ts';
import { readSetting } from '../settings/queries.ts';
import { importUsers, TEMPLATE_COLUMNS } from './import.ts';

const body = z.object({
  username: fields.text(150),
  name: fields.text(40),
  email: fields.optionalEmail(255),
  mobile: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+\-() ]*$/, { message: 'v.invalid' })
    .nullish(),
  gender: fields.optionalChoice([0, 1, 2]),
  user_type: fields.optionalChoice([0, 1]),
  dept: fields.optionalInteger(1),
  role: fields.ids(),
  is_active: fields.optionalBoolean(),
  avatar: fields.optionalText(255),
  employee_no: fields.optionalText(150),
  /** md5 hex of the initial password; absent: base.default_password. Ignored on update. */
  password: z.string().refine(isMd5Hex, { message: 'password.notMd5' }).nullish(),
  description: fields.description(),
});
export type UserInput = z.output<typeof body>;

export const USER_LABELS = {
  username: { zh: '用户账号', en: 'Username' },
  name: { zh: '用户姓名', en: 'Name' },
  email: { zh: '邮箱', en: 'Email' },
  mobile: { zh: '电话', en: 'Mobile' },
  gender: { zh: '性别', en: 'Gender' },
  user_type: { zh: '用户类型', en: 'User type' },
  dept: { zh: '所属部门', en: 'Department' },
  role: { zh: '关联角色', en: 'Roles' },
  is_active: { zh: '账号状态', en: 'Active' },
  avatar: { zh: '头像', en: 'Avatar' },
  employee_no: { zh: '工号', en: 'Employee no.' },
  password: { zh: '密码', en: 'Password' },
  ...COMMON_LABELS,
};

export const GENDER_LABEL = { zh: ['未知', '男', '女'], en: ['Unknown', 'Male', 'Female'] };

async function defaultPasswordMd5(db: Db): Promise<string> {
  const value = await readSetting(db, 'base.default_password');
  return md5Hex(typeof value === 'string' && value !== '' ? value : 'admin123456');
}

/** A user's role as the list answers it in `role_info` (json_agg of the live roles). */
type RoleInfo = {
  id: number;
  name: string;
  key: string;
  sort: number;
  status: boolean;
  admin: boolean;
  data_range: number;
};
const SELF_DELETE = { zh: '不能删除当前登录用户', en: 'You cannot delete yourself' };
const IMPORT_LIMIT = 5 * 1024 * 1024;
const RESET_OK = { zh: '密码重置成功', en: 'Password reset' };

export function registerUserAdminRoutes(app: FastifyInstance, db: Db): void {
  const currentOf = async (id: number) => {
    const user = await db
      .selectFrom('users')
      .select(['is_superuser', 'dept_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) return undefined;
    const roles = await db.selectFrom('user_role').select('role_id').where('user_id', '=', id).execute();
    return { ...user, roles: roles.map((r) => r.role_id) };
  };
  const anySuperuser = async (ids: number[]) =>
    Boolean(
      await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', ids)
        .where('is_superuser', '=', true)
        .executeTakeFirst(),
    );

  registerResource(app, db, {
    name: 'user',
    table: 'users',
    model: { zh: '用户表', en: 'user' },
    labels: USER_LABELS,
    body,
    filters: {
      username: 'contains',
      name: 'contains',
      mobile: 'contains',
      email: 'contains',
      is_active: 'bool',
      gender: 'int',
      user_type: 'int',
      dept: async (qb, value) => {
        const id = parseId(value);
        if (id === null) return qb.where(sql.lit(false));
        return qb.where('t.dept_id', 'in', await deptAndDescendants(db, id));
      },
      role: (qb, value) => {
        const id = parseId(value);
        return id === null
          ? qb.where(sql.lit(false))
          : qb.where(
              sql<boolean>`exists (select 1 from user_role ur where ur.user_id = t.id and ur.role_id = ${id})`,
            );
      },
    },
    search: ['username', 'name', 'mobile', 'email'],
    // Migration 0012: a trigram index over the search key (CJK terms too); counts and deep-page anchors
    // kept until a user, a dept or a grant (the role filter) changes.
    searchKey: true,
    listCache: ['user_list', 'depts', 'grants'],
    keyset: ['username', 'name', 'date_joined'],
    ordering: ['id', 'username', 'name', 'date_joined', 'last_login', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    unique: [{ field: 'username' }],
    references: [
      { field: 'dept', table: 'dept' },
      { field: 'role', table: 'role' },
    ],
    select: (qb) =>
      qb
        .leftJoin('dept as d', (j) => j.onRef('d.id', '=', 't.dept_id').on('d.is_deleted', '=', false))
        .select([
          'd.name as dept_name',
          sql<
            RoleInfo[]
          >`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'key', r.key,
            'sort', r.sort, 'status', r.status, 'admin', r.admin, 'data_range', r.data_range) order by r.sort, r.id), '[]')
            from user_role ur join role r on r.id = ur.role_id where ur.user_id = t.id and r.is_deleted = false)`.as(
            'role_info',
          ),
        ]),
    row: (r, { locale }) => ({
      ...head(r),
      dept_name: r.dept_name ?? null,
      role_info: r.role_info ?? [],
      last_login: formatDateTime(r.last_login),
      is_superuser: r.is_superuser,
      first_name: '',
      last_name: '',
      is_staff: r.is_staff,
      is_active: r.is_active,
      date_joined: formatDateTime(r.date_joined),
      ...tail(r),
      username: r.username,
      employee_no: r.employee_no,
      email: r.email,
      mobile: r.mobile,
      avatar: r.avatar ?? '',
      name: r.name,
      gender: r.gender,
      gender_label: GENDER_LABEL[locale][r.gender] ?? null,
      user_type: r.user_type,
      last_token: null,
      dept: r.dept_id,
      groups: [],
      user_permissions: [],
      post: [],
      role: (r.role_info ?? []).map((x) => x.id),
    }),
    columns: async (input, _ctx, id) => ({
      username: input.username,
      name: input.name,
      email: input.email,
      mobile: input.mobile,
      gender: input.gender ?? undefined,
      user_type: input.user_type ?? undefined,
      dept_id: input.dept,
      is_active: input.is_active ?? undefined,
      avatar: input.avatar,
      employee_no: input.employee_no,
      description: input.description,
      dept_belong_id: input.dept === undefined ? undefined : input.dept === null ? null : String(input.dept),
      password:
        id === null ? await hashPassword(input.password ?? (await defaultPasswordMd5(db))) : undefined,
    }),
    afterWrite: async (trx, id, input) => {
      if (input.role === undefined) return;
      await trx.deleteFrom('user_role').where('user_id', '=', id).execute();
      const roles = [...new Set(input.role)];
      if (roles.length)
        await trx
          .insertInto('user_role')
          .values(roles.map((role_id) => ({ user_id: id, role_id })))
          .execute();
    },
    beforeWrite: async (input, ctx, id) => {
      if (ctx.user.is_superuser) return;
      const target = id === null ? undefined : await currentOf(id);
      if (target?.is_superuser) throw refuse('user.superuserOnly');
      const held = new Set(target?.roles ?? []);
      const dept = input.dept === undefined ? (target?.dept_id ?? null) : input.dept;
      await checkUserGrant(
        db,
        ctx.user,
        {
          addedRoles: (input.role ?? []).filter((r) => !held.has(r)),
          newDept: input.dept === target?.dept_id ? undefined : input.dept,
          dept,
        },
        USER_LABELS,
      );
    },
    afterCommit: async (id, input, ctx) => {
      if (input.is_active === false) await endUserSessions(db, [id], ctx.request.server.realtime);
      // New roles: the user's console fetches its menus again (server/modules/role/live.ts).
      else if (input.role !== undefined)
        announceUsers(ctx.request.server.realtime, [id], [...new Set(input.role)]);
    },
    beforeDelete: async (ids, ctx) => {
      if (ids.includes(ctx.user.id)) throw refuseText(SELF_DELETE);
      if (!ctx.user.is_superuser && (await anySuperuser(ids))) throw refuse('user.superuserOnly');
    },
    afterDelete: (ids, ctx) => endUserSessions(db, ids, ctx.request.server.realtime),
    export: {
      filename: { zh: '用户', en: 'users' },
      columns: [
        ...TEMPLATE_COLUMNS.map((c) => ({ field: c.field, header: c.header, value: c.exportValue })),
        { field: 'create_datetime', header: COMMON_LABELS.create_datetime },
      ],
    },
    routes: (routes, kit) => {
      const target = async (ctx: Ctx, raw: unknown) => {
        const id = parseId(raw);
        if (id === null || !(await kit.find(ctx, id))) throw notFound();
        if (!ctx.user.is_superuser && (await anySuperuser([id]))) throw refuse('user.superuserOnly');
        return id;
      };
      // A new password ends the user's sessions (refresh tokens, earlier access tokens, live sockets).
      const setPassword = async (ctx: Ctx, id: number, md5: string) => {
        const password = await hashPassword(md5);
        await db
          .updateTable('users')
          .set({ password, modifier: String(ctx.user.id), update_datetime: sql<Date>`now()` })
          .where('id', '=', id)
          .execute();
        await endUserSessions(db, [id], ctx.request.server.realtime);
      };

      routes.put(`${kit.base}:id/reset_password/`, kit.options, async (request) => {
        const ctx = await kit.ctx(request);
        const id = await target(ctx, (request.params as { id?: string }).id);
        const { newPassword, newPassword2 } = (request.body ?? {}) as Record<string, unknown>;
        if (newPassword === undefined || newPassword === null || newPassword === '')
          throw badRequest('password.paramsMissing');
        if (!isMd5Hex(newPassword) || (newPassword2 != null && !isMd5Hex(newPassword2)))
          throw badRequest('password.notMd5');
        if (newPassword2 != null && String(newPassword2).toLowerCase() !== newPassword.toLowerCase()) {
          throw badRequest('password.mismatch');
        }
        await setPassword(ctx, id, newPassword);
        return envelope(request, null, 'ok.modified');
      });

      routes.put(`${kit.base}:id/reset_to_default_password/`, kit.options, async (request) => {
        const ctx = await kit.ctx(request);
        const id = await target(ctx, (request.params as { id?: string }).id);
        await setPassword(ctx, id, await defaultPasswordMd5(db));
        return { code: 2000, data: null, msg: RESET_OK[ctx.locale] };
      });

      routes.get(`${kit.base}import/`, kit.options, async (request, reply) => {
        const locale: Locale = (await kit.ctx(request)).locale;
        const headers = TEMPLATE_COLUMNS.map((c) => c.header[locale]);
        const name = locale === 'en' ? 'user import template' : '用户导入模板';
        return sendXlsx(reply, name, writeXlsx([headers], name));
      });

      // In its own scope so a multipart upload (field `file`) is accepted here as well as JSON.
      routes.register(async (scope) => {
        await scope.register(multipart, { limits: { fileSize: IMPORT_LIMIT, files: 1, fields: 10 } });
        scope.post(`${kit.base}import/`, kit.options, async (request) => {
          const ctx = await kit.ctx(request);
          const result = await importUsers(db, kit, ctx);
          return { code: 2000, data: result, msg: ctx.locale === 'en' ? 'Imported' : '导入成功' };
        });
      });
    },
  });
}
