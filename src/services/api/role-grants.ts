import type { z } from 'zod';
import { menuGrantSchema, ResourcePaths } from '../../contract/resources.ts';
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
 * role's own `menu` and `permission` ids say what it holds. The 2.0 route is asked first; when it is missing,
 * the 2.1 one, quietly, remembered for the page's life (as exports fall back to `export_data/`).
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
  const held = new Set(role.menu ?? []);
  const heldButtons = new Set(role.permission ?? []);
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
