// Stock dvadmin 2.1's role routes (2.0's `role/{id}/roleId_get_menu/` is gone there), served beside the
// contract's so a console written for either works here:
// - GET role/role_get_menu/    the menus the signed-in user may grant, `[{id, parent, name, menuPermission:
//   [{id, name, value, api, method}]}]`: a superuser every enabled menu with all its buttons, anyone else the
//   enabled menus and the buttons their enabled roles hold (no `isCheck`: a role's grants are its own `menu`
//   and `permission` ids);
// - GET role/data_scope/       the data ranges the user may give a role, `[{value, label}]`;
// - GET role/data_scope_dept/  the departments the user may put in a custom range, `[{id, name, parent}]`.
// As on stock, every signed-in user may ask (each describes the caller's own grants); what a role may then
// be given is still checked on save (server/http/grants.ts): the rules here are the same.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { DataRange } from '../../http/data-scope.ts';
import { envelope, localeOf } from '../../http/envelope.ts';
import { holdingsOf, rangeWithin } from '../../http/grants.ts';
import type { AuthUser } from '../../http/types.ts';

export const ROLE_STOCK21_PATHS = {
  menus: '/api/system/role/role_get_menu/',
  dataScope: '/api/system/role/data_scope/',
  dataScopeDept: '/api/system/role/data_scope_dept/',
} as const;

const RANGES = [DataRange.own, DataRange.deptAndBelow, DataRange.dept, DataRange.all, DataRange.custom];

async function grantableMenus(db: Db, user: AuthUser) {
  const holdings = user.is_superuser ? null : await holdingsOf(db, user);
  const menus = (
    await db
      .selectFrom('menu')
      .select(['id', 'parent_id as parent', 'name'])
      .where('status', '=', true)
      .where('is_deleted', '=', false)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  ).filter((m) => !holdings || holdings.menus.has(m.id));
  const buttons = (
    await db
      .selectFrom('menu_button')
      .select(['id', 'menu_id', 'name', 'value', 'api', 'method'])
      .where('is_deleted', '=', false)
      .orderBy('id')
      .execute()
  ).filter((b) => !holdings || holdings.buttons.has(b.id));
  return menus.map((m) => ({
    ...m,
    menuPermission: buttons.filter((b) => b.menu_id === m.id).map(({ menu_id: _, ...button }) => button),
  }));
}

export function registerRoleStock21Routes(
  app: FastifyInstance,
  db: Db,
  rangeLabels: Record<'zh' | 'en', readonly string[]>,
): void {
  const options = { config: { api: true as const, module: 'role' } };
  // api routes are signed in (auth `required` by default)
  const userOf = (request: { user: AuthUser | null }) => request.user as AuthUser;

  app.get(ROLE_STOCK21_PATHS.menus, options, async (request) =>
    envelope(request, await grantableMenus(db, userOf(request))),
  );

  app.get(ROLE_STOCK21_PATHS.dataScope, options, async (request) => {
    const user = userOf(request);
    const holdings = user.is_superuser ? null : await holdingsOf(db, user);
    const labels = rangeLabels[localeOf(request)];
    return envelope(
      request,
      RANGES.filter((range) => !holdings || rangeWithin(range, [], holdings)).map((value) => ({
        value,
        label: labels[value] ?? String(value),
      })),
    );
  });

  app.get(ROLE_STOCK21_PATHS.dataScopeDept, options, async (request) => {
    const user = userOf(request);
    const holdings = user.is_superuser ? null : await holdingsOf(db, user);
    const depts = await db
      .selectFrom('dept')
      .select(['id', 'name', 'parent_id as parent'])
      .where('is_deleted', '=', false)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const scope = holdings?.scope;
    return envelope(
      request,
      depts.filter((d) => !scope || scope.all || scope.depts.includes(String(d.id))),
    );
  });
}
