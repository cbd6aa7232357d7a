// /xy/feedback/ — what customers report and the operators' answers:
//   POST /xy/feedback/submit/   a customer's own call, `Authorization: Token <api_key>` (the key of /xy/users/),
//                               {title, content} → the stored feedback; operators are told (business message)
//   GET, GET {id}/, PUT {id}/, DELETE {id}/ on the CRUD kit (the seeded Search / Retrieve / Update / Delete):
//   PUT takes {reply, status}; a new or changed reply sets status `answered` (unless `closed` is given), stamps
//   replied_at / replied_by and queues {event: 'feedback_reply'} to the customer's webhook in the same
//   transaction, through the push outbox like any push.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { ApiError, envelope } from '../../http/envelope.ts';
import { validateBody } from '../../http/validate.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { BusinessMessages } from '../alerts/service.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, refuseText, registerResource, tail } from '../crud/kit.ts';
import { customerByApiKey } from '../customers/routes.ts';
import { enqueueFeedbackReply, localDay } from '../push/outbox.ts';

export const FEEDBACK_API = '/xy/feedback/';
const STATUSES = ['open', 'answered', 'closed'] as const;

const FEEDBACK_LABELS = {
  customer: { zh: '用户', en: 'Customer' },
  title: { zh: '标题', en: 'Title' },
  content: { zh: '内容', en: 'Content' },
  status: { zh: '状态', en: 'Status' },
  reply: { zh: '回复', en: 'Reply' },
  replied_at: { zh: '回复时间', en: 'Replied at' },
  ...COMMON_LABELS,
};

const submitBody = z.object({ title: fields.text(200), content: fields.optionalText(10_000) });
const replyBody = z.object({
  reply: fields.optionalText(10_000),
  status: z.enum(STATUSES).optional(),
});

const TEXT = {
  noKey: {
    zh: '请在 Authorization 头中提供 API 密钥：Token <api_key>。',
    en: 'Send your API key in the Authorization header: Token <api_key>.',
  },
  badKey: { zh: 'API 密钥无效。', en: 'Invalid API key.' },
  inactive: { zh: '该用户已停用或已过期。', en: 'This customer is disabled or expired.' },
  operatorsOnly: {
    zh: '反馈只能由用户通过 POST /xy/feedback/submit/ 提交。',
    en: 'Feedback is submitted by customers through POST /xy/feedback/submit/.',
  },
};

/** Requests whose write gives a new reply (so the reply is pushed). */
const answering = new WeakSet<FastifyRequest>();

export function registerFeedbackRoutes(
  app: FastifyInstance,
  db: Db,
  messages: BusinessMessages,
  wake: () => void,
  now: () => Date = () => new Date(),
): void {
  const refuseKey = (text: { zh: string; en: string }) => new ApiError(4000, (locale) => text[locale]);

  app.post(
    `${FEEDBACK_API}submit/`,
    { config: { api: true, module: 'xy_feedback', auth: 'none' } },
    async (request) => {
      const header = request.headers.authorization ?? '';
      const match = /^\s*token\s+(\S+)\s*$/i.exec(header);
      if (!match) throw refuseKey(TEXT.noKey);
      const customer = await customerByApiKey(db, match[1]!);
      if (!customer) throw refuseKey(TEXT.badKey);
      const expiry =
        customer.expire_date === null
          ? null
          : typeof customer.expire_date === 'string'
            ? customer.expire_date.slice(0, 10)
            : localDay(customer.expire_date);
      if (!customer.enabled || (expiry && expiry < localDay(now()))) throw refuseKey(TEXT.inactive);
      const input = validateBody(submitBody, request.body, FEEDBACK_LABELS);
      const row = await db
        .insertInto('xy_feedback')
        .values({
          customer_id: customer.id,
          title: input.title,
          content: input.content ?? '',
          dept_belong_id: customer.dept_belong_id,
          creator: customer.creator,
        })
        .returning(['id', 'title', 'content', 'status', 'create_datetime'])
        .executeTakeFirstOrThrow();
      await messages
        .newFeedback(customer, input.title)
        .catch((error: unknown) => request.log.warn({ err: error }, 'feedback: business message failed'));
      return envelope(
        request,
        { ...row, create_datetime: formatDateTime(row.create_datetime) },
        'ok.created',
      );
    },
  );

  registerResource(app, db, {
    name: 'feedback',
    base: FEEDBACK_API,
    table: 'xy_feedback',
    module: 'xy_feedback',
    model: { zh: '反馈', en: 'feedback' },
    labels: FEEDBACK_LABELS,
    body: replyBody,
    columnOf: { customer: 'customer_id' },
    filters: { customer: 'int', status: 'exact', title: 'contains' },
    search: ['title', 'content', 'reply'],
    ordering: ['id', 'status', 'create_datetime', 'replied_at'],
    defaultOrder: ['-create_datetime'],
    select: (qb) =>
      qb.select([
        sql<string | null>`(select c.name from xy_customer c where c.id = t.customer_id)`.as('customer_name'),
        sql<string | null>`(select u.name from users u where u.id = t.replied_by)`.as('replied_by_name'),
      ]),
    row: (r) => ({
      ...head(r),
      customer: r.customer_id,
      customer_name: r.customer_name ?? null,
      title: r.title,
      content: r.content,
      status: r.status,
      reply: r.reply,
      replied_at: r.replied_at ? formatDateTime(r.replied_at) : null,
      replied_by: r.replied_by,
      replied_by_name: r.replied_by_name ?? null,
      ...tail(r),
    }),
    beforeWrite: async (_input, _c, id) => {
      if (id === null) throw refuseText(TEXT.operatorsOnly);
    },
    columns: async (input, c, id) => {
      const current = await db
        .selectFrom('xy_feedback')
        .select(['reply', 'status'])
        .where('id', '=', id!)
        .executeTakeFirstOrThrow();
      const reply = input.reply ?? null;
      const answered = Boolean(reply) && reply !== current.reply;
      if (answered) answering.add(c.request);
      return {
        reply,
        status: input.status ?? (answered ? 'answered' : current.status),
        ...(answered ? { replied_at: now(), replied_by: c.user.id } : {}),
      };
    },
    afterWrite: async (trx, id, _input, c) => {
      // Pushed when this write (re)answered it.
      if (answering.has(c.request)) {
        await enqueueFeedbackReply(trx, id, now());
        setTimeout(wake, 10).unref();
      }
    },
  });
}
