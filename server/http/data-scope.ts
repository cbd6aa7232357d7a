// Data scope (CONTRACT.md, "Menus and permissions"): which rows a user may see and touch, by the
// `data_range` of their enabled roles, applied through each row's `dept_belong_id` (and `creator` for "own
// rows"). 0 own rows, 1 own dept and below, 2 own dept, 3 all, 4 the role's custom depts (role_dept).
// Several roles widen the scope (their conditions are OR-ed). Superusers see everything; a user without
// roles sees only their own rows.
import { type ExpressionBuilder, type SelectQueryBuilder, sql, type UpdateQueryBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AuthUser } from './types.ts';

export const DataRange = { own: 0, deptAndBelow: 1, dept: 2, all: 3, custom: 4 } as const;

export type DataScope = { all: true } | { all: false; creator: number; depts: string[] };

/** Ids of a dept and all its live descendants. */
export async function deptAndDescendants(db: Db, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive tree(id) as (
      select id from dept where id = ${id}
      union
      select d.id from dept d join tree t on d.parent_id = t.id where d.is_deleted = false
    ) select id from tree`.execute(db);
  return rows.map((r) => r.id);
}

/** The user's enabled, live roles with their data range. */
export function enabledRolesOf(db: Db, userId: number) {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.data_range'])
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', true)
    .where('r.is_deleted', '=', false)
    .execute();
}

/** The ids of the menus the user's enabled roles grant, as a subquery (`where('m.id', 'in', …)`). */
export const grantedMenuIds = (db: Db, userId: number) =>
  db
    .selectFrom('role_menu as rm')
    .innerJoin('user_role as ur', 'ur.role_id', 'rm.role_id')
    .innerJoin('role as r', 'r.id', 'rm.role_id')
    .select('rm.menu_id')
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', true)
    .where('r.is_deleted', '=', false);

/** The ids of the menu buttons the user's enabled roles grant, as a subquery. */
export const grantedButtonIds = (db: Db, userId: number) =>
  db
    .selectFrom('role_menu_button as rb')
    .innerJoin('user_role as ur', 'ur.role_id', 'rb.role_id')
    .innerJoin('role as r', 'r.id', 'rb.role_id')
    .select('rb.menu_button_id')
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', true)
    .where('r.is_deleted', '=', false);

export async function dataScopeOf(db: Db, user: AuthUser): Promise<DataScope> {
  if (user.is_superuser) return { all: true };
  const roles = await enabledRolesOf(db, user.id);
  if (roles.some((r) => r.data_range === DataRange.all)) return { all: true };
  const depts = new Set<number>();
  for (const role of roles) {
    if (role.data_range === DataRange.dept && user.dept_id !== null) depts.add(user.dept_id);
    if (role.data_range === DataRange.deptAndBelow && user.dept_id !== null) {
      for (const id of await deptAndDescendants(db, user.dept_id)) depts.add(id);
    }
    if (role.data_range === DataRange.custom) {
      const custom = await db
        .selectFrom('role_dept')
        .select('dept_id')
        .where('role_id', '=', role.id)
        .execute();
      for (const { dept_id } of custom) depts.add(dept_id);
    }
  }
  return { all: false, creator: user.id, depts: [...depts].map(String) };
}

// biome-ignore lint/suspicious/noExplicitAny: the scope applies to any table that has the common columns.
type AnyEb = ExpressionBuilder<any, any>;

/** The scope as a where-expression on the table aliased `alias` (own rows always included). */
export function scopeCondition(scope: DataScope, alias: string) {
  return (eb: AnyEb) => {
    if (scope.all) return eb.lit(true);
    const own = eb(eb.ref(`${alias}.creator`), '=', scope.creator);
    if (!scope.depts.length) return own;
    return eb.or([own, eb(eb.ref(`${alias}.dept_belong_id`), 'in', scope.depts)]);
  };
}

// biome-ignore lint/suspicious/noExplicitAny: generic over tables.
export function applyScope<Q extends SelectQueryBuilder<any, any, any>>(
  qb: Q,
  scope: DataScope,
  alias: string,
): Q {
  return scope.all ? qb : (qb.where(scopeCondition(scope, alias) as never) as Q);
}

// biome-ignore lint/suspicious/noExplicitAny: generic over tables.
export function applyScopeToUpdate<Q extends UpdateQueryBuilder<any, any, any, any>>(
  qb: Q,
  scope: DataScope,
  alias: string,
): Q {
  return scope.all ? qb : (qb.where(scopeCondition(scope, alias) as never) as Q);
}
