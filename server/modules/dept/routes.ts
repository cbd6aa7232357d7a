// /api/system/dept/ and friends (CONTRACT.md, "Dictionaries and departments").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Paths } from '../../../src/contract/paths.ts';
import type { Db } from '../../db/index.ts';
import {
  badRequest,
  envelope,
  listEnvelope,
  localeOf,
  pageEnvelope,
  parsePaging,
} from '../../http/envelope.ts';
import { validateBody } from '../../http/validate.ts';
import { applyDeptFilters, applyDeptOrdering, findDept, parseId, selectDepts, toDeptRow } from './queries.ts';
import { DEPT_LABELS, deptBody, keysBody } from './schema.ts';
import { createDept, deleteDepts, deptNotFound, updateDept } from './service.ts';

const AUTH = { config: { api: true, module: 'dept' } } as const;

const idParam = (request: FastifyRequest): number => {
  const id = parseId((request.params as { id?: string }).id);
  if (id === null) throw deptNotFound();
  return id;
};

export function registerDeptRoutes(app: FastifyInstance, db: Db): void {
  const rowOf = async (request: FastifyRequest, id: number) => {
    const row = await findDept(db, id);
    if (!row) throw deptNotFound();
    return toDeptRow(row, localeOf(request));
  };

  // Paginated list with filters; `lazy=1` answers one level (roots, or the children of `parent`) unpaginated,
  // as dvadmin's lazy tree does.
  app.get(Paths.dept, AUTH, async (request) => {
    const query = request.query as Record<string, unknown>;
    const locale = localeOf(request);
    const filtered = applyDeptFilters(selectDepts(db), query);
    if (query.lazy === '1' || query.lazy === 'true') {
      const level =
        query.parent === undefined || query.parent === ''
          ? filtered.where('d.parent_id', 'is', null)
          : filtered;
      const rows = await applyDeptOrdering(level, query.ordering).execute();
      return listEnvelope(
        request,
        rows.map((r) => toDeptRow(r, locale)),
        'ok.success',
      );
    }
    const paging = parsePaging(query);
    const count = await filtered
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const rows = await applyDeptOrdering(filtered, query.ordering)
      .limit(paging.limit)
      .offset(paging.offset)
      .execute();
    return pageEnvelope(
      request,
      paging,
      count.n,
      rows.map((r) => toDeptRow(r, locale)),
    );
  });

  app.post(Paths.dept, AUTH, async (request) => {
    const input = validateBody(deptBody, request.body, DEPT_LABELS);
    const id = await createDept(db, input, request.user!);
    return envelope(request, await rowOf(request, id), 'ok.created');
  });

  app.get(Paths.deptAll, AUTH, async (request) => {
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

  // Stock dvadmin answers the whole tree (its `parent` parameter only matters for scoped users); so do we.
  app.get(Paths.deptLazyTree, AUTH, async (request) => {
    const rows = await db
      .selectFrom('dept')
      .select(['id', 'name', 'parent_id as parent'])
      .where('is_deleted', '=', false)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return envelope(request, rows);
  });

  app.delete(Paths.deptMultipleDelete, AUTH, async (request) => {
    const body = request.body as { keys?: unknown } | undefined;
    if (!body || !Array.isArray(body.keys) || body.keys.length === 0) throw badRequest('v.keysMissing');
    const { keys } = validateBody(keysBody, body, { keys: 'keys' });
    await deleteDepts(db, [...new Set(keys)], request.user!);
    return listEnvelope(request, [], 'ok.deleted');
  });

  app.get(Paths.deptItem(':id'), AUTH, async (request) =>
    envelope(request, await rowOf(request, idParam(request))),
  );

  app.put(Paths.deptItem(':id'), AUTH, async (request) => {
    const id = idParam(request);
    if (!(await findDept(db, id))) throw deptNotFound();
    const input = validateBody(deptBody, request.body, DEPT_LABELS);
    await updateDept(db, id, input, request.user!);
    return envelope(request, await rowOf(request, id), 'ok.updated');
  });

  app.delete(Paths.deptItem(':id'), AUTH, async (request) => {
    const id = idParam(request);
    if (!(await findDept(db, id))) throw deptNotFound();
    await deleteDepts(db, [id], request.user!);
    return envelope(request, [], 'ok.deleted');
  });
}
