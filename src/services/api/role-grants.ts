import type { z } from 'zod';
import { menuGrantSchema, ResourcePaths, Resources } from '../../contract/resources.ts';
import type { HttpClient } from '../http/types.ts';
import { withRouteFallback } from './export.ts';

export type MenuGrantRow = z.infer<typeof menuGrantSchema>;

/** A role as far as its grants go: its own menu and button ids when the backend lists them (it does). */
export type RoleGrantsOf = { id: number | string; menu?: number[] | null; permission?: number[] | null };

export type RoleGrants = {
  /** The menus the dialog shows, each with its buttons, `isCheck` where the role holds it. */
  menus: MenuGrantRow[];
  /** What the role holds outside those menus (a disabled menu, or beyond what the editor may grant): a save keeps it. */
  kept: { menus: number[]; buttons: number[] };
};

/**
 * A role's menu and button grants for the permission dialog. dvadmin 2.0 and the reference server answer
 * `GET role/<id>/roleId_get_menu/`: every enabled menu with `isCheck`. Stock 2.1 has no such route (接口地址不
 * 正确): it answers `GET role/role_get_menu/` — the menus the signed-in user may grant, no `isCheck` — and the
 * role's own `menu` and `permission` ids (`GET role/<id>/`, read afresh) say what it holds. The 2.0 route is
 * asked first; when it is missing, the 2.1 one, quietly, remembered for the page's life (as exports fall back
 * to `export_data/`).
 */
export async function fetchRoleGrants(
  http: HttpClient,
  role: RoleGrantsOf,
  signal?: AbortSignal,
): Promise<RoleGrants> {
  const own = ResourcePaths.roleMenus(role.id);
  const routes = [{ url: own }, { url: ResourcePaths.roleGrantableMenus }];
  const { url, menus } = await withRouteFallback(
    routes,
    async (route, quiet) => ({
      url: route.url,
      menus: await http.data(
        { url: route.url, signal, ...(quiet === undefined ? {} : { quiet }) },
        menuGrantSchema.array(),
      ),
    }),
    'role grants',
  );
  // On 2.1 the role's ids mark the checks: read as the role is now, since the list's copy may predate a save
  // made a moment ago (reopened before the list reloaded, the dialog would show, and save back, the old grants).
  const holds = url === own ? role : await currentGrants(http, role, signal);
  const held = new Set(holds.menu ?? []);
  const heldButtons = new Set(holds.permission ?? []);
  const marked =
    url === own
      ? menus
      : menus.map((m) => ({
          ...m,
          isCheck: held.has(m.id),
          menuPermission: m.menuPermission.map((b) => ({ ...b, isCheck: heldButtons.has(b.id) })),
        }));
  const shown = new Set(marked.map((m) => m.id));
  const shownButtons = new Set(marked.flatMap((m) => m.menuPermission.map((b) => b.id)));
  return {
    menus: marked,
    kept: {
      menus: [...held].filter((id) => !shown.has(id)),
      buttons: [...heldButtons].filter((id) => !shownButtons.has(id)),
    },
  };
}

/** The role's own menu and button ids as the backend has them now; the given ones where it will not say. */
async function currentGrants(
  http: HttpClient,
  role: RoleGrantsOf,
  signal?: AbortSignal,
): Promise<RoleGrantsOf> {
  try {
    const current = await http.data(
      { url: ResourcePaths.item(Resources.role.path, role.id), signal, quiet: true },
      Resources.role.row,
    );
    return {
      id: role.id,
      menu: current.menu ?? role.menu,
      permission: current.permission ?? role.permission,
    };
  } catch {
    // an editor without the role's detail grant: the list's copy, as before
    return role;
  }
}
