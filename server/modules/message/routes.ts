// /xy/message/ (CONTRACT.md, "Messages and the live feed"): the signed-in user's own in-site messages.
//   GET /xy/message/get_message/?status=0&limit=1&page=1  newest first, paginated
//   PUT /xy/message/{id}/read/  {id, status: 1}           only the recipient may mark it
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { envelope, pageEnvelope, parsePaging } from '../../http/envelope.ts';
import { validateBody } from '../../http/validate.ts';
import { formatDateTime } from '../../lib/time.ts';
import { badRequestWith, refuseWith } from './texts.ts';

export const MessagePaths = {
  getMessage: '/xy/message/get_message/',
  read: (id: number | string) => `/xy/message/${id}/read/`,
} as const;

const AUTH = { config: { api: true, module: 'message' } } as const;

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
export const queryInt = (v: unknown): number | null => {
  const s = first(v);
  return typeof s === 'string' && /^\d{1,9}$/.test(s) ? Number(s) : null;
};

const readBody = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number().int().nullish(),
  ),
  status: z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
    z.literal([0, 1]).nullish(),
  ),
});
const READ_LABELS = { id: 'id', status: { zh: '状态', en: 'Status' } };

export function toMessageRow(row: {
  id: number;
  title: string;
  message: string;
  type: number;
  status: number;
  create_datetime: Date;
}) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    status: row.status,
    create_datetime: formatDateTime(row.create_datetime),
  };
}

export function registerMessageRoutes(app: FastifyInstance, db: Db): void {
  app.get(MessagePaths.getMessage, AUTH, async (request) => {
    const query = request.query as Record<string, unknown>;
    const paging = parsePaging(query);
    let q = db
      .selectFrom('xy_message')
      .where('user_id', '=', request.user!.id)
      .where('is_deleted', '=', false);
    const status = queryInt(query.status);
    if (status !== null) q = q.where('status', '=', status);
    const type = queryInt(query.type);
    if (type !== null) q = q.where('type', '=', type);
    const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['id', 'title', 'message', 'type', 'status', 'create_datetime'])
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute();
    return pageEnvelope(request, paging, n, rows.map(toMessageRow));
  });

  app.put(MessagePaths.read(':id'), AUTH, async (request: FastifyRequest) => {
    const id = queryInt((request.params as { id?: string }).id);
    if (id === null) throw badRequestWith('messageNotFound');
    const body = validateBody(readBody, request.body, READ_LABELS);
    if (body.id != null && body.id !== id) throw refuseWith('idMismatch');
    const row = await db
      .selectFrom('xy_message')
      .select(['id', 'user_id'])
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!row) throw badRequestWith('messageNotFound');
    if (row.user_id !== request.user!.id) throw refuseWith('messageNotOwner');
    const status = body.status ?? 1;
    await db
      .updateTable('xy_message')
      .set({
        status,
        read_datetime: status === 1 ? sql<Date>`now()` : null,
        update_datetime: sql<Date>`now()`,
        modifier: String(request.user!.id),
      })
      .where('id', '=', id)
      .execute();
    return envelope(request, { id, status }, 'ok.updated');
  });
}
