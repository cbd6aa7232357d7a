// /xy/phones/ — the devices that run the marketplace app and our agent (docs/domain.md "Phone"), plus the
// phone agent API. On the CRUD kit (seeded 手机 buttons, data scope by the creator's dept):
//   POST   /xy/phones/                  create → the row and its agent token once (`data.token`; stored hashed)
//   POST   /xy/phones/{id}/rotate_token/ a new token (the Update button's permission); the old one stops working
// Agent API, `Authorization: Token <phone token>` (anything else refused):
//   POST   /xy/phones/heartbeat/        {serial, battery, network, app_version, …} → device data row, online
//   GET    /xy/phones/tasks/            the enabled tasks assigned to the phone; due ones are marked run (task_run log)
// online / last_seen / battery / network / app_version are read-only: heartbeats write them (presence.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { envelope } from '../../http/envelope.ts';
import { field, validateBody } from '../../http/validate.ts';
import { formatDateTime } from '../../lib/time.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, notFound, parseId, registerResource, tail } from '../crud/kit.ts';
import { num } from '../pipeline/fields.ts';
import { requireButton } from '../pipeline/permission.ts';
import type { PipelineRuntime } from '../pipeline/runtime.ts';
import { refusePipeline } from '../pipeline/texts.ts';
import { hashToken, machineToken, newToken, type PhoneHolder, phoneByToken } from '../pipeline/tokens.ts';

export const PHONES_API = '/xy/phones/';
export const PhonePaths = {
  list: PHONES_API,
  item: (id: number | string) => `${PHONES_API}${id}/`,
  rotate: (id: number | string) => `${PHONES_API}${id}/rotate_token/`,
  heartbeat: `${PHONES_API}heartbeat/`,
  tasks: `${PHONES_API}tasks/`,
} as const;

export const PHONE_LABELS = {
  name: { zh: '手机名称', en: 'Name' },
  serial: { zh: '序列号', en: 'Serial' },
  model: { zh: '型号', en: 'Model' },
  account: { zh: '账号', en: 'Account' },
  remark: { zh: '备注', en: 'Remark' },
  online: { zh: '在线', en: 'Online' },
  last_seen: { zh: '最后心跳', en: 'Last seen' },
  battery: { zh: '电量', en: 'Battery' },
  network: { zh: '网络', en: 'Network' },
  app_version: { zh: '应用版本', en: 'App version' },
  token: { zh: '令牌', en: 'Token' },
  ...COMMON_LABELS,
};

const body = z.object({
  name: fields.text(64),
  serial: fields.text(64),
  model: fields.optionalText(64),
  account: fields.optionalText(64),
  remark: fields.optionalText(255),
  description: fields.description(),
});

const heartbeatBody = z.looseObject({
  serial: field.text(64),
  battery: field.optionalInteger(0, 100),
  network: field.optionalText(32),
  app_version: field.optionalText(32),
});

/** Tokens issued while answering a request: the create answer shows its token once. */
const issued = new WeakMap<FastifyRequest, { id: number; token: string }>();

/** The phone holding the request's `Token`; 4000 when absent or unknown. */
export async function authenticatePhone(db: Db, request: FastifyRequest): Promise<PhoneHolder> {
  const token = machineToken(request);
  if (!token) throw refusePipeline('phoneTokenMissing');
  const phone = await phoneByToken(db, token);
  if (!phone) throw refusePipeline('badPhoneToken');
  return phone;
}

