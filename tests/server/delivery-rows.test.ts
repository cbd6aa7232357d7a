// The delivery pages' row schemas (src/contract/delivery.ts) against this server's own answers: a customer,
// its push attempts (pending and after a send), an account, a blacklisted seller, a feedback with its reply,
// the webhook settings and a webhook test — each parses, so none of the pages fails its first load.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountRowSchema,
  blacklistRowSchema,
  customerRowSchema,
  DeliveryPaths,
  feedbackRowSchema,
  pushRowSchema,
  webhookSettingsSchema,
  webhookTestResultSchema,
} from '../../src/contract/delivery.ts';
import { TestServer } from './helpers.ts';

describe('delivery rows from the reference server', () => {
  const server = new TestServer();
  let receiver: Server;
  let base = '';
  let admin = '';
  let customer: Record<string, unknown> = {};

  const parses = (schema: z.ZodType, rows: unknown[], what: string) => {
    expect(rows.length, what).toBeGreaterThan(0);
    for (const row of rows) {
      const parsed = schema.safeParse(row);
      expect(parsed.error?.issues ?? [], `${what}: ${JSON.stringify(row).slice(0, 300)}`).toEqual([]);
    }
  };
  const list = async (path: string, query: Record<string, string | number> = {}) => {
    const { json } = await server.get(path, { token: admin, query: { limit: 100, ...query } });
    expect(json.code, `${path}: ${JSON.stringify(json.msg)}`).toBe(2000);
    return json.data.data as unknown[];
  };

  beforeAll(async () => {
    receiver = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    await server.start('pglite', { pushWorker: false });
    admin = (await server.login('admin')).access;
    const task = (await server.post('/xy/tasks/', { name: '行任务', keywords: ['相机'] }, { token: admin }))
      .json.data;
    const created = await server.post(
      DeliveryPaths.customers,
      { name: '行客户', tasks: [task.id], webhook_url: `${base}/hook`, expire_date: '2099-01-01' },
      { token: admin },
    );
    expect(created.json.code, JSON.stringify(created.json.msg)).toBe(2000);
    customer = created.json.data;
    const ingest = await server.post(
      '/xy/items/',
      [{ title: '相机 A7', price: 5000, seller: '行卖家', url: 'https://example.com/rows/1', task: task.id }],
      { token: admin },
    );
    expect(ingest.json.code).toBe(2000);
    await server.post(
      DeliveryPaths.accounts,
      { name: '账号一', login: 'rows-login', state: 'banned' },
      { token: admin },
    );
    await server.post(
      DeliveryPaths.sellers,
      { seller_id: 'rows-bad', blacklisted: true, blacklist_reason: '倒卖' },
      { token: admin },
    );
    const fb = await server.post(
      DeliveryPaths.feedbackSubmit,
      { title: '行反馈', content: '内容' },
      { headers: { authorization: `Token ${customer.api_key}` } },
    );
    expect(fb.json.code).toBe(2000);
    await server.put(`${DeliveryPaths.feedback}${fb.json.data.id}/`, { reply: '已处理' }, { token: admin });
  }, 180_000);
  afterAll(async () => {
    await server.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('a created customer answers its full API key once; the list shows the masked hint', async () => {
    parses(customerRowSchema, [customer], 'create answer');
    expect(String(customer.api_key)).toMatch(/^xyk_[\w-]{20,}$/);
    const rows = await list(DeliveryPaths.customers);
    parses(customerRowSchema, rows, 'customers');
    expect((rows[0] as { api_key: string }).api_key).toMatch(/…$/);
  });

  it('rotating answers the customer row with the new key (api_key) or a new secret (webhook_secret)', async () => {
    const key = await server.post(
      DeliveryPaths.rotate(customer.id as number),
      { what: 'api_key' },
      { token: admin },
    );
    parses(customerRowSchema, [key.json.data], 'rotate api_key');
    expect(key.json.data.api_key).toMatch(/^xyk_/);
    expect(key.json.data.api_key).not.toBe(customer.api_key);
    const secret = await server.post(
      DeliveryPaths.rotate(customer.id as number),
      { what: 'webhook_secret' },
      { token: admin },
    );
    expect(secret.json.data.webhook_secret).toMatch(/^whsec_/);
    expect(secret.json.data.webhook_secret).not.toBe(customer.webhook_secret);
  });

  it('push attempts parse while pending and after the worker sent them', async () => {
    parses(pushRowSchema, await list(DeliveryPaths.pushData), 'pending pushes');
    await server.app.delivery.worker.runOnce();
    const rows = await list(DeliveryPaths.pushData, { status: 'success' });
    parses(pushRowSchema, rows, 'sent pushes');
  });

  it('accounts, blacklisted sellers and feedback rows parse', async () => {
    parses(accountRowSchema, await list(DeliveryPaths.accounts), 'accounts');
    parses(blacklistRowSchema, await list(DeliveryPaths.sellers, { blacklisted: 1 }), 'blacklist');
    const feedback = await list(DeliveryPaths.feedback);
    parses(feedbackRowSchema, feedback, 'feedback');
    expect(feedback[0]).toMatchObject({ status: 'answered', reply: '已处理' });
  });

  it('the webhook settings and a webhook test answer what the settings tab reads', async () => {
    const settings = await server.get(DeliveryPaths.webhookSettings, { token: admin });
    expect(webhookSettingsSchema.safeParse(settings.json.data).success).toBe(true);
    const test = await server.post(
      DeliveryPaths.webhookTest,
      { url: `${base}/t`, type: 'json' },
      { token: admin },
    );
    const parsed = webhookTestResultSchema.parse(test.json.data);
    expect(parsed).toMatchObject({ ok: true, status: 200, body: '{"ok":true}' });
  });
});
