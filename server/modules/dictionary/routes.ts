// GET /api/init/dictionary/ (public, as in dvadmin): `dictionary_key=all` (the default) → every enabled
// group with its enabled children; `dictionary_key=<key>` → that group's children only.
import type { FastifyInstance } from 'fastify';
import { Paths } from '../../../src/contract/paths.ts';
import type { Db } from '../../db/index.ts';
import { listEnvelope } from '../../http/envelope.ts';

export function registerDictionaryRoutes(app: FastifyInstance, db: Db): void {
  app.get(
    Paths.dictionary,
    { config: { api: true, auth: 'none', module: 'dictionary' } },
    async (request) => {
      const { dictionary_key: key } = request.query as { dictionary_key?: unknown };
      const wanted = typeof key === 'string' && key !== '' ? key : 'all';
      let groups = db
        .selectFrom('dictionary')
        .select(['id', 'value'])
        .where('parent_id', 'is', null)
        .where('status', '=', true)
        .where('is_deleted', '=', false)
        .orderBy('sort')
        .orderBy('id');
      if (wanted !== 'all') groups = groups.where('value', '=', wanted);
      const groupRows = await groups.execute();
      const children = groupRows.length
        ? await db
            .selectFrom('dictionary')
            .select(['parent_id', 'label', 'value', 'type', 'color'])
            .where(
              'parent_id',
              'in',
              groupRows.map((g) => g.id),
            )
            .where('status', '=', true)
            .where('is_deleted', '=', false)
            .orderBy('sort')
            .orderBy('id')
            .execute()
        : [];
      const childrenOf = (id: number) =>
        children
          .filter((c) => c.parent_id === id)
          .map(({ label, value, type, color }) => ({ label, value, type, color }));
      if (wanted !== 'all') return listEnvelope(request, groupRows[0] ? childrenOf(groupRows[0].id) : []);
      return listEnvelope(
        request,
        groupRows.map((g) => ({ id: g.id, value: g.value, children: childrenOf(g.id) })),
      );
    },
  );
}
