// Reads of the message centre: rows shaped like dvadmin's MessageCenterSerializer (fixture
// message_self_receive.json), targets attached per page, and the recipients a message fans out to.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { formatDateTime } from '../../lib/time.ts';

export function selectCenters(db: Db) {
  return db
    .selectFrom('message_center as mc')
    .leftJoin('users as c', 'c.id', 'mc.creator')
    .leftJoin('users as m', (j) => j.on(sql<boolean>`m.id::text = mc.modifier`))
    .selectAll('mc')
    .select(['c.name as creator_name', 'm.name as modifier_name'])
    .where('mc.is_deleted', '=', false);
}

type CenterRow = Awaited<ReturnType<ReturnType<typeof selectCenters>['executeTakeFirstOrThrow']>>;
type Named = { id: number; name: string };
export type Targets = { users: Named[]; roles: Named[]; depts: Named[] };

/** Users, roles and depts each message was addressed to (users = its recipients), keyed by message id. */
export async function targetsOf(db: Db, ids: number[]): Promise<Map<number, Targets>> {
  const map = new Map<number, Targets>(ids.map((id) => [id, { users: [], roles: [], depts: [] }]));
  if (ids.length === 0) return map;
  const [users, roles, depts] = await Promise.all([
    db
      .selectFrom('xy_message as x')
      .innerJoin('users as u', 'u.id', 'x.user_id')
      .select(['x.center_id', 'u.id', 'u.name'])
      .where('x.center_id', 'in', ids)
      .where('x.is_deleted', '=', false)
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('message_center_target_role as t')
      .innerJoin('role as r', 'r.id', 't.role_id')
      .select(['t.center_id', 'r.id', 'r.name'])
      .where('t.center_id', 'in', ids)
      .orderBy('r.id')
      .execute(),
    db
      .selectFrom('message_center_target_dept as t')
      .innerJoin('dept as d', 'd.id', 't.dept_id')
      .select(['t.center_id', 'd.id', 'd.name'])
      .where('t.center_id', 'in', ids)
      .orderBy('d.id')
      .execute(),
  ]);
  for (const u of users) map.get(u.center_id!)?.users.push({ id: u.id, name: u.name });
  for (const r of roles) map.get(r.center_id)?.roles.push({ id: r.id, name: r.name });
  for (const d of depts) map.get(d.center_id)?.depts.push({ id: d.id, name: d.name });
  return map;
}

export function toCenterRow(row: CenterRow, targets: Targets | undefined, isRead?: boolean) {
  const t = targets ?? { users: [], roles: [], depts: [] };
  return {
    id: row.id,
    modifier_name: row.modifier_name ?? null,
    creator_name: row.creator_name ?? null,
    create_datetime: formatDateTime(row.create_datetime),
    update_datetime: formatDateTime(row.update_datetime),
    ...(isRead === undefined ? {} : { is_read: isRead }),
    description: row.description,
    modifier: row.modifier,
    dept_belong_id: row.dept_belong_id,
    title: row.title,
    content: row.content,
    target_type: row.target_type,
    creator: row.creator,
    target_user: t.users.map((u) => u.id),
    target_dept: t.depts.map((d) => d.id),
    target_role: t.roles.map((r) => r.id),
    user_info: t.users,
    role_info: t.roles,
    dept_info: t.depts,
  };
}

const activeUsers = (db: Db) =>
  db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.is_deleted', '=', false)
    .where('u.is_active', '=', true);

/**
 * Who receives a message: 0 the listed users, 1 the users holding one of the roles, 2 the users of the depts
 * and of their sub-departments, 3 every active user. Disabled and deleted users are left out.
 */
export async function recipientsOf(
  db: Db,
  targetType: number,
  targets: { users: number[]; roles: number[]; depts: number[] },
): Promise<number[]> {
  let q = activeUsers(db);
  if (targetType === 0) {
    if (targets.users.length === 0) return [];
    q = q.where('u.id', 'in', targets.users);
  } else if (targetType === 1) {
    if (targets.roles.length === 0) return [];
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_role as ur')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('ur.role_id', 'in', targets.roles),
      ),
    );
  } else if (targetType === 2) {
    if (targets.depts.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      with recursive tree(id) as (
        select id from dept where id in (${sql.join(targets.depts)}) and is_deleted = false
        union
        select d.id from dept d join tree t on d.parent_id = t.id where d.is_deleted = false
      ) select id from tree`.execute(db);
    if (rows.length === 0) return [];
    q = q.where(
      'u.dept_id',
      'in',
      rows.map((r) => r.id),
    );
  }
  return (await q.orderBy('u.id').execute()).map((r) => r.id);
}

/** The ids among `ids` that do not name a live row of `table`. */
export async function missingIds(db: Db, table: 'users' | 'role' | 'dept', ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', ids)
    .where('is_deleted', '=', false)
    .execute();
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}
