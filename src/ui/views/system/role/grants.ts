/**
 * A role's menu and button grants (`roleId_get_menu`): checking a menu or one of its buttons checks the
 * menus above it (a button is useless on a menu the role cannot open); unchecking a menu unchecks
 * everything below it, buttons included.
 */
export type MenuButtonGrant = { id: number; name: string; value: string; isCheck?: boolean };
export type MenuGrant = {
  id: number;
  name: string;
  parent: number | null;
  isCheck?: boolean;
  menuPermission: MenuButtonGrant[];
};
export type Grants = { menus: ReadonlySet<number>; buttons: ReadonlySet<number> };

export function initialGrants(menus: readonly MenuGrant[]): Grants {
  return {
    menus: new Set(menus.filter((m) => m.isCheck).map((m) => m.id)),
    buttons: new Set(menus.flatMap((m) => m.menuPermission.filter((b) => b.isCheck).map((b) => b.id))),
  };
}

function ancestors(menus: readonly MenuGrant[], id: number): number[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out: number[] = [];
  let parent = byId.get(id)?.parent ?? null;
  while (parent !== null && !out.includes(parent) && byId.has(parent)) {
    out.push(parent);
    parent = byId.get(parent)?.parent ?? null;
  }
  return out;
}

function descendants(menus: readonly MenuGrant[], id: number): number[] {
  const out: number[] = [];
  const queue = [id];
  while (queue.length) {
    const current = queue.shift();
    for (const m of menus)
      if (m.parent === current && !out.includes(m.id) && m.id !== id) {
        out.push(m.id);
        queue.push(m.id);
      }
  }
  return out;
}

export function toggleMenu(menus: readonly MenuGrant[], grants: Grants, id: number, on: boolean): Grants {
  const m = new Set(grants.menus);
  const b = new Set(grants.buttons);
  if (on) for (const x of [id, ...ancestors(menus, id)]) m.add(x);
  else
    for (const x of [id, ...descendants(menus, id)]) {
      m.delete(x);
      for (const button of menus.find((menu) => menu.id === x)?.menuPermission ?? []) b.delete(button.id);
    }
  return { menus: m, buttons: b };
}

export function toggleButton(
  menus: readonly MenuGrant[],
  grants: Grants,
  menuId: number,
  buttonId: number,
  on: boolean,
): Grants {
  const b = new Set(grants.buttons);
  if (!on) {
    b.delete(buttonId);
    return { menus: grants.menus, buttons: b };
  }
  b.add(buttonId);
  return { menus: toggleMenu(menus, grants, menuId, true).menus, buttons: b };
}
