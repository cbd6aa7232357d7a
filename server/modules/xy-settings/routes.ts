// /xy/settings/ — the business settings page's server side:
//   GET  /xy/settings/                 {webhook}                      (the Search button)
//   GET  /xy/settings/webhook/         the webhook settings           (Retrieve)
//   PUT  /xy/settings/webhook/         {timeout_ms, max_attempts, backoff_base_ms}   (Update)
//   POST /xy/settings/webhook/test/    {url, type, secret?} → {ok, status, latency_ms, body (cut), error}
//                                      posts a sample message of that type, signed, and answers what came back
//   /xy/settings/accounts/             the marketplace accounts (xy_account) on the CRUD kit: name, login,
//                                      state ok / expired / banned, phone (the phone signed in with it)
// The blacklisted-sellers tab uses the pipeline's /xy/sellers/ (?blacklisted=1, partial PUT): no table here.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { envelope } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permission.ts';
import { validateBody } from '../../http/validate.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, refuseText, registerResource, tail } from '../crud/kit.ts';
import { WEBHOOK_TYPES } from '../customers/routes.ts';
import { buildRequest, robotError } from '../push/formats.ts';
import { selfGuardOf } from '../push/guard.ts';
import { sendWebhook } from '../push/send.ts';
import {
  readWebhookSettings,
  WEBHOOK_LABELS,
  webhookSettingsBody,
  writeWebhookSettings,
} from '../push/settings.ts';

export const SETTINGS_API = '/xy/settings/';
export const ACCOUNTS_API = '/xy/settings/accounts/';

const testBody = z.object({
  url: fields.text(1000),
  type: z.enum(WEBHOOK_TYPES).optional(),
  secret: fields.optionalText(100),
});
const TEST_LABELS = {
  url: { zh: 'Webhook 地址', en: 'Webhook URL' },
  type: { zh: 'Webhook 类型', en: 'Webhook type' },
  secret: { zh: '密钥', en: 'Secret' },
};

const ACCOUNT_STATES = ['ok', 'expired', 'banned'] as const;
const accountBody = z.object({
  name: fields.text(100),
  login: fields.text(100),
  state: z.enum(ACCOUNT_STATES).optional(),
  phone: fields.optionalInteger(1),
  remark: fields.optionalText(500),
  description: fields.description(),
});
const ACCOUNT_LABELS = {
  name: { zh: '名称', en: 'Name' },
  login: { zh: '登录名', en: 'Login' },
  state: { zh: '状态', en: 'State' },
  phone: { zh: '手机', en: 'Phone' },
  remark: { zh: '备注', en: 'Remark' },
  ...COMMON_LABELS,
};

export function registerXySettingsRoutes(app: FastifyInstance, db: Db): void {
  const options = { config: { api: true, module: 'xy_settings' }, preHandler: [requirePermission(db)] };
  const guard = selfGuardOf(app);

  app.get(SETTINGS_API, options, async (request) =>
    envelope(request, { webhook: await readWebhookSettings(db) }),
  );
  app.get(`${SETTINGS_API}webhook/`, options, async (request) =>
    envelope(request, await readWebhookSettings(db)),
  );
  app.put(`${SETTINGS_API}webhook/`, options, async (request) => {
    const value = validateBody(webhookSettingsBody, request.body, WEBHOOK_LABELS);
    await writeWebhookSettings(db, value);
    return envelope(request, value, 'ok.updated');
  });
  app.post(`${SETTINGS_API}webhook/test/`, options, async (request) => {
    const input = validateBody(testBody, request.body, TEST_LABELS);
    const settings = await readWebhookSettings(db);
    let wire: ReturnType<typeof buildRequest>;
    try {
      wire = buildRequest(
        input.type ?? 'json',
        { url: input.url, secret: input.secret ?? '' },
        randomUUID(),
        { id: 0, name: 'test' },
        { event: 'test', message: '这是一条测试消息 / This is a test message from XY admin' },
      );
    } catch {
      throw refuseText(
        { zh: '请输入合法的 URL（http:// 或 https://）。', en: 'Enter a valid http(s) URL.' },
        TEST_LABELS.url,
      );
    }
    const sent = await sendWebhook(wire.url, wire.headers, wire.body, {
      timeoutMs: settings.timeout_ms,
      guard,
    });
    const refused = sent.ok ? robotError(input.type ?? 'json', sent.body) : null;
    return envelope(request, {
      ok: sent.ok && !refused,
      status: sent.status,
      latency_ms: sent.latencyMs,
      body: sent.body,
      error: refused ?? sent.error,
    });
  });

  registerResource(app, db, {
    name: 'accounts',
    base: ACCOUNTS_API,
    table: 'xy_account',
    module: 'xy_accounts',
    model: { zh: '账号', en: 'account' },
    labels: ACCOUNT_LABELS,
    body: accountBody,
    columnOf: { phone: 'phone_id' },
    filters: { name: 'contains', login: 'contains', state: 'exact', phone: 'int' },
    search: ['name', 'login', 'remark'],
    ordering: ['id', 'name', 'login', 'state', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    unique: [{ field: 'login' }],
    select: (qb) =>
      qb.select(sql<string | null>`(select p.name from xy_phone p where p.id = t.phone_id)`.as('phone_name')),
    beforeWrite: async (input) => {
      if (input.phone == null) return;
      const { rows } =
        await sql`select id from xy_phone where id = ${input.phone} and is_deleted = false`.execute(db);
      if (!rows.length) {
        throw refuseText(
          {
            zh: `无效主键 “${input.phone}” － 对象不存在。`,
            en: `Invalid pk "${input.phone}" - object does not exist.`,
          },
          ACCOUNT_LABELS.phone,
        );
      }
    },
    columns: (input) => ({
      name: input.name,
      login: input.login,
      state: input.state,
      phone_id: input.phone === undefined ? undefined : (input.phone ?? null),
      remark: input.remark,
      description: input.description,
    }),
    row: (r) => ({
      ...head(r),
      name: r.name,
      login: r.login,
      state: r.state,
      phone: r.phone_id,
      phone_name: r.phone_name ?? null,
      remark: r.remark,
      ...tail(r),
    }),
  });
}
