// What a non-superuser may hand out (issue 12, privilege escalation): an editor may only give a user roles it
// holds itself or whose menus, buttons and data range lie within its own, may only place users into
// departments inside its own data scope, and may not give a role more than it holds itself (which also stops
// it from widening its own roles). Superusers are unrestricted. The editor's holdings are read from the
// database (never the request's possibly lifted scope), from its enabled roles only.
import type { Db } from '../db/index.ts';
import { DataRange, type DataScope, dataScopeOf, enabledRolesOf } from './data-scope.ts';
import { ApiError, type Label, resolveText } from './envelope.ts';
import type { MessageKey, MessageParams } from './messages.ts';
import type { AuthUser } from './types.ts';

export type Holdings = {
  roles: Set<number>;
  menus: Set<number>;
  buttons: Set<number>;
  /** The data ranges of the editor's enabled roles. */
  ranges: Set<number>;
  scope: DataScope;
};

/** A role as far as granting goes. */
export type RoleGrant = { data_range: number; menus: number[]; buttons: number[]; depts: number[] };

export const refuseGrant = (key: MessageKey, params?: MessageParams, label?: Label) =>
  new ApiError(4000, (locale) => resolveText(locale, { key, params, label }));

export async function holdingsOf(db: Db, user: AuthUser): Promise<Holdings> {
  const roles = await enabledRolesOf(db, user.id);
  const ids = roles.map((r) => r.id);
  const menus = ids.length
    ? await db.selectFrom('role_menu').select('menu_id').where('role_id', 'in', ids).execute()
    : [];
  const buttons = ids.length
    ? await db.selectFrom('role_menu_button').select('menu_button_id').where('role_id', 'in', ids).execute()
    : [];
  return {
    roles: new Set(ids),
    menus: new Set(menus.map((m) => m.menu_id)),
    buttons: new Set(buttons.map((b) => b.menu_button_id)),
    ranges: new Set(roles.map((r) => r.data_range)),
    scope: await dataScopeOf(db, user),
  };
}

export const deptInScope = (scope: DataScope, deptId: number) =>
  scope.all || scope.depts.includes(String(deptId));

/**
 * Whether a data range is within the editor's. Ranges relative to the holder's dept (own dept, own dept and
 * below) are ordered own rows < own dept < own dept and below < all; custom depts must lie in the scope.
 */
export function rangeWithin(range: number, customDepts: number[], h: Holdings): boolean {
  if (h.scope.all) return true;
  switch (range) {
    case DataRange.own:
      return true;
    case DataRange.dept:
      return h.ranges.has(DataRange.dept) || h.ranges.has(DataRange.deptAndBelow);
    case DataRange.deptAndBelow:
      return h.ranges.has(DataRange.deptAndBelow);
    case DataRange.custom:
      return customDepts.every((d) => deptInScope(h.scope, d));
    default:
      return false;
  }
}

const subset = (items: number[], of: Set<number>) => items.every((x) => of.has(x));

/** Whether a role's menus, buttons and data range are all within the editor's own. */
export const roleWithin = (role: RoleGrant, h: Holdings) =>
  subset(role.menus, h.menus) &&
  subset(role.buttons, h.buttons) &&
  rangeWithin(role.data_range, role.depts, h);

/** The grants of live roles by id (unknown ids are left out: the reference check names them). */
export async function roleGrants(
  db: Db,
  ids: number[],
): Promise<Map<number, RoleGrant & { name: string; status: boolean }>> {
  const out = new Map<number, RoleGrant & { name: string; status: boolean }>();
  if (!ids.length) return out;
  const roles = await db
    .selectFrom('role')
    .select(['id', 'name', 'status', 'data_range'])
    .where('id', 'in', ids)
    .where('is_deleted', '=', false)
    .execute();
  for (const r of roles) out.set(r.id, { ...r, menus: [], buttons: [], depts: [] });
  const found = [...out.keys()];
  if (!found.length) return out;
  for (const m of await db.selectFrom('role_menu').selectAll().where('role_id', 'in', found).execute())
    out.get(m.role_id)?.menus.push(m.menu_id);
  for (const b of await db.selectFrom('role_menu_button').selectAll().where('role_id', 'in', found).execute())
    out.get(b.role_id)?.buttons.push(b.menu_button_id);
  for (const d of await db.selectFrom('role_dept').selectAll().where('role_id', 'in', found).execute())
    out.get(d.role_id)?.depts.push(d.dept_id);
  return out;
}

async function deptName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('dept').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? String(id);
}

/**
 * Checks a user write by a non-superuser: every role added (not already held by the target) must be held by
 * the editor or lie within its holdings, and the target's new dept must be inside the editor's scope. A
 * dept-relative role (own dept, own dept and below) is only given to a user whose dept is in that scope.
 */
export async function checkUserGrant(
  db: Db,
  editor: AuthUser,
  change: { addedRoles: number[]; newDept: number | null | undefined; dept: number | null },
  labels: { role: Label; dept: Label },
): Promise<void> {
  if (editor.is_superuser) return;
  const h = await holdingsOf(db, editor);
  if (change.newDept !== undefined && change.newDept !== null && !deptInScope(h.scope, change.newDept)) {
    const name = await deptName(db, change.newDept);
    throw refuseGrant('grant.dept', { name }, labels.dept);
  }
  const grants = await roleGrants(db, change.addedRoles);
  for (const [id, role] of grants) {
    const allowed = h.roles.has(id) || roleWithin(role, h);
    const relative = role.data_range === DataRange.dept || role.data_range === DataRange.deptAndBelow;
    const deptOk = !relative || change.dept === null || deptInScope(h.scope, change.dept);
    if (!allowed || !deptOk) throw refuseGrant('grant.role', { name: role.name }, labels.role);
  }
}

/**
 * Checks a role write by a non-superuser: the menus, buttons and custom depts it adds, and its data range
 * when changed, must be within the editor's holdings (computed before the write, so widening one's own role
 * is refused like any other). Enabling a disabled role counts everything it grants as added.
 */
export async function checkRoleGrant(
  db: Db,
  editor: AuthUser,
  id: number | null,
  input: {
    data_range?: number | null;
    menu?: number[];
    permission?: number[];
    dept?: number[];
    status?: boolean | null;
  },
  labels: { menu: Label; data_range: Label },
): Promise<void> {
  if (editor.is_superuser) return;
  const h = await holdingsOf(db, editor);
  const current = id === null ? undefined : (await roleGrants(db, [id])).get(id);
  const enabling = current !== undefined && !current.status && input.status === true;
  const base =
    current && !enabling ? current : { data_range: DataRange.own, menus: [], buttons: [], depts: [] };
  // The role after the write (fields left out of a PUT keep their value), and what it gains over `base`.
  const menus = input.menu ?? current?.menus ?? [];
  const buttons = input.permission ?? current?.buttons ?? [];
  const depts = input.dept ?? current?.depts ?? [];
  const range = input.data_range ?? current?.data_range ?? DataRange.own;
  const gained = (after: number[], before: number[]) => after.filter((x) => !before.includes(x));
  if (!subset(gained(menus, base.menus), h.menus) || !subset(gained(buttons, base.buttons), h.buttons))
    throw refuseGrant('grant.menus', undefined, labels.menu);
  const newDepts = range === base.data_range ? gained(depts, base.depts) : depts;
  if ((range !== base.data_range || newDepts.length) && !rangeWithin(range, newDepts, h))
    throw refuseGrant('grant.dataRange', undefined, labels.data_range);
}
