// /api/system/dept/ on the CRUD kit (CONTRACT.md, "Dictionaries and departments"), plus all_dept and
// dept_lazy_tree. dvadmin's rules: unique key, the parent must exist and (on update) not be the dept itself
// or one of its descendants, soft delete; a dept belongs to itself so data scope by dept covers it. A dept
// with live sub-departments or live users is not deleted (stock dvadmin would orphan them); the refusal
// says how many users are still in it.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Paths } from '../../../src/contract/paths.ts';
import type { Db } from '../../db/index.ts';
import { deptAndDescendants } from '../../http/data-scope.ts';
import { envelope, refuse } from '../../http/envelope.ts';
import { childCount, head, registerResource, tail } from '../crud/kit.ts';
import { DEPT_LABELS, DEPT_MODEL, deptBody } from './schema.ts';

const STATUS_LABEL = { zh: ['禁用', '启用'], en: ['Disabled', 'Enabled'] } as const;

export function registerDeptRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'dept',
    table: 'dept',
    model: DEPT_MODEL,
    labels: DEPT_LABELS,
    body: deptBody,
    belongsToSelf: true,
    tree: { parentColumn: 'parent_id' },
    columnOf: { parent: 'parent_id' },
    filters: {
      name: 'contains',
      key: 'contains',
      owner: 'contains',
      phone: 'contains',
      email: 'contains',
      status: 'bool',
      parent: 'int',
    },
    search: ['name', 'key', 'owner'],
    ordering: ['id', 'name', 'key', 'sort', 'status', 'owner', 'create_datetime', 'update_datetime'],
    defaultOrder: ['sort'],
    unique: [{ field: 'key' }],
    references: [{ field: 'parent', table: 'dept' }],
    select: (qb) =>
      qb
        .leftJoin('dept as p', (j) => j.onRef('p.id', '=', 't.parent_id').on('p.is_deleted', '=', false))
        .select(['p.name as parent_name', childCount('dept', 'parent_id', 'has_children')]),
    row: (r, { locale }) => ({
      ...head(r),
      parent_name: r.parent_name ?? null,
      status_label: STATUS_LABEL[locale][r.status ? 1 : 0],
      has_children: r.has_children,
      hasChild: r.has_children > 0,
      ...tail(r),
      name: r.name,
      key: r.key,
      sort: r.sort,
      // text, never null, as stock answers them (its columns default to '')
      owner: r.owner ?? '',
      phone: r.phone ?? '',
      email: r.email ?? '',
      status: r.status,
      parent: r.parent_id,
    }),
    columns: (input) => ({
      name: input.name,
      key: input.key,
      sort: input.sort ?? undefined,
      owner: input.owner,
      phone: input.phone,
      email: input.email,
      status: input.status ?? undefined,
      parent_id: input.parent,
      description: input.description,
    }),
    beforeWrite: async (input, _ctx, id) => {
      if (id === null || input.parent === null || input.parent === undefined) return;
      if ((await deptAndDescendants(db, id)).includes(input.parent)) {
        throw refuse('dept.parentCycle', undefined, DEPT_LABELS.parent);
      }
    },
    beforeDelete: async (ids) => {
      const blocking = await db
        .selectFrom('dept')
        .select('id')
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .where('is_deleted', '=', false)
        .executeTakeFirst();
      if (blocking) throw refuse('dept.hasChildren');
      const users = await db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('dept_id', 'in', ids)
        .where('is_deleted', '=', false)
        .executeTakeFirstOrThrow();
      if (users.n > 0) throw refuse('dept.hasUsers', { count: users.n });
    },
    export: {
      filename: { zh: '部门', en: 'departments' },
      columns: [
        { field: 'id', header: 'ID' },
        { field: 'name', header: DEPT_LABELS.name },
        { field: 'key', header: DEPT_LABELS.key },
        { field: 'parent_name', header: DEPT_LABELS.parent },
        { field: 'owner', header: DEPT_LABELS.owner },
        { field: 'phone', header: DEPT_LABELS.phone },
        { field: 'email', header: DEPT_LABELS.email },
        { field: 'sort', header: DEPT_LABELS.sort },
        { field: 'status_label', header: DEPT_LABELS.status },
        { field: 'create_datetime', header: { zh: '创建时间', en: 'Created' } },
      ],
    },
    routes: (routes, kit) => {
      // Both answer the whole live tree as {id, name, parent}, as stock dvadmin does for unscoped users.
      routes.get(Paths.deptAll, kit.options, async (request) => {
        const rows = await db
          .selectFrom('dept')
          .select(['name', 'id', 'parent_id as parent'])
          .where('status', '=', true)
          .where('is_deleted', '=', false)
          .orderBy('sort')
          .orderBy('id')
          .execute();
        return envelope(request, rows);
      });
      routes.get(Paths.deptLazyTree, kit.options, async (request) => {
        const rows = await db
          .selectFrom('dept')
          .select(['id', 'name', 'parent_id as parent'])
          .where('is_deleted', '=', false)
          .orderBy('sort')
          .orderBy('id')
          .execute();
        return envelope(request, rows);
      });
    },
  });
}
