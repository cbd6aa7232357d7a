// /xy/users/ — the service's customers (用户; not the console's own users): who receives the items of which
// tasks, at which webhook, signed with which secret, until when. On the CRUD kit (API permission by the
// seeded buttons, data scope by dept). `webhook_secret` is generated (rotatable; for the dingtalk / feishu
// types the robot's own signing secret may be given instead); `api_key` authenticates the customer's own calls
// (POST /xy/feedback/submit/): it is stored as a sha256 hash and answered in full only by the create and
// rotate calls, otherwise as a masked hint. POST /xy/users/{id}/rotate/ {what: 'webhook_secret' | 'api_key'}.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { envelope, type Label } from '../../http/envelope.ts';
import { validateBody } from '../../http/validate.ts';
import { formatDateTime } from '../../lib/time.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { type Ctx, head, notFound, parseId, refuseText, registerResource, tail } from '../crud/kit.ts';
import { selfGuardOf } from '../push/guard.ts';
import { localDay } from '../push/outbox.ts';
import { parseWebhookUrl } from '../push/send.ts';

export const WEBHOOK_TYPES = ['json', 'dingtalk', 'feishu', 'wecom'] as const;
export const CUSTOMERS_API = '/xy/users/';

export const CUSTOMER_LABELS = {
  name: { zh: '名称', en: 'Name' },
  contact: { zh: '联系方式', en: 'Contact' },
  remark: { zh: '备注', en: 'Remark' },
  enabled: { zh: '启用', en: 'Enabled' },
  expire_date: { zh: '到期日', en: 'Expiry date' },
  tasks: { zh: '订阅任务', en: 'Tasks' },
  webhook_url: { zh: 'Webhook 地址', en: 'Webhook URL' },
  webhook_type: { zh: 'Webhook 类型', en: 'Webhook type' },
  webhook_secret: { zh: 'Webhook 密钥', en: 'Webhook secret' },
  api_key: { zh: 'API 密钥', en: 'API key' },
  pushes: { zh: '推送次数', en: 'Pushes' },
  last_push_at: { zh: '最近推送', en: 'Last push' },
  what: { zh: '轮换对象', en: 'What to rotate' },
  ...COMMON_LABELS,
} satisfies Record<string, Label>;

const body = z.object({
  name: fields.text(100),
  contact: fields.optionalText(100),
  remark: fields.optionalText(500),
  enabled: fields.optionalBoolean(),
  expire_date: z
    .string()
    .trim()
    .refine((v) => v === '' || isDay(v), { message: 'v.invalid' })
    .nullish(),
  tasks: fields.ids(),
  webhook_url: fields.optionalText(1000),
  webhook_type: z.enum(WEBHOOK_TYPES).optional(),
  webhook_secret: fields.optionalText(100),
  description: fields.description(),
});
type CustomerInput = z.output<typeof body>;

const isDay = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]);
};

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const newApiKey = () => `xyk_${randomBytes(24).toString('base64url')}`;
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
const hintOf = (key: string) => key.slice(0, 8);

/** The full api_key of a create / rotate call, shown once in that call's answer. */
const shownKeys = new WeakMap<FastifyRequest, string>();

const TEXT = {
  badUrl: { zh: '请输入合法的 URL（http:// 或 https://）。', en: 'Enter a valid http(s) URL.' },
  selfUrl: {
    zh: '不能推送到本服务自己的接口。',
    en: "The webhook may not point at this server's own API.",
  },
  taskMissing: { zh: '任务 {id} 不存在。', en: 'Task {id} does not exist.' },
};

const dayText = (v: Date | string | null | undefined) =>
  v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : localDay(v);

