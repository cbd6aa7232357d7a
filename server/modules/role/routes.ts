// /api/system/role/ — roles (rows as fixture role_list.json: `dept`, `menu`, `permission` are id lists) with
// their menu and button permissions and data range (0 own rows, 1 own dept and below, 2 own dept, 3 all,
// 4 the custom depts in `dept`). `menu`, `permission` and `dept` are set with the role on POST/PUT; left out
// on a PUT, they keep their current value. `GET role/{id}/roleId_get_menu/` answers the permission tree:
// every enabled menu (flat, with `parent`) with `isCheck` and its buttons `{id, name, value, isCheck}`.
// A non-superuser cannot give a role menus, buttons or a data range beyond its own (server/http/grants.ts).
// Once committed, a save or delete is announced to the role's signed-in holders (./live.ts).
// Stock 2.1's `role/role_get_menu/`, `role/data_scope/` and `role/data_scope_dept/`: ./stock21.ts.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { envelope } from '../../http/envelope.ts';
import { checkRoleGrant } from '../../http/grants.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, notFound, parseId, registerResource, tail } from '../crud/kit.ts';
import { announceRoles } from './live.ts';
import { registerRoleStock21Routes } from './stock21.ts';

const body = z.object({
  name: fields.text(64),
  key: fields.text(64),
  sort: fields.optionalInteger(0),
  status: fields.optionalBoolean(),
  admin: fields.optionalBoolean(),
  data_range: fields.optionalChoice([0, 1, 2, 3, 4]),
  remark: fields.optionalText(2000),
  dept: fields.ids(),
  menu: fields.ids(),
  permission: fields.ids(),
  description: fields.description(),
});

export const ROLE_LABELS = {
  name: { zh: '角色名称', en: 'Role name' },
  key: { zh: '权限字符', en: 'Key' },
  sort: { zh: '角色顺序', en: 'Sort' },
  status: { zh: '角色状态', en: 'Status' },
  admin: { zh: '是否为admin', en: 'Admin' },
  data_range: { zh: '数据权限范围', en: 'Data range' },
  remark: { zh: '备注', en: 'Remark' },
  dept: { zh: '数据权限-关联部门', en: 'Custom departments' },
  menu: { zh: '关联菜单', en: 'Menus' },
  permission: { zh: '关联菜单的接口按钮', en: 'Buttons' },
  ...COMMON_LABELS,
};

export const DATA_RANGE_LABEL = {
  zh: ['仅本人数据权限', '本部门及以下数据权限', '本部门数据权限', '全部数据权限', '自定义数据权限'],
  en: ['Own rows', 'Own department and below', 'Own department', 'All', 'Custom departments'],
};

