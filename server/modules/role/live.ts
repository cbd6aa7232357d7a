// Live permissions (issue 16): once a change to what users are granted has committed — a role saved or
// deleted (its menus, buttons, status), a menu or menu button saved or deleted, a user's roles replaced —
// the signed-in users it touches hear the socket event `permissions` `{roles}` in their room (`user:<id>`,
// every process through the Redis adapter) and fetch their menus again (CONTRACT.md, socket events).
// Who is touched: the active users holding an affected role; for a menu or button change, the roles that
// hold that menu or button, and every superuser (they get every enabled menu). Nothing is sent while nobody
// listens (no query either). The web_router cache is dropped by the `grants` trigger on the same commit,
// so the refetch the event causes sees the change.
import type { Db } from '../../db/index.ts';
import type { Emitter } from '../../realtime/index.ts';

/** The emitter, or nothing before socket.io is attached (`request.server.realtime`). */
export type PermissionsEmitter = Pick<Emitter, 'emitToUsers' | 'listening'> | undefined;

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Active, not deleted users holding one of these roles (a deleted role's rows are kept: soft delete). */
async function holdersOf(db: Db, roleIds: readonly number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select('u.id')
    .where('ur.role_id', 'in', roleIds)
    .where('u.is_deleted', '=', false)
    .where('u.is_active', '=', true)
    .execute();
  return rows.map((r) => r.id);
}

async function superusers(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('is_superuser', '=', true)
    .where('is_deleted', '=', false)
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => r.id);
}

function send(emitter: PermissionsEmitter, userIds: readonly number[], roles: readonly number[]) {
  const users = unique(userIds);
  if (users.length) emitter?.emitToUsers(users, 'permissions', { roles: unique(roles) });
}

/** These roles changed (saved or deleted): their holders refetch. */
export async function announceRoles(db: Db, emitter: PermissionsEmitter, roleIds: readonly number[]) {
  if (!emitter?.listening()) return;
  send(emitter, await holdersOf(db, roleIds), roleIds);
}

/** These users' roles were replaced: they refetch (`roles` are their roles now). */
export function announceUsers(emitter: PermissionsEmitter, userIds: readonly number[], roles: number[]) {
  if (!emitter?.listening()) return;
  send(emitter, userIds, roles);
}

/** These menus changed: the roles granting them, and the superusers, refetch. */
export async function announceMenus(db: Db, emitter: PermissionsEmitter, menuIds: readonly number[]) {
  if (!emitter?.listening() || !menuIds.length) return;
  const roles = await db.selectFrom('role_menu').select('role_id').where('menu_id', 'in', menuIds).execute();
  const roleIds = roles.map((r) => r.role_id);
  send(emitter, [...(await holdersOf(db, roleIds)), ...(await superusers(db))], roleIds);
}

/** These menu buttons changed: the roles granting them or their menus, and the superusers, refetch. */
export async function announceButtons(db: Db, emitter: PermissionsEmitter, buttonIds: readonly number[]) {
  if (!emitter?.listening() || !buttonIds.length) return;
  const buttons = await db.selectFrom('menu_button').select('menu_id').where('id', 'in', buttonIds).execute();
  const menuIds = buttons.map((b) => b.menu_id);
  const [viaButton, viaMenu] = await Promise.all([
    db.selectFrom('role_menu_button').select('role_id').where('menu_button_id', 'in', buttonIds).execute(),
    menuIds.length
      ? db.selectFrom('role_menu').select('role_id').where('menu_id', 'in', menuIds).execute()
      : Promise.resolve([]),
  ]);
  const roleIds = [...viaButton, ...viaMenu].map((r) => r.role_id);
  send(emitter, [...(await holdersOf(db, roleIds)), ...(await superusers(db))], roleIds);
}