export function registerCustomerRoutes(app: FastifyInstance, db: Db): void {
  const guard = selfGuardOf(app);

  const checkInput = async (input: CustomerInput) => {
    if (input.webhook_url) {
      const url = parseWebhookUrl(input.webhook_url);
      if (typeof url === 'string') throw refuseText(TEXT.badUrl, CUSTOMER_LABELS.webhook_url);
      if (guard(url)) throw refuseText(TEXT.selfUrl, CUSTOMER_LABELS.webhook_url);
    }
    const ids = [...new Set(input.tasks ?? [])];
    if (ids.length) {
      const { rows } = await sql<{ id: number }>`
        select id from xy_task where id in (${sql.join(ids)}) and is_deleted = false`.execute(db);
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) {
        throw refuseText(
          {
            zh: TEXT.taskMissing.zh.replace('{id}', String(missing)),
            en: TEXT.taskMissing.en.replace('{id}', String(missing)),
          },
          CUSTOMER_LABELS.tasks,
        );
      }
    }
  };

  const robotSecret = (input: CustomerInput) =>
    (input.webhook_type === 'dingtalk' || input.webhook_type === 'feishu') && input.webhook_secret
      ? input.webhook_secret
      : undefined;

  registerResource(app, db, {
    name: 'customers',
    base: CUSTOMERS_API,
    table: 'xy_customer',
    module: 'xy_users',
    model: { zh: '用户', en: 'customer' },
    labels: CUSTOMER_LABELS,
    body,
    filters: {
      name: 'contains',
      enabled: 'bool',
      webhook_type: 'exact',
      task: (qb, value) => {
        const id = parseId(value);
        return id === null
          ? qb.where(sql.lit(false))
          : qb.where(
              sql<boolean>`exists (select 1 from xy_customer_task ct where ct.customer_id = t.id and ct.task_id = ${id})`,
            );
      },
    },
    search: ['name', 'contact', 'remark'],
    ordering: ['id', 'name', 'enabled', 'expire_date', 'pushes', 'last_push_at', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    select: (qb) =>
      qb.select(
        sql<
          number[]
        >`array(select task_id from xy_customer_task ct where ct.customer_id = t.id order by task_id)`.as(
          'task_ids',
        ),
      ),
    row: (r, c: Ctx) => {
      const shown = shownKeys.get(c.request);
      return {
        ...head(r),
        name: r.name,
        contact: r.contact,
        remark: r.remark,
        enabled: r.enabled,
        expire_date: dayText(r.expire_date),
        tasks: r.task_ids ?? [],
        webhook_url: r.webhook_url,
        webhook_type: r.webhook_type,
        webhook_secret: r.webhook_secret,
        api_key: shown ?? `${r.api_key_hint}…`,
        pushes: r.pushes,
        last_push_at: r.last_push_at ? formatDateTime(r.last_push_at) : null,
        ...tail(r),
      };
    },
    beforeWrite: (input) => checkInput(input),
    columns: (input, c, id) => {
      const values: Record<string, unknown> = {
        name: input.name,
        contact: input.contact,
        remark: input.remark,
        enabled: input.enabled ?? undefined,
        expire_date: input.expire_date === undefined ? undefined : input.expire_date || null,
        webhook_url: input.webhook_url === undefined ? undefined : input.webhook_url || null,
        webhook_type: input.webhook_type,
        description: input.description,
      };
      const secret = robotSecret(input);
      if (secret) values.webhook_secret = secret;
      if (id === null) {
        const key = newApiKey();
        shownKeys.set(c.request, key);
        values.api_key_hash = hashApiKey(key);
        values.api_key_hint = hintOf(key);
        values.webhook_secret ??= newWebhookSecret();
      }
      return values;
    },
    afterWrite: async (trx, id, input) => {
      if (input.tasks === undefined) return;
      await trx.deleteFrom('xy_customer_task').where('customer_id', '=', id).execute();
      const tasks = [...new Set(input.tasks)];
      if (tasks.length)
        await trx
          .insertInto('xy_customer_task')
          .values(tasks.map((task_id) => ({ customer_id: id, task_id })))
          .execute();
    },
    export: {
      filename: { zh: '用户', en: 'customers' },
      columns: [
        { field: 'name', header: CUSTOMER_LABELS.name },
        { field: 'contact', header: CUSTOMER_LABELS.contact },
        { field: 'enabled', header: CUSTOMER_LABELS.enabled },
        { field: 'expire_date', header: CUSTOMER_LABELS.expire_date },
        { field: 'webhook_type', header: CUSTOMER_LABELS.webhook_type },
        { field: 'webhook_url', header: CUSTOMER_LABELS.webhook_url },
        { field: 'pushes', header: CUSTOMER_LABELS.pushes },
        { field: 'last_push_at', header: CUSTOMER_LABELS.last_push_at },
      ],
    },
    routes: (app, kit) => {
      const rotateBody = z.object({ what: z.enum(['webhook_secret', 'api_key']) });
      app.post(`${CUSTOMERS_API}:id/rotate/`, kit.options, async (request) => {
        const c = await kit.ctx(request);
        const id = parseId((request.params as { id?: string }).id);
        if (id === null || !(await kit.find(c, id))) throw notFound();
        const { what } = validateBody(rotateBody, request.body ?? {}, CUSTOMER_LABELS);
        const set: Record<string, unknown> = { modifier: String(c.user.id), update_datetime: sql`now()` };
        if (what === 'api_key') {
          const key = newApiKey();
          shownKeys.set(request, key);
          set.api_key_hash = hashApiKey(key);
          set.api_key_hint = hintOf(key);
        } else set.webhook_secret = newWebhookSecret();
        await db.updateTable('xy_customer').set(set).where('id', '=', id).execute();
        return envelope(request, await kit.get(c, id), 'ok.updated');
      });
    },
  });
}

/** The live customer an api_key belongs to (any state: the caller decides what a disabled one may do). */
export async function customerByApiKey(db: Db, key: string) {
  return db
    .selectFrom('xy_customer')
    .select(['id', 'name', 'enabled', 'expire_date', 'dept_belong_id', 'creator'])
    .where('api_key_hash', '=', hashApiKey(key))
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}
