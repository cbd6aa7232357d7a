// /api/system/area/ — a lazy tree of administrative areas (dvadmin's Area): without a filter the provinces
// (level 1); `?pcode=<code>` or `?parent=<id>` the children of one. `pcode` is the parent's code.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { ApiError, resolveText } from '../../http/envelope.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, parseId, registerResource, tail } from '../crud/kit.ts';

const body = z.object({
  name: fields.text(100),
  code: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[0-9A-Za-z]+$/, { message: 'v.invalid' }),
  level: fields.optionalInteger(1, 4),
  pinyin: fields.optionalText(255),
  initials: fields.optionalText(20),
  enable: fields.optionalBoolean(),
  pcode: fields.optionalText(20),
  description: fields.description(),
});

const LABELS = {
  name: { zh: '名称', en: 'Name' },
  code: { zh: '地区编码', en: 'Code' },
  level: { zh: '地区层级', en: 'Level' },
  pinyin: { zh: '拼音', en: 'Pinyin' },
  initials: { zh: '首字母', en: 'Initial' },
  enable: { zh: '是否启用', en: 'Enabled' },
  pcode: { zh: '父地区编码', en: 'Parent code' },
  ...COMMON_LABELS,
};

export function registerAreaRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'area',
    table: 'area',
    model: { zh: '地区表', en: 'area' },
    labels: LABELS,
    body,
    dataScope: false,
    tree: { parentColumn: 'pcode', rootsByDefault: true },
    filters: {
      name: 'contains',
      code: 'exact',
      pcode: 'exact',
      level: 'int',
      enable: 'bool',
      parent: (qb, value) => {
        const id = parseId(value);
        return id === null
          ? qb.where(sql.lit(false))
          : qb.where(sql<boolean>`t.pcode = (select a.code from area a where a.id = ${id})`);
      },
    },
    search: ['name', 'code', 'pinyin'],
    ordering: ['id', 'name', 'code', 'level', 'create_datetime'],
    defaultOrder: ['code'],
    unique: [{ field: 'code' }],
    select: (qb) =>
      qb.select([
        sql<number>`(select count(*)::int from area c where c.pcode = t.code and c.is_deleted = false)`.as(
          'child_count',
        ),
        sql<number | null>`(select p.id from area p where p.code = t.pcode and p.is_deleted = false)`.as(
          'parent_id',
        ),
      ]),
    row: (r) => ({
      ...head(r),
      pcode_count: r.child_count,
      hasChild: r.child_count > 0,
      ...tail(r),
      name: r.name,
      code: r.code,
      level: r.level,
      pinyin: r.pinyin,
      initials: r.initials,
      enable: r.enable,
      pcode: r.pcode,
      parent: r.parent_id ?? null,
    }),
    columns: async (input) => {
      let level = input.level ?? undefined;
      if (input.pcode) {
        const parent = await db
          .selectFrom('area')
          .select('level')
          .where('code', '=', input.pcode)
          .where('is_deleted', '=', false)
          .executeTakeFirst();
        if (!parent) {
          throw new ApiError(4000, (l) =>
            resolveText(l, {
              key: 'v.pkMissing',
              params: { value: String(input.pcode) },
              label: LABELS.pcode,
            }),
          );
        }
        level ??= parent.level + 1;
      }
      return {
        name: input.name,
        code: input.code,
        level,
        pinyin: input.pinyin,
        initials: input.initials,
        enable: input.enable ?? undefined,
        pcode: input.pcode || null,
        description: input.description,
      };
    },
    beforeDelete: async (ids) => {
      const codes = await db.selectFrom('area').select('code').where('id', 'in', ids).execute();
      const child = codes.length
        ? await db
            .selectFrom('area')
            .select('id')
            .where(
              'pcode',
              'in',
              codes.map((c) => c.code),
            )
            .where('id', 'not in', ids)
            .where('is_deleted', '=', false)
            .executeTakeFirst()
        : undefined;
      if (child)
        throw new ApiError(4000, (l) =>
          l === 'en' ? 'The area has sub-areas and cannot be deleted' : '该地区下存在下级地区，无法删除',
        );
    },
  });
}
