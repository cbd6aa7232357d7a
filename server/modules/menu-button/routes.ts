// /api/system/menu_button/ — a menu's buttons (`?menu=<id>`): name, permission value, the API pattern it
// grants and the method (dvadmin's METHOD_CHOICES 0 GET, 1 POST, 2 PUT, 3 DELETE, 4 PATCH). The server-side
// permission check matches requests against these.
// GET /api/system/menu_button/get_btn_permission/ (dvadmin 2.1): the signed-in user's buttons as
// `"<web_path>:<value>"` strings — a superuser every live button, anyone else those their enabled roles
// grant. Every signed-in user may ask (it describes their own grants, as user_info does), as on stock.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { grantedButtonIds } from '../../http/data-scope.ts';
import { envelope } from '../../http/envelope.ts';
import type { AuthUser } from '../../http/types.ts';
import { COMMON_LABELS, fields, METHOD_CHOICES } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';
import { announceButtons } from '../role/live.ts';

const body = z.object({
  menu: fields.integer(1),
  name: fields.text(64),
  value: fields.text(64),
  api: fields.text(200),
  method: fields.choice(METHOD_CHOICES),
  description: fields.description(),
});

const LABELS = {
  menu: { zh: '菜单', en: 'Menu' },
  name: { zh: '名称', en: 'Name' },
  value: { zh: '权限值', en: 'Permission value' },
  api: { zh: '接口地址', en: 'API' },
  method: { zh: '接口请求方法', en: 'Method' },
  ...COMMON_LABELS,
};

export const BTN_PERMISSION_API = '/api/system/menu_button/get_btn_permission/';

/** The user's granted buttons as `"<web_path>:<value>"`, in menu order, each once. */
export async function buttonPermissionsOf(db: Db, user: AuthUser): Promise<string[]> {
  let query = db
    .selectFrom('menu_button as b')
    .innerJoin('menu as m', 'm.id', 'b.menu_id')
    .select(['m.web_path', 'b.value'])
    .where('b.is_deleted', '=', false)
    .where('m.is_deleted', '=', false)
    .orderBy('m.sort')
    .orderBy('m.id')
    .orderBy('b.id');
  if (!user.is_superuser) {
    query = query.where('b.id', 'in', grantedButtonIds(db, user.id));
  }
  const seen = new Set<string>();
  for (const row of await query.execute()) seen.add(`${row.web_path ?? ''}:${row.value}`);
  return [...seen];
}

export function registerMenuButtonRoutes(app: FastifyInstance, db: Db): void {
  app.get(BTN_PERMISSION_API, { config: { api: true, module: 'menu_button' } }, async (request) =>
    envelope(request, request.user ? await buttonPermissionsOf(db, request.user) : [], 'ok.success'),
  );
  registerResource(app, db, {
    name: 'menu_button',
    table: 'menu_button',
    model: { zh: '菜单权限表', en: 'menu button' },
    labels: LABELS,
    body,
    dataScope: false,
    // a button's api and method are what a role holding it may call: only a superuser defines them
    writes: 'superuser',
    columnOf: { menu: 'menu_id' },
    filters: { menu: 'int', name: 'contains', value: 'contains', api: 'contains', method: 'int' },
    search: ['name', 'value', 'api'],
    ordering: ['id', 'name', 'value', 'api', 'method', 'create_datetime'],
    defaultOrder: ['id'],
    references: [{ field: 'menu', table: 'menu' }],
    row: (r) => ({
      ...head(r),
      ...tail(r),
      menu: r.menu_id,
      name: r.name,
      value: r.value,
      api: r.api,
      method: r.method,
    }),
    columns: (input) => ({
      menu_id: input.menu,
      name: input.name,
      value: input.value,
      api: input.api,
      method: input.method,
      description: input.description,
    }),
    // The consoles of the users it reaches fetch their menus again (server/modules/role/live.ts).
    afterCommit: (id, _input, ctx) => announceButtons(db, ctx.request.server.realtime, [id]),
    afterDelete: (ids, ctx) => announceButtons(db, ctx.request.server.realtime, ids),
  });
}
