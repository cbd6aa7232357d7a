// /api/system/system_config/ — settings as groups (parent null, e.g. `base`, `login`) with items; the flat
// `"group.key": value` map of /api/init/settings/ is built from this table and kept until a trigger reports a
// change here (migration 0009), so a save shows there at once. `PUT system_config/save_content/` saves a group's items in one go: a list (or `{data: list}`)
// of `{id, value}` for existing items, or `{parent, key, title, value, …}` to add one.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { ApiError, badRequest } from '../../http/envelope.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { childCount, head, parseBool, registerResource, tail } from '../crud/kit.ts';

const body = z.object({
  parent: fields.optionalInteger(1),
  title: fields.text(50),
  key: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_]+$/, { message: 'v.invalid' }),
  value: z.unknown().optional(),
  sort: fields.optionalInteger(0),
  status: fields.optionalBoolean(),
  data_options: z.unknown().optional(),
  form_item_type: fields.optionalInteger(0, 20),
  placeholder: fields.optionalText(100),
  description: fields.description(),
});
type ConfigInput = z.output<typeof body>;

const LABELS = {
  parent: { zh: '父级', en: 'Group' },
  title: { zh: '标题', en: 'Title' },
  key: { zh: '键', en: 'Key' },
  value: { zh: '值', en: 'Value' },
  sort: { zh: '排序', en: 'Sort' },
  status: { zh: '启用状态', en: 'Enabled' },
  data_options: { zh: '数据options', en: 'Options' },
  form_item_type: { zh: '表单类型', en: 'Form item type' },
  placeholder: { zh: '提示信息', en: 'Placeholder' },
  ...COMMON_LABELS,
};

const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v ?? null));
const SAVED = { zh: '保存成功', en: 'Saved' };
const NOT_AN_ITEM = { zh: '配置项不存在', en: 'No such setting' };

export function registerSystemConfigRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'system_config',
    table: 'system_config',
    model: { zh: '系统配置表', en: 'setting' },
    labels: LABELS,
    body,
    dataScope: false,
    columnOf: { parent: 'parent_id' },
    filters: {
      parent: 'int',
      key: 'contains',
      title: 'contains',
      status: 'bool',
      form_item_type: 'int',
      parent__isnull: (qb, value) => {
        const isNull = parseBool(value);
        return isNull === null ? qb : qb.where('t.parent_id', isNull ? 'is' : 'is not', null);
      },
    },
    search: ['title', 'key'],
    ordering: ['id', 'key', 'title', 'sort', 'create_datetime'],
    defaultOrder: ['sort'],
    unique: [{ field: 'key', where: (input) => ({ parent_id: input.parent ?? null }) }],
    references: [{ field: 'parent', table: 'system_config' }],
    select: (qb) =>
      qb
        .leftJoin('system_config as g', 'g.id', 't.parent_id')
        .select(['g.key as group_key', childCount('system_config', 'parent_id')]),
    row: (r) => ({
      ...head(r),
      ...tail(r),
      title: r.title,
      key: r.key,
      value: r.value ?? null,
      sort: r.sort,
      status: r.status,
      data_options: r.data_options ?? null,
      form_item_type: r.form_item_type,
      placeholder: r.placeholder,
      parent: r.parent_id,
      /** `group.key` as /api/init/settings/ names it; null for a group. */
      setting: r.group_key ? `${r.group_key}.${r.key}` : null,
      hasChild: r.child_count > 0,
    }),
    columns: (input) => ({
      parent_id: input.parent,
      title: input.title,
      key: input.key,
      value: json(input.value),
      sort: input.sort ?? undefined,
      status: input.status ?? undefined,
      data_options: json(input.data_options),
      form_item_type: input.form_item_type ?? undefined,
      placeholder: input.placeholder,
      description: input.description,
    }),
    beforeDelete: async (ids) => {
      await db
        .updateTable('system_config')
        .set({ is_deleted: true })
        .where('parent_id', 'in', ids)
        .where('is_deleted', '=', false)
        .execute();
    },
    routes: (routes, kit) => {
      routes.put(`${kit.base}save_content/`, kit.options, async (request) => {
        const ctx = await kit.ctx(request);
        const raw = request.body as unknown;
        const items = Array.isArray(raw) ? raw : (raw as { data?: unknown } | undefined)?.data;
        if (!Array.isArray(items) || !items.length) throw badRequest('v.keysMissing');
        const updates: { id: number; value: unknown }[] = [];
        const creates: ConfigInput[] = [];
        for (const item of items) {
          if (!item || typeof item !== 'object' || Array.isArray(item)) throw badRequest('body.malformed');
          const { id, value } = item as { id?: unknown; value?: unknown };
          if (id === undefined || id === null || id === '') {
            creates.push(kit.validate(item));
            continue;
          }
          const row = await db
            .selectFrom('system_config')
            .select('id')
            .where('id', '=', Number(id))
            .where('parent_id', 'is not', null)
            .where('is_deleted', '=', false)
            .executeTakeFirst();
          if (!Number.isSafeInteger(Number(id)) || !row)
            throw new ApiError(4000, (l) => `${NOT_AN_ITEM[l]}: ${id}`);
          updates.push({ id: row.id, value });
        }
        await db.transaction().execute(async (trx) => {
          for (const u of updates) {
            await trx
              .updateTable('system_config')
              .set({
                value: json(u.value) ?? 'null',
                modifier: String(ctx.user.id),
                update_datetime: sql<Date>`now()`,
              })
              .where('id', '=', u.id)
              .execute();
          }
        });
        for (const input of creates) await kit.create(ctx, input);
        return { code: 2000, data: null, msg: SAVED[ctx.locale] };
      });
    },
  });
}
