// Department reads and the list filters. Rows carry dvadmin's serializer fields: names of creator,
// modifier and parent, the child count (`has_children`, `hasChild`) and the status label.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Locale } from '../../http/messages.ts';
import { formatDateTime, parseLocalDate } from '../../lib/time.ts';

export function selectDepts(db: Db) {
  return db
    .selectFrom('dept as d')
    .leftJoin('dept as p', (j) => j.onRef('p.id', '=', 'd.parent_id').on('p.is_deleted', '=', false))
    .leftJoin('users as c', 'c.id', 'd.creator')
    .leftJoin('users as m', (j) => j.on(sql<boolean>`m.id::text = d.modifier`))
    .selectAll('d')
    .select([
      'p.name as parent_name',
      'c.name as creator_name',
      'm.name as modifier_name',
      sql<number>`(select count(*)::int from dept ch where ch.parent_id = d.id and ch.is_deleted = false)`.as(
        'has_children',
      ),
    ])
    .where('d.is_deleted', '=', false);
}

export type DeptSelect = ReturnType<typeof selectDepts>;
type SelectedDept = Awaited<ReturnType<DeptSelect['executeTakeFirstOrThrow']>>;

export function toDeptRow(row: SelectedDept, locale: Locale) {
  return {
    id: row.id,
    modifier_name: row.modifier_name ?? null,
    creator_name: row.creator_name ?? null,
    create_datetime: formatDateTime(row.create_datetime),
    update_datetime: formatDateTime(row.update_datetime),
    parent_name: row.parent_name ?? null,
    status_label: row.status ? (locale === 'en' ? 'Enabled' : '启用') : locale === 'en' ? 'Disabled' : '禁用',
    has_children: row.has_children,
    hasChild: row.has_children > 0,
    description: row.description,
    modifier: row.modifier,
    dept_belong_id: row.dept_belong_id,
    name: row.name,
    key: row.key,
    sort: row.sort,
    owner: row.owner,
    phone: row.phone,
    email: row.email,
    status: row.status,
    creator: row.creator,
    parent: row.parent_id,
  };
}

export async function findDept(db: Db, id: number) {
  return selectDepts(db).where('d.id', '=', id).executeTakeFirst();
}

const ORDERABLE = new Set([
  'id',
  'name',
  'key',
  'sort',
  'status',
  'owner',
  'create_datetime',
  'update_datetime',
]);
const CONTAINS = ['name', 'key', 'owner', 'phone', 'email'] as const;

const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
export const parseId = (v: unknown): number | null => {
  const s = first(v);
  return typeof s === 'string' && /^\d{1,9}$/.test(s) ? Number(s) : typeof s === 'number' ? s : null;
};
const parseBool = (v: unknown): boolean | null => {
  const s = first(v);
  if (s === '1' || s === 'true' || s === 'True') return true;
  if (s === '0' || s === 'false' || s === 'False') return false;
  return null;
};

/**
 * Applies dvadmin-style list filters from the query: field filters (text fields match as "contains"),
 * `search`, creation date range, `ordering`. Unknown parameters — `timestamp`, `sign` included — are ignored.
 */
export function applyDeptFilters(query: DeptSelect, params: Record<string, unknown>): DeptSelect {
  let q = query;
  for (const name of CONTAINS) {
    const v = first(params[name]);
    if (typeof v === 'string' && v !== '') q = q.where(`d.${name}`, 'ilike', likePattern(v));
  }
  const status = parseBool(params.status);
  if (status !== null) q = q.where('d.status', '=', status);
  const parent = parseId(params.parent);
  if (parent !== null) q = q.where('d.parent_id', '=', parent);
  const id = parseId(params.id);
  if (id !== null) q = q.where('d.id', '=', id);
  const search = first(params.search);
  if (typeof search === 'string' && search.trim() !== '') {
    const pattern = likePattern(search.trim());
    q = q.where((eb) =>
      eb.or([eb('d.name', 'ilike', pattern), eb('d.key', 'ilike', pattern), eb('d.owner', 'ilike', pattern)]),
    );
  }
  const after = parseLocalDate(first(params.create_datetime_after));
  if (after) q = q.where('d.create_datetime', '>=', after);
  const before = parseLocalDate(first(params.create_datetime_before));
  if (before) q = q.where('d.create_datetime', '<', new Date(before.getTime() + 86400_000));
  return q;
}

export function applyDeptOrdering(query: DeptSelect, ordering: unknown): DeptSelect {
  let q = query;
  const fields = typeof first(ordering) === 'string' ? String(first(ordering)).split(',') : [];
  for (const raw of fields) {
    const desc = raw.trim().startsWith('-');
    const name = raw.trim().replace(/^-/, '');
    if (ORDERABLE.has(name)) q = q.orderBy(sql.ref(`d.${name}`), desc ? 'desc' : 'asc');
  }
  // dvadmin's Dept default ordering is `sort`; id keeps pages stable.
  return q.orderBy('d.sort').orderBy('d.id');
}

/** Ids of a dept and all its live descendants (for the "not under itself" check). */
export async function descendantIds(db: Db, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive tree(id) as (
      select id from dept where id = ${id}
      union
      select d.id from dept d join tree t on d.parent_id = t.id where d.is_deleted = false
    ) select id from tree`.execute(db);
  return rows.map((r) => r.id);
}
