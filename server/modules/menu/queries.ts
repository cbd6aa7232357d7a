// Menus for web_router, per user (CONTRACT.md, "Menus and permissions"), as stock dvadmin builds them:
// a superuser gets every enabled menu, each with all its button values (`[]` when it has none); anyone else
// gets the enabled menus granted to their enabled roles, each with only the buttons those roles grant —
// `null` when none, exactly as dvadmin's WebRouterSerializer answers.
//
// The answer depends only on "superuser" or the set of the user's enabled roles, so it is built once per such
// set and kept (issue 15), as is each user's set of enabled roles (server/http/granted.ts); both are dropped
// when a trigger reports a change to a menu, button, role, role grant or user role (the `grants` topic,
// migration 0009). A user's superuser flag comes from the authenticated user, itself dropped on a change to
// that user.
import { ChangeCache } from '../../db/change-cache.ts';
import { changeFeedOf } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import { grantedOf } from '../../http/granted.ts';
import type { AuthUser } from '../../http/types.ts';

export type WebRouterItem = ReturnType<typeof toItem>;

/** The menus of a superuser (`all`) or of these roles (possibly none), in web_router's shape. */
export async function webRouterOf(db: Db, roles: 'all' | readonly number[]): Promise<WebRouterItem[]> {
  if (roles !== 'all' && roles.length === 0) return [];
  let menus = db
    .selectFrom('menu')
    .selectAll()
    .where('status', '=', true)
    .where('is_deleted', '=', false)
    .orderBy('sort')
    .orderBy('id');
  if (roles !== 'all') {
    menus = menus.where('id', 'in', (eb) =>
      eb.selectFrom('role_menu').select('menu_id').where('role_id', 'in', roles),
    );
  }
  let buttons = db
    .selectFrom('menu_button as b')
    .select(['b.menu_id', 'b.value'])
    .where('b.is_deleted', '=', false)
    .orderBy('b.id');
  if (roles !== 'all') {
    buttons = buttons.where('b.id', 'in', (eb) =>
      eb.selectFrom('role_menu_button').select('menu_button_id').where('role_id', 'in', roles),
    );
  }
  const [rows, grantedButtons] = await Promise.all([menus.execute(), buttons.execute()]);
  const granted = new Map<number, string[]>();
  for (const b of grantedButtons) {
    const values = granted.get(b.menu_id) ?? [];
    if (!values.includes(b.value)) values.push(b.value);
    granted.set(b.menu_id, values);
  }
  return rows.map((m) => toItem(m, granted.get(m.id) ?? (roles === 'all' ? [] : null)));
}

function toItem(
  m: {
    id: number;
    parent_id: number | null;
    icon: string | null;
    sort: number;
    web_path: string | null;
    name: string;
    is_link: boolean;
    is_catalog: boolean;
    component: string | null;
    component_name: string | null;
    cache: boolean;
    visible: boolean;
    frame_out: boolean;
  },
  menuPermission: string[] | null,
) {
  return {
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
    menuPermission,
    frame_out: m.frame_out,
  };
}

/** web_router for a user, from memory when the same answer was built since the last grants change. */
export function createWebRouter(db: Db): (user: AuthUser) => Promise<WebRouterItem[]> {
  const routers = new ChangeCache<WebRouterItem[]>(changeFeedOf(db), { grants: 'all' }, { max: 1_000 });
  return async (user) => {
    if (user.is_superuser) return routers.get('superuser', () => webRouterOf(db, 'all'));
    const roles = await grantedOf(db).roleIds(user.id);
    return routers.get(`roles:${roles.join(',')}`, () => webRouterOf(db, roles));
  };
}
