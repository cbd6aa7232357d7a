// dvadmin's message centre, /api/system/message_center/:
//   GET  /                      messages I sent (dvadmin: "我的发布"), paginated, newest first
//   POST /                      {title, content, target_type, target_user|target_role|target_dept}
//                               → stored once, one read-state xy_message per recipient, a socket `notification`
//   GET  /{id}/                 sender, recipient or superuser; a recipient reading it marks it read
//   PUT  /{id}/                 sender or superuser: title, content, description (recipients unchanged)
//   DELETE /{id}/               sender or superuser (soft delete, recipients' copies too)
//   GET  get_self_receive/      messages I received, with is_read (filters target_type, search, is_read)
//   GET  get_unread_msg/        {count} of my unread messages
//   GET  get_newest_msg/        the newest message I received, or null
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { envelope, pageEnvelope, parsePaging, refuse } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permission.ts';
import type { AuthUser } from '../../http/types.ts';
import { field, validateBody } from '../../http/validate.ts';
import type { Emitter } from '../../realtime/index.ts';
import { queryInt } from '../message/routes.ts';
import { htmlToText, notifyRecipients, storeMessages } from '../message/service.ts';
import { badRequestWith, refuseWith } from '../message/texts.ts';
import { missingIds, recipientsOf, selectCenters, targetsOf, toCenterRow } from './queries.ts';

const BASE = '/api/system/message_center/';
export const MessageCenterPaths = {
  list: BASE,
  item: (id: number | string) => `${BASE}${id}/`,
  selfReceive: `${BASE}get_self_receive/`,
  unread: `${BASE}get_unread_msg/`,
  newest: `${BASE}get_newest_msg/`,
} as const;

const asNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);
const idList = z.array(field.integer(1)).max(100_000).nullish();
const centerBody = z.object({
  title: field.text(100),
  content: field.text(100_000),
  target_type: z.preprocess(asNumber, z.literal([0, 1, 2, 3])),
  target_user: idList,
  target_role: idList,
  target_dept: idList,
  /** Extension: message type for the notification, 0 success, 1 warning, 2 info (default), 3 error. */
  type: z.preprocess(asNumber, z.literal([0, 1, 2, 3]).nullish()),
  description: field.optionalText(255),
});
/** PUT: the full body is sent (dvadmin rejects PATCH); only these fields change. */
const updateBody = centerBody.pick({ title: true, content: true, description: true });
export const CENTER_LABELS = {
  title: { zh: '标题', en: 'Title' },
  content: { zh: '内容', en: 'Content' },
  target_type: { zh: '目标类型', en: 'Target type' },
  target_user: { zh: '目标用户', en: 'Target users' },
  target_role: { zh: '目标角色', en: 'Target roles' },
  target_dept: { zh: '目标部门', en: 'Target departments' },
  type: { zh: '消息类型', en: 'Message type' },
  description: { zh: '描述', en: 'Description' },
};

const TARGET_FIELD = { 0: 'target_user', 1: 'target_role', 2: 'target_dept' } as const;
const TARGET_TABLE = { 0: 'users', 1: 'role', 2: 'dept' } as const;

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const parseBool = (v: unknown): boolean | null => {
  const s = first(v);
  if (s === '1' || s === 'true' || s === 'True') return true;
  if (s === '0' || s === 'false' || s === 'False') return false;
  return null;
};

