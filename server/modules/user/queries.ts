import type { Db } from '../../db/index.ts';

export type RoleInfo = { id: number; name: string; key: string };
export type DeptInfo = { dept_id: number | null; dept_name: string | null };

/** The user's enabled roles, as `role_info` in login and user_info. */
export async function rolesOf(db: Db, userId: number): Promise<RoleInfo[]> {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.name', 'r.key'])
    .where('ur.user_id', '=', userId)
    .where('r.is_deleted', '=', false)
    .where('r.status', '=', true)
    .orderBy('r.sort')
    .orderBy('r.id')
    .execute();
}

export async function deptInfoOf(db: Db, deptId: number | null): Promise<DeptInfo> {
  if (deptId === null) return { dept_id: null, dept_name: null };
  const dept = await db
    .selectFrom('dept')
    .select('name')
    .where('id', '=', deptId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return { dept_id: dept ? deptId : null, dept_name: dept?.name ?? null };
}

export async function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}