export function registerRoleRoutes(app: FastifyInstance, db: Db): void {
  registerRoleStock21Routes(app, db, DATA_RANGE_LABEL);
  registerResource(app, db, {
    name: 'role',
    table: 'role',
    model: { zh: '角色表', en: 'role' },
    labels: ROLE_LABELS,
    body,
    filters: { name: 'contains', key: 'contains', status: 'bool', admin: 'bool', data_range: 'int' },
    search: ['name', 'key'],
    ordering: ['id', 'name', 'key', 'sort', 'status', 'create_datetime'],
    defaultOrder: ['sort'],
    unique: [{ field: 'key' }],
    references: [
      { field: 'dept', table: 'dept' },
      { field: 'menu', table: 'menu' },
      { field: 'permission', table: 'menu_button' },
    ],
    select: (qb) =>
      qb.select([
        sql<number[]>`array(select dept_id from role_dept where role_id = t.id order by dept_id)`.as(
          'dept_ids',
        ),
        sql<number[]>`array(select menu_id from role_menu where role_id = t.id order by menu_id)`.as(
          'menu_ids',
        ),
        sql<
          number[]
        >`array(select menu_button_id from role_menu_button rb where rb.role_id = t.id order by 1)`.as(
          'button_ids',
        ),
      ]),
    row: (r, { locale }) => ({
      ...head(r),
      ...tail(r),
      name: r.name,
      key: r.key,
      sort: r.sort,
      status: r.status,
      admin: r.admin,
      data_range: r.data_range,
      data_range_label: DATA_RANGE_LABEL[locale][r.data_range] ?? null,
      remark: r.remark,
      dept: r.dept_ids ?? [],
      menu: r.menu_ids ?? [],
      permission: r.button_ids ?? [],
    }),
    columns: (input) => ({
      name: input.name,
      key: input.key,
      sort: input.sort ?? undefined,
      status: input.status ?? undefined,
      admin: input.admin ?? undefined,
      data_range: input.data_range ?? undefined,
      remark: input.remark,
      description: input.description,
    }),
    // A non-superuser may not give a role more than it holds itself, its own roles included (issue 12).
    beforeWrite: (input, ctx, id) => checkRoleGrant(db, ctx.user, id, input, ROLE_LABELS),
    afterWrite: async (trx, id, input) => {
      if (input.dept !== undefined) {
        await trx.deleteFrom('role_dept').where('role_id', '=', id).execute();
        const depts = [...new Set(input.dept)];
        if (depts.length)
          await trx
            .insertInto('role_dept')
            .values(depts.map((dept_id) => ({ role_id: id, dept_id })))
            .execute();
      }
      if (input.menu !== undefined) {
        await trx.deleteFrom('role_menu').where('role_id', '=', id).execute();
        const menus = [...new Set(input.menu)];
        if (menus.length)
          await trx
            .insertInto('role_menu')
            .values(menus.map((menu_id) => ({ role_id: id, menu_id })))
            .execute();
      }
      if (input.permission !== undefined) {
        await trx.deleteFrom('role_menu_button').where('role_id', '=', id).execute();
        const buttons = [...new Set(input.permission)];
        if (buttons.length) {
          await trx
            .insertInto('role_menu_button')
            .values(buttons.map((menu_button_id) => ({ role_id: id, menu_button_id })))
            .execute();
        }
      }
    },
    // Its holders' consoles fetch their menus again (./live.ts).
    afterCommit: (id, _input, ctx) => announceRoles(db, ctx.request.server.realtime, [id]),
    afterDelete: (ids, ctx) => announceRoles(db, ctx.request.server.realtime, ids),
    export: {
      filename: { zh: '角色', en: 'roles' },
      columns: [
        { field: 'id', header: 'ID' },
        { field: 'name', header: ROLE_LABELS.name },
        { field: 'key', header: ROLE_LABELS.key },
        { field: 'sort', header: ROLE_LABELS.sort },
        {
          field: 'status',
          header: ROLE_LABELS.status,
          value: (r, l) => (r.status ? (l === 'en' ? 'Enabled' : '启用') : l === 'en' ? 'Disabled' : '禁用'),
        },
        { field: 'data_range_label', header: ROLE_LABELS.data_range },
        { field: 'create_datetime', header: COMMON_LABELS.create_datetime },
      ],
    },
    routes: (routes, kit) => {
      routes.get(`${kit.base}:id/roleId_get_menu/`, kit.options, async (request) => {
        const id = parseId((request.params as { id?: string }).id);
        const ctx = await kit.ctx(request);
        if (id === null || !(await kit.find(ctx, id))) throw notFound();
        const menus = await db
          .selectFrom('menu as m')
          .select([
            'm.id',
            'm.name',
            'm.parent_id as parent',
            'm.is_catalog',
            'm.sort',
            'm.web_path',
            sql<boolean>`exists (select 1 from role_menu rm where rm.role_id = ${id} and rm.menu_id = m.id)`.as(
              'isCheck',
            ),
          ])
          .where('m.status', '=', true)
          .where('m.is_deleted', '=', false)
          .orderBy('m.sort')
          .orderBy('m.id')
          .execute();
        const buttons = await db
          .selectFrom('menu_button as b')
          .select([
            'b.id',
            'b.menu_id',
            'b.name',
            'b.value',
            sql<boolean>`exists (select 1 from role_menu_button rb where rb.role_id = ${id} and rb.menu_button_id = b.id)`.as(
              'isCheck',
            ),
          ])
          .where('b.is_deleted', '=', false)
          .orderBy('b.id')
          .execute();
        return envelope(
          request,
          menus.map((m) => ({
            ...m,
            menuPermission: buttons
              .filter((b) => b.menu_id === m.id)
              .map(({ id: buttonId, name, value, isCheck }) => ({ id: buttonId, name, value, isCheck })),
          })),
        );
      });
    },
  });
}