export function registerMessageCenterRoutes(app: FastifyInstance, db: Db, emitter: Emitter): void {
  // API permission as for every system resource: buttons of the user's roles, or the white list (the
  // receiving side — get_self_receive, get_unread_msg, get_newest_msg, {id}/ — is white-listed for everyone).
  const AUTH = { config: { api: true, module: 'message_center' }, preHandler: [requirePermission(db)] };
  const idParam = (request: FastifyRequest) => {
    const id = queryInt((request.params as { id?: string }).id);
    if (id === null) throw badRequestWith('messageNotFound');
    return id;
  };

  const applyFilters = <Q extends ReturnType<typeof selectCenters>>(
    q: Q,
    query: Record<string, unknown>,
  ): Q => {
    let out = q;
    const targetType = queryInt(query.target_type);
    if (targetType !== null) out = out.where('mc.target_type', '=', targetType) as Q;
    for (const name of ['search', 'title'] as const) {
      const v = first(query[name]);
      if (typeof v === 'string' && v.trim() !== '')
        out = out.where('mc.title', 'ilike', likePattern(v.trim())) as Q;
    }
    return out;
  };

  const page = async (
    request: FastifyRequest,
    base: ReturnType<typeof selectCenters>,
    readFlag: (row: { id: number }) => boolean | undefined,
  ) => {
    const paging = parsePaging(request.query as Record<string, unknown>);
    const { n } = await base
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .orderBy('mc.create_datetime', 'desc')
      .orderBy('mc.id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute();
    const targets = await targetsOf(
      db,
      rows.map((r) => r.id),
    );
    return pageEnvelope(
      request,
      paging,
      n,
      rows.map((r) => toCenterRow(r, targets.get(r.id), readFlag(r))),
    );
  };

  /** The received-message query for a user: center rows with that user's copy (`x`). */
  const received = (user: AuthUser) =>
    selectCenters(db)
      .innerJoin('xy_message as x', (j) =>
        j.onRef('x.center_id', '=', 'mc.id').on('x.user_id', '=', user.id).on('x.is_deleted', '=', false),
      )
      .select('x.status as read_status');

  app.get(MessageCenterPaths.list, AUTH, async (request) => {
    const query = request.query as Record<string, unknown>;
    const base = applyFilters(selectCenters(db).where('mc.creator', '=', request.user!.id), query);
    return page(request, base, () => undefined);
  });

  app.get(MessageCenterPaths.selfReceive, AUTH, async (request) => {
    const query = request.query as Record<string, unknown>;
    let base = applyFilters(received(request.user!), query);
    const isRead = parseBool(query.is_read);
    if (isRead !== null) base = base.where('x.status', '=', isRead ? 1 : 0);
    return page(request, base, (row) => (row as unknown as { read_status: number }).read_status === 1);
  });

  app.get(MessageCenterPaths.unread, AUTH, async (request) => {
    const { n } = await db
      .selectFrom('xy_message')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', request.user!.id)
      .where('status', '=', 0)
      .where('is_deleted', '=', false)
      .executeTakeFirstOrThrow();
    return envelope(request, { count: n });
  });

  app.get(MessageCenterPaths.newest, AUTH, async (request) => {
    const row = await received(request.user!)
      .orderBy('mc.create_datetime', 'desc')
      .orderBy('mc.id', 'desc')
      .executeTakeFirst();
    if (!row) return envelope(request, null);
    const targets = await targetsOf(db, [row.id]);
    return envelope(request, toCenterRow(row, targets.get(row.id), row.read_status === 1));
  });

  app.post(MessageCenterPaths.list, AUTH, async (request) => {
    const input = validateBody(centerBody, request.body, CENTER_LABELS);
    const user = request.user!;
    const targetType = input.target_type;
    const lists = {
      users: [...new Set(input.target_user ?? [])],
      roles: [...new Set(input.target_role ?? [])],
      depts: [...new Set(input.target_dept ?? [])],
    };
    if (targetType !== 3) {
      const fieldName = TARGET_FIELD[targetType];
      const ids = targetType === 0 ? lists.users : targetType === 1 ? lists.roles : lists.depts;
      if (ids.length === 0) throw refuseWith('listEmpty', undefined, CENTER_LABELS[fieldName]);
      const missing = await missingIds(db, TARGET_TABLE[targetType], ids);
      if (missing.length) throw refuse('v.pkMissing', { value: missing[0]! }, CENTER_LABELS[fieldName]);
    }
    const recipients = await recipientsOf(db, targetType, lists);
    const audit = {
      creator: user.id,
      modifier: String(user.id),
      dept_belong_id: user.dept_id == null ? null : String(user.dept_id),
    };
    const message = (centerId: number) => ({
      title: input.title,
      message: htmlToText(input.content),
      type: input.type ?? 2,
      centerId,
      sender: user,
    });
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('message_center')
        .values({
          title: input.title,
          content: input.content,
          target_type: targetType,
          description: input.description ?? null,
          ...audit,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (targetType === 1 && lists.roles.length) {
        await trx
          .insertInto('message_center_target_role')
          .values(lists.roles.map((role_id) => ({ center_id: id, role_id })))
          .execute();
      }
      if (targetType === 2 && lists.depts.length) {
        await trx
          .insertInto('message_center_target_dept')
          .values(lists.depts.map((dept_id) => ({ center_id: id, dept_id })))
          .execute();
      }
      await storeMessages(trx, recipients, message(id));
      return id;
    });
    // Notified once the copies are committed, so a client reacting to the push finds them in its poll.
    notifyRecipients(emitter, recipients, message(id));
    const row = await selectCenters(db).where('mc.id', '=', id).executeTakeFirstOrThrow();
    const targets = await targetsOf(db, [id]);
    return envelope(request, toCenterRow(row, targets.get(id)), 'ok.created');
  });

  app.get(MessageCenterPaths.item(':id'), AUTH, async (request) => {
    const id = idParam(request);
    const user = request.user!;
    const row = await selectCenters(db).where('mc.id', '=', id).executeTakeFirst();
    if (!row) throw badRequestWith('messageNotFound');
    const copy = await db
      .selectFrom('xy_message')
      .select(['id', 'status'])
      .where('center_id', '=', id)
      .where('user_id', '=', user.id)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!copy && !user.is_superuser && row.creator !== user.id) throw badRequestWith('messageNotFound');
    // As in dvadmin, a recipient opening the message has read it.
    if (copy && copy.status !== 1) {
      await db
        .updateTable('xy_message')
        .set({ status: 1, read_datetime: sql<Date>`now()`, update_datetime: sql<Date>`now()` })
        .where('id', '=', copy.id)
        .execute();
    }
    const targets = await targetsOf(db, [id]);
    return envelope(request, toCenterRow(row, targets.get(id), copy ? true : undefined));
  });

  // Edits the title, content and description (and the recipients' copies); the recipients stay as sent.
  app.put(MessageCenterPaths.item(':id'), AUTH, async (request) => {
    const id = idParam(request);
    const user = request.user!;
    const row = await db
      .selectFrom('message_center')
      .select(['id', 'creator'])
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!row) throw badRequestWith('messageNotFound');
    if (!user.is_superuser && row.creator !== user.id) throw refuseWith('permissionDenied');
    const input = validateBody(updateBody, request.body, CENTER_LABELS);
    await db.transaction().execute(async (trx) => {
      const stamp = { modifier: String(user.id), update_datetime: sql<Date>`now()` };
      await trx
        .updateTable('message_center')
        .set({ title: input.title, content: input.content, description: input.description ?? null, ...stamp })
        .where('id', '=', id)
        .execute();
      // The recipients' rows hold read state only (the text is read from message_center).
      await trx.updateTable('xy_message').set(stamp).where('center_id', '=', id).execute();
    });
    const updated = await selectCenters(db).where('mc.id', '=', id).executeTakeFirstOrThrow();
    const targets = await targetsOf(db, [id]);
    return envelope(request, toCenterRow(updated, targets.get(id)), 'ok.updated');
  });

  app.delete(MessageCenterPaths.item(':id'), AUTH, async (request) => {
    const id = idParam(request);
    const user = request.user!;
    const row = await db
      .selectFrom('message_center')
      .select(['id', 'creator'])
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!row) throw badRequestWith('messageNotFound');
    if (!user.is_superuser && row.creator !== user.id) throw refuseWith('permissionDenied');
    await db.transaction().execute(async (trx) => {
      const stamp = { is_deleted: true, modifier: String(user.id), update_datetime: sql<Date>`now()` };
      await trx.updateTable('message_center').set(stamp).where('id', '=', id).execute();
      await trx.updateTable('xy_message').set(stamp).where('center_id', '=', id).execute();
    });
    return envelope(request, [], 'ok.deleted');
  });
}