export function registerPhoneRoutes(app: FastifyInstance, db: Db, runtime: PipelineRuntime): void {
  const AGENT = { config: { api: true, module: 'phones', auth: 'none', machine: true } } as const;

  registerResource(app, db, {
    name: 'phones',
    base: PHONES_API,
    module: 'phones',
    table: 'xy_phone',
    model: { zh: '手机', en: 'phone' },
    labels: PHONE_LABELS,
    body,
    unique: [{ field: 'serial' }],
    columns: (input) => ({
      name: input.name,
      serial: input.serial,
      model: input.model || null,
      account: input.account || null,
      remark: input.remark || null,
      description: input.description ?? null,
    }),
    afterWrite: async (trx, id, _input, ctx, created) => {
      if (!created) return;
      const token = newToken();
      await trx
        .updateTable('xy_phone')
        .set({ token_hash: hashToken(token) })
        .where('id', '=', id)
        .execute();
      issued.set(ctx.request, { id, token });
    },
    select: (qb) =>
      qb.select(
        sql<number>`(select count(*)::int from xy_task k where k.phone_id = t.id and k.is_deleted = false)`.as(
          'tasks_count',
        ),
      ),
    row: (r, ctx) => {
      const token = issued.get(ctx.request);
      return {
        ...head(r),
        ...tail(r),
        name: r.name,
        serial: r.serial,
        model: r.model,
        account: r.account,
        remark: r.remark,
        online: r.online,
        last_seen: formatDateTime(r.last_seen),
        battery: r.battery,
        network: r.network,
        app_version: r.app_version,
        tasks_count: num(r.tasks_count) ?? 0,
        ...(token && token.id === r.id ? { token: token.token } : {}),
      };
    },
    filters: { name: 'contains', serial: 'contains', online: 'bool', model: 'contains', account: 'contains' },
    search: ['name', 'serial'],
    ordering: ['id', 'name', 'serial', 'online', 'last_seen', 'battery', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    routes: (app, kit) => {
      app.post(
        PhonePaths.rotate(':id'),
        {
          config: { api: true, module: 'phones' },
          preHandler: [requireButton(db, 'PUT', (request) => PhonePaths.item(idParam(request)))],
        },
        async (request) => {
          const c = await kit.ctx(request);
          const id = idParam(request);
          if (!(await kit.find(c, id))) throw notFound();
          const token = newToken();
          await db
            .updateTable('xy_phone')
            .set({ token_hash: hashToken(token), modifier: String(c.user.id), update_datetime: new Date() })
            .where('id', '=', id)
            .execute();
          return envelope(request, { id, token }, 'ok.updated');
        },
      );

      app.post(PhonePaths.heartbeat, AGENT, async (request) => {
        const phone = await authenticatePhone(db, request);
        const input = validateBody(heartbeatBody, request.body, PHONE_LABELS);
        if (input.serial !== phone.serial) throw refusePipeline('unknownSerial', PHONE_LABELS.serial);
        const { serial: _, battery, network, app_version, ...extra } = input;
        const state = await runtime.presence.heartbeat(phone, {
          battery: battery ?? null,
          network: network || null,
          app_version: app_version || null,
          extra: JSON.stringify(extra).length <= 4000 ? extra : {},
        });
        return envelope(request, {
          id: phone.id,
          online: state.online,
          last_seen: formatDateTime(state.last_seen),
        });
      });

      app.get(PhonePaths.tasks, AGENT, async (request) => {
        const phone = await authenticatePhone(db, request);
        const now = runtime.clock.now();
        const tasks = await db
          .selectFrom('xy_task')
          .select([
            'id',
            'name',
            'keywords',
            sql<number | null>`min_price::float8`.as('min_price'),
            sql<number | null>`max_price::float8`.as('max_price'),
            'region',
            'interval_s',
            'last_run_at',
          ])
          .where('phone_id', '=', phone.id)
          .where('enabled', '=', true)
          .where('is_deleted', '=', false)
          .orderBy('id')
          .execute();
        // Due tasks are taken now: one conditional UPDATE, so two polls never both start the same run.
        const due = tasks.length
          ? await db
              .updateTable('xy_task')
              .set({ last_run_at: now })
              .where(
                'id',
                'in',
                tasks.map((t) => t.id),
              )
              .where((eb) =>
                eb.or([
                  eb('last_run_at', 'is', null),
                  eb('last_run_at', '<=', sql<Date>`${now}::timestamptz - make_interval(secs => interval_s)`),
                ]),
              )
              .returning(['id', 'name'])
              .execute()
          : [];
        if (due.length) {
          await db
            .insertInto('xy_log')
            .values(
              due.map((t) => ({
                type: 'task_run',
                task_id: t.id,
                phone_id: phone.id,
                message: `任务 ${t.name} 由手机 ${phone.name} 开始运行`,
                detail: JSON.stringify({ serial: phone.serial }),
                dept_belong_id: phone.dept_belong_id,
                create_datetime: now,
              })),
            )
            .execute();
        }
        const dueIds = new Set(due.map((t) => t.id));
        return envelope(
          request,
          tasks.map((t) => ({
            id: t.id,
            name: t.name,
            keywords: Array.isArray(t.keywords) ? t.keywords : [],
            min_price: t.min_price === null ? null : Number(t.min_price),
            max_price: t.max_price === null ? null : Number(t.max_price),
            region: t.region,
            interval_s: t.interval_s,
            last_run_at: formatDateTime(dueIds.has(t.id) ? now : t.last_run_at),
            due: dueIds.has(t.id),
          })),
        );
      });
    },
  });
}

function idParam(request: FastifyRequest): number {
  const id = parseId((request.params as { id?: string }).id);
  if (id === null) throw notFound();
  return id;
}
