// Helpers for self-referencing resources (menus, dictionaries, depts): descendants, cycle and child checks.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Label } from '../../http/envelope.ts';
import { type Column, type ResourceTable, refuseText } from './kit.ts';

/** Ids of a row and all its live descendants in `table` by `parentColumn`. */
export async function descendants<T extends ResourceTable>(
  db: Db,
  table: T,
  parentColumn: Column<T>,
  id: number,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive tree(id) as (
      select id from ${sql.table(table)} where id = ${id}
      union
      select c.id from ${sql.table(table)} c join tree t on c.${sql.ref(parentColumn)} = t.id
      where c.is_deleted = false
    ) select id from tree`.execute(db);
  return rows.map((r) => r.id);
}

const CYCLE = {
  zh: '上级不能是自己或自己的下级',
  en: 'A row cannot be placed under itself or its descendants',
};

/** Refuses moving row `id` under itself or one of its descendants. */
export async function refuseCycle<T extends ResourceTable>(
  db: Db,
  table: T,
  parentColumn: Column<T>,
  id: number | null,
  parent: number | null | undefined,
  label: Label,
): Promise<void> {
  if (id === null || parent === null || parent === undefined) return;
  if ((await descendants(db, table, parentColumn, id)).includes(parent)) throw refuseText(CYCLE, label);
}

const HAS_CHILDREN = { zh: '存在下级数据，无法删除', en: 'It has children and cannot be deleted' };

/** Refuses deleting rows that have live children which are not deleted with them. */
export async function refuseWithChildren<T extends ResourceTable>(
  db: Db,
  table: T,
  parentColumn: Column<T>,
  ids: number[],
): Promise<void> {
  const { rows } = await sql<{ id: number }>`
    select id from ${sql.table(table)}
    where ${sql.ref(parentColumn)} in (${sql.join(ids)}) and not (id in (${sql.join(ids)})) and is_deleted = false
    limit 1`.execute(db);
  if (rows.length) throw refuseText(HAS_CHILDREN);
}
