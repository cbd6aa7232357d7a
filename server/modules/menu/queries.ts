// Menus for web_router, per user (CONTRACT.md, "Menus and permissions"), as stock dvadmin builds them:
// a superuser gets every enabled menu, each with all its button values (`[]` when it has none); anyone else
// gets the enabled menus granted to their enabled roles, each with only the buttons those roles grant —
// `null` when none, exactly as dvadmin's WebRouterSerializer answers.
import type { Db } from '../../db/index.ts';
import type { AuthUser } from '../../http/types.ts';

export async function webRouterFor(db: Db, user: AuthUser) {
  let menus = db
    .selectFrom('menu')
    .selectAll()
    .where('status', '=', true)
    .where('is_deleted', '=', false)
    .orderBy('sort')
    .orderBy('id');
  if (!user.is_superuser) {
    menus = menus.where('id', 'in', (eb) =>
      eb
        .selectFrom('role_menu as rm')
        .innerJoin('user_role as ur', 'ur.role_id', 'rm.role_id')
        .innerJoin('role as r', 'r.id', 'rm.role_id')
        .select('rm.menu_id')
        .where('ur.user_id', '=', user.id)
        .where('r.status', '=', true)
        .where('r.is_deleted', '=', false),
    );
  }
  const rows = await menus.execute();

  let buttons = db
    .selectFrom('menu_button as b')
    .select(['b.menu_id', 'b.value'])
    .where('b.is_deleted', '=', false)
    .orderBy('b.id');
  if (!user.is_superuser) {
    buttons = buttons.where('b.id', 'in', (eb) =>
      eb
        .selectFrom('role_menu_button as rb')
        .innerJoin('user_role as ur', 'ur.role_id', 'rb.role_id')
        .innerJoin('role as r', 'r.id', 'rb.role_id')
        .select('rb.menu_button_id')
        .where('ur.user_id', '=', user.id)
        .where('r.status', '=', true)
        .where('r.is_deleted', '=', false),
    );
  }
  const granted = new Map<number, string[]>();
  for (const b of await buttons.execute()) {
    const values = granted.get(b.menu_id) ?? [];
    if (!values.includes(b.value)) values.push(b.value);
    granted.set(b.menu_id, values);
  }

  return rows.map((m) => ({
    id: m.id,
    parent: m.parent_id,
    icon: m.icon,
    sort: m.sort,
    path: m.web_path ?? '',
    name: m.name,
    title: m.name,
    is_link: m.is_link,
    is_catalog: m.is_catalog,
    web_path: m.web_path ?? '',
    component: m.component ?? '',
    component_name: m.component_name ?? '',
    cache: m.cache,
    visible: m.visible,
    menuPermission: granted.get(m.id) ?? (user.is_superuser ? [] : null),
    frame_out: m.frame_out,
  }));
}
