// Department writes with dvadmin's rules and messages: unique key, parent must exist (and, on update, not
// be the dept itself or one of its descendants), soft delete. A dept with live sub-departments is not
// deleted — stock dvadmin would orphan them; refusing is what users of admin consoles expect.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { ApiError, badRequest, refuse, resolveText } from '../../http/envelope.ts';
import type { AuthUser } from '../../http/types.ts';
import { descendantIds } from './queries.ts';
import { DEPT_LABELS, DEPT_MODEL, type DeptInput } from './schema.ts';

const UNIQUE_VIOLATION = '23505';

/** 关联字符:具有 关联字符 的 部门表 已存在。 — label and model name in the caller's language. */
const duplicateKey = () =>
  new ApiError(4000, (locale) =>
    resolveText(locale, {
      key: 'v.unique',
      params: { label: DEPT_LABELS.key[locale], model: DEPT_MODEL[locale] },
      label: DEPT_LABELS.key,
    }),
  );

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === UNIQUE_VIOLATION;

async function checkKeyFree(db: Db, key: string | null | undefined, exceptId?: number): Promise<void> {
  if (!key) return;
  let q = db.selectFrom('dept').select('id').where('key', '=', key).where('is_deleted', '=', false);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw duplicateKey();
}

async function checkParent(db: Db, parent: number | null | undefined, selfId?: number): Promise<void> {
  if (parent === null || parent === undefined) return;
  const exists = await db
    .selectFrom('dept')
    .select('id')
    .where('id', '=', parent)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!exists) throw refuse('v.pkMissing', { value: parent }, DEPT_LABELS.parent);
  if (selfId !== undefined && (await descendantIds(db, selfId)).includes(parent)) {
    throw refuse('dept.parentCycle', undefined, DEPT_LABELS.parent);
  }
}

function columns(input: DeptInput) {
  const set = {
    name: input.name,
    key: input.key,
    sort: input.sort ?? undefined,
    owner: input.owner,
    phone: input.phone,
    email: input.email,
    status: input.status ?? undefined,
    parent_id: input.parent,
    description: input.description,
  };
  // Fields not sent keep their value (or the column default on create), as DRF does for optional fields.
  return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as Partial<typeof set>;
}

export async function createDept(db: Db, input: DeptInput, user: AuthUser): Promise<number> {
  await checkParent(db, input.parent);
  await checkKeyFree(db, input.key);
  try {
    const { id } = await db
      .insertInto('dept')
      .values({ ...columns(input), name: input.name, creator: user.id, modifier: String(user.id) })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A dept belongs to itself (dvadmin's DeptCreateUpdateSerializer), so dept data scope covers it.
    await db
      .updateTable('dept')
      .set({ dept_belong_id: String(id) })
      .where('id', '=', id)
      .execute();
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKey();
    throw error;
  }
}

export async function updateDept(db: Db, id: number, input: DeptInput, user: AuthUser): Promise<void> {
  await checkParent(db, input.parent, id);
  await checkKeyFree(db, input.key, id);
  try {
    await db
      .updateTable('dept')
      .set({ ...columns(input), modifier: String(user.id), update_datetime: sql<Date>`now()` })
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKey();
    throw error;
  }
}

/** Soft-deletes the given depts; refuses when one has a live child that is not being deleted with it. */
export async function deleteDepts(db: Db, ids: number[], user: AuthUser): Promise<number> {
  const blocking = await db
    .selectFrom('dept')
    .select('id')
    .where('parent_id', 'in', ids)
    .where('id', 'not in', ids)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (blocking) throw refuse('dept.hasChildren');
  const result = await db
    .updateTable('dept')
    .set({ is_deleted: true, modifier: String(user.id), update_datetime: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const deptNotFound = () => badRequest('route.notFound');
