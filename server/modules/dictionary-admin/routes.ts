// /api/system/dictionary/ — dictionary groups (parent null) and their items, in one flat list as stock
// dvadmin answers it (the console builds the tree by `parent`); `?parent=<group id>` a group's items,
// `lazy=1` the groups alone. The public /api/init/dictionary/ reads the same table, so edits show there at
// once. Deleting a group deletes its items. Values are unique within their parent.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { childCount, head, refuseText, registerResource, tail } from '../crud/kit.ts';

const body = z.object({
  label: fields.optionalText(100),
  value: fields.text(200),
  parent: fields.optionalInteger(1),
  type: fields.optionalChoice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]),
  color: fields.optionalText(20),
  is_value: fields.optionalBoolean(),
  status: fields.optionalBoolean(),
  sort: fields.optionalInteger(0),
  remark: fields.optionalText(2000),
  description: fields.description(),
});

const LABELS = {
  label: { zh: '字典名称', en: 'Label' },
  value: { zh: '字典编号', en: 'Value' },
  parent: { zh: '父级', en: 'Parent' },
  type: { zh: '数据值类型', en: 'Value type' },
  color: { zh: '颜色', en: 'Colour' },
  is_value: { zh: '是否为value值', en: 'Is a value' },
  status: { zh: '状态', en: 'Status' },
  sort: { zh: '显示排序', en: 'Sort' },
  remark: { zh: '备注', en: 'Remark' },
  ...COMMON_LABELS,
};

export function registerDictionaryAdminRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'dictionary',
    table: 'dictionary',
    model: { zh: '字典表', en: 'dictionary' },
    labels: LABELS,
    body,
    dataScope: false,
    tree: { parentColumn: 'parent_id' },
    columnOf: { parent: 'parent_id' },
    filters: { label: 'contains', value: 'contains', status: 'bool', type: 'int', parent: 'int' },
    search: ['label', 'value'],
    ordering: ['id', 'label', 'value', 'sort', 'create_datetime'],
    defaultOrder: ['sort'],
    unique: [{ field: 'value', where: (input) => ({ parent_id: input.parent ?? null }) }],
    references: [{ field: 'parent', table: 'dictionary' }],
    select: (qb) => qb.select(childCount('dictionary', 'parent_id')),
    row: (r) => ({
      ...head(r),
      hasChild: r.child_count > 0,
      ...tail(r),
      label: r.label,
      value: r.value,
      parent: r.parent_id,
      type: r.type,
      color: r.color,
      is_value: r.is_value,
      status: r.status,
      sort: r.sort,
      remark: r.remark,
    }),
    columns: (input) => ({
      label: input.label,
      value: input.value,
      parent_id: input.parent,
      type: input.type ?? undefined,
      color: input.color,
      is_value: input.is_value ?? (input.parent ? true : undefined),
      status: input.status ?? undefined,
      sort: input.sort ?? undefined,
      remark: input.remark,
      description: input.description,
    }),
    beforeWrite: async (input, _ctx, id) => {
      if (input.parent && id !== null && input.parent === id) {
        throw refuseText({ zh: '父级不能是自己', en: 'A row cannot be its own parent' }, LABELS.parent);
      }
    },
    beforeDelete: async (ids) => {
      await db
        .updateTable('dictionary')
        .set({ is_deleted: true })
        .where('parent_id', 'in', ids)
        .where('is_deleted', '=', false)
        .execute();
    },
  });
}
