// /xy/message/ (CONTRACT.md, "Messages and the live feed"): the signed-in user's own in-site messages.
//   GET /xy/message/get_message/?status=0&limit=1&page=1  newest first, paginated
//   PUT /xy/message/{id}/read/  {id, status: 1}           only the recipient may mark it
//   PUT /xy/message/read_all/   {type?}                   marks every unread message of the caller read
//                                                         (of one type when given) → {count}
// The poll's answers are kept per user and query until a trigger reports a change to any message (the
// `messages` topic, migration 0009: in this process before the changing request answers) — issue 15.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ChangeCache } from '../../db/change-cache.ts';
import { changeFeedOf } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import { envelope, type Paging, pageEnvelope, parsePaging } from '../../http/envelope.ts';
import { validateBody } from '../../http/validate.ts';
import { formatDateTime } from '../../lib/time.ts';
import { htmlToText } from './service.ts';
import { badRequestWith, refuseWith } from './texts.ts';

export const MessagePaths = {
  getMessage: '/xy/message/get_message/',
  read: (id: number | string) => `/xy/message/${id}/read/`,
  readAll: '/xy/message/read_all/',
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
const readAllBody = z
  .object({
    type: z.preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
      z.literal([0, 1, 2, 3]).nullish(),
    ),
  })
  .nullish();
const READ_ALL_LABELS = { type: { zh: '类型', en: 'Type' } };
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

/** One row of the page query: the total, and a message — all null when the page is past the end. */
type PageRow = {
  total: number;
  id: number | null;
  title: string;
  message: string;
  type: number;
  status: number;
  create_datetime: Date;
  center_title: string | null;
  center_content: string | null;
};

type PageFilter = { userId: number; paging: Paging; status: number | null; type: number | null };

type MessagePage = { total: number; rows: ReturnType<typeof toMessageRow>[] };

/**
 * One page of a user's messages and their count, in one statement on the (user_id, status, id) index — the
 * page joined laterally, so a page past the end still brings the count.
 */
async function readMessagePage(db: Db, filter: PageFilter): Promise<MessagePage> {
  const conditions = [sql`x.user_id = ${filter.userId}`, sql`x.is_deleted = false`];
  if (filter.status !== null) conditions.push(sql`x.status = ${filter.status}`);
  if (filter.type !== null) conditions.push(sql`x.type = ${filter.type}`);
  const where = sql.join(conditions, sql` and `);
  // A message-centre message's text is stored once, in message_center: taken from there for the page.
  const { rows } = await sql<PageRow>`
    select t.total, p.*
    from (select count(*)::int as total from xy_message x where ${where}) t
    left join lateral (
      select x.id, x.title, x.message, x.type, x.status, x.create_datetime,
             mc.title as center_title, mc.content as center_content
      from xy_message x left join message_center mc on mc.id = x.center_id
      where ${where}
      order by x.id desc
      limit ${filter.paging.limit} offset ${filter.paging.offset}
    ) p on true`.execute(db);
  const shaped = rows
    .filter((row): row is PageRow & { id: number } => row.id !== null)
    .map((row) =>
      row.center_content == null
        ? row
        : { ...row, title: row.center_title ?? row.title, message: htmlToText(row.center_content) },
    );
  return { total: rows[0]?.total ?? 0, rows: shaped.map(toMessageRow) };
}

export function registerMessageRoutes(app: FastifyInstance, db: Db): void {
  const pages = new ChangeCache<MessagePage>(changeFeedOf(db), { messages: 'all' });
  app.get(MessagePaths.getMessage, AUTH, async (request) => {
    const query = request.query as Record<string, unknown>;
    const filter = {
      userId: request.user!.id,
      paging: parsePaging(query),
      status: queryInt(query.status),
      type: queryInt(query.type),
    };
    const { paging, status, type, userId } = filter;
    const key = `${userId}:${status}:${type}:${paging.page}:${paging.limit}`;
    const page = await pages.get(key, () => readMessagePage(db, filter));
    return pageEnvelope(request, paging, page.total, page.rows);
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

  app.put(MessagePaths.readAll, AUTH, async (request: FastifyRequest) => {
    const body = validateBody(readAllBody, request.body ?? {}, READ_ALL_LABELS);
    let q = db
      .updateTable('xy_message')
      .set({
        status: 1,
        read_datetime: sql<Date>`now()`,
        update_datetime: sql<Date>`now()`,
        modifier: String(request.user!.id),
      })
      .where('user_id', '=', request.user!.id)
      .where('status', '=', 0)
      .where('is_deleted', '=', false);
    if (body?.type != null) q = q.where('type', '=', body.type);
    const result = await q.executeTakeFirst();
    return envelope(request, { count: Number(result.numUpdatedRows ?? 0) }, 'ok.updated');
  });
}
