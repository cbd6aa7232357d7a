// Delivery and support over real HTTP (issue 14), on PGlite and PostgreSQL: a task's item pushed to a real
// local receiver that answers 500 first → retried → success, both attempts in push data, signature verifiable
// with the customer's secret; each robot format and its signing; every bad receiver recorded as a failed
// attempt with a readable error and nothing left stuck; expired customers receive nothing; the outbox
// statement skipped only while nobody receives a task (any change seen at the next batch); a crashed worker's
// claims come back after the lease; feedback with a wrong key refused, a reply pushed; knowledge search in the
// body. The worker is driven with runOnce() on a controlled clock (no sleeps for back-off).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock.ts';
import { claimDue } from '../../server/modules/push/outbox.ts';
import { postgresAvailable, TestServer } from './helpers.ts';

type Received = { path: string; headers: IncomingMessage['headers']; body: string; url: string };

/** A local webhook receiver whose behaviour depends on the path. */
async function startReceiver() {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: url.pathname, headers: req.headers, body, url: req.url ?? '' });
      const id = String(req.headers['x-delivery-id'] ?? '');
      const count = (seen.get(`${url.pathname}:${id}`) ?? 0) + 1;
      seen.set(`${url.pathname}:${id}`, count);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      switch (url.pathname) {
        case '/flaky':
          return count === 1 ? json(500, { error: 'try again' }) : json(200, { ok: true });
        case '/fail':
          return json(500, { error: 'always down' });
        case '/hang':
          return; // never answers
        case '/redirect':
          res.writeHead(302, { location: '/redirect' });
          return res.end();
        case '/huge':
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end('x'.repeat(300_000));
        case '/dingtalk': {
          const ts = url.searchParams.get('timestamp') ?? '';
          const expected = createHmac('sha256', 'SECding').update(`${ts}\nSECding`).digest('base64');
          return json(
            200,
            url.searchParams.get('sign') === expected
              ? { errcode: 0 }
              : { errcode: 310000, errmsg: 'sign not match' },
          );
        }
        case '/feishu': {
          const b = JSON.parse(body);
          const expected = createHmac('sha256', `${b.timestamp}\nSECfei`).update('').digest('base64');
          return json(
            200,
            b.sign === expected ? { code: 0, msg: 'success' } : { code: 19021, msg: 'sign match fail' },
          );
        }
        default:
          return json(200, { errcode: 0, ok: true });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    on: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

for (const variant of ['pglite', 'postgres'] as const) {
  describe.skipIf(variant === 'postgres' && !postgresAvailable)(`delivery and support [${variant}]`, () => {
    const server = new TestServer();
    const clock = manualClock(new Date('2026-11-25T09:00:00'));
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let admin = '';
    let task = 0;
    let n = 0;
    const run = () => server.app.delivery.worker.runOnce();

    beforeAll(async () => {
      receiver = await startReceiver();
      await server.start(variant, { pushWorker: false }, { clock, sweepIntervalMs: 0 });
      admin = (await server.login('admin')).access;
      const t = await server.post('/xy/tasks/', { name: '推送任务', keywords: ['iPhone'] }, { token: admin });
      task = t.json.data.id;
      const s = await server.put(
        '/xy/settings/webhook/',
        { timeout_ms: 500, max_attempts: 3, backoff_base_ms: 10_000 },
        { token: admin },
      );
      expect(s.json.code).toBe(2000);
    }, 180_000);
    afterAll(async () => {
      await server.stop();
      await receiver.close();
    }, 60_000);

    const customer = async (body: Record<string, unknown>) => {
      const { json } = await server.post(
        '/xy/users/',
        { name: `客户${++n}`, tasks: [task], ...body },
        { token: admin },
      );
      expect(json.code, json.msg).toBe(2000);
      return json.data;
    };
    const ingest = async (title = `九成新 iPhone 13 #${++n}`) => {
      const { json } = await server.post(
        '/xy/items/',
        [{ title, price: 2800, seller: '数码小王', url: `https://example.com/d/${variant}/${n}`, task }],
        { token: admin },
      );
      expect(json.code, json.msg).toBe(2000);
      return json.data[0].id as number;
    };
    const attempts = async (customerId: number) =>
      (
        await server.get('/xy/push_data/', {
          token: admin,
          query: { customer: customerId, ordering: 'attempt', limit: 50 },
        })
      ).json.data.data as Record<string, unknown>[];
    const disable = (id: number) =>
      server.app.db.updateTable('xy_customer').set({ enabled: false }).where('id', '=', id).execute();

    it('an item of a subscribed task is pushed; a 500 is retried after the back-off and succeeds; both attempts in push data', async () => {
      const c = await customer({ webhook_url: `${receiver.base}/flaky`, webhook_type: 'json' });
      expect(c.api_key).toMatch(/^xyk_/);
      expect(c.webhook_secret).toMatch(/^whsec_/);
      const again = await server.get(`/xy/users/${c.id}/`, { token: admin });
      expect(again.json.data.api_key).toMatch(/…$/);
      const item = await ingest();
      expect(await run()).toBe(1);
      let rows = await attempts(c.id);
      expect(rows).toMatchObject([
        { attempt: 1, status: 'failed', http_status: 500, item, task },
        { attempt: 2, status: 'pending', next_retry_at: expect.any(String) },
      ]);
      expect(rows[0]!.error).toContain('HTTP 500');
      expect(await run()).toBe(0); // not due before the back-off
      clock.advance(10_001);
      expect(await run()).toBe(1);
      rows = await attempts(c.id);
      expect(rows).toMatchObject([
        { attempt: 1, status: 'failed' },
        { attempt: 2, status: 'success', http_status: 200 },
      ]);
      expect(rows[0]!.delivery_id).toBe(rows[1]!.delivery_id);
      const got = receiver.on('/flaky');
      expect(got).toHaveLength(2);
      expect(new Set(got.map((r) => r.headers['x-delivery-id']))).toEqual(new Set([rows[0]!.delivery_id]));
      // The signature: sha256=HMAC(timestamp + body, webhook_secret)
      const last = got[1]!;
      const expected = createHmac('sha256', c.webhook_secret)
        .update(String(last.headers['x-timestamp']) + last.body)
        .digest('hex');
      expect(last.headers['x-signature']).toBe(`sha256=${expected}`);
      const body = JSON.parse(last.body);
      expect(body).toMatchObject({
        event: 'item',
        item: { id: item },
        task: { id: task, name: '推送任务' },
        customer: { id: c.id },
      });
      expect(JSON.stringify(body)).not.toContain(c.webhook_secret);
      const after = await server.get(`/xy/users/${c.id}/`, { token: admin });
      expect(after.json.data).toMatchObject({ pushes: 1, last_push_at: expect.any(String) });
      await disable(c.id);
    });

    it('each robot type sends its documented message and signing (dingtalk, feishu, wecom)', async () => {
      const ding = await customer({
        webhook_url: `${receiver.base}/dingtalk?access_token=abc`,
        webhook_type: 'dingtalk',
        webhook_secret: 'SECding',
      });
      const fei = await customer({
        webhook_url: `${receiver.base}/feishu`,
        webhook_type: 'feishu',
        webhook_secret: 'SECfei',
      });
      const wecom = await customer({ webhook_url: `${receiver.base}/wecom?key=k`, webhook_type: 'wecom' });
      const badDing = await customer({
        webhook_url: `${receiver.base}/dingtalk?access_token=x`,
        webhook_type: 'dingtalk',
        webhook_secret: 'SECwrong',
      });
      await ingest();
      expect(await run()).toBe(4);
      const d = receiver.on('/dingtalk').find((r) => r.url.includes('access_token=abc'))!;
      expect(JSON.parse(d.body)).toMatchObject({
        msgtype: 'markdown',
        markdown: { title: expect.any(String), text: expect.stringContaining('iPhone') },
      });
      expect(new URL(d.url, 'http://x').searchParams.get('timestamp')).toMatch(/^\d{13}$/);
      const f = JSON.parse(receiver.on('/feishu').at(-1)!.body);
      expect(f).toMatchObject({
        msg_type: 'post',
        timestamp: expect.stringMatching(/^\d{10}$/),
        sign: expect.any(String),
      });
      const w = JSON.parse(receiver.on('/wecom').at(-1)!.body);
      expect(w).toMatchObject({
        msgtype: 'markdown',
        markdown: { content: expect.stringContaining('iPhone') },
      });
      for (const c of [ding, fei, wecom])
        expect((await attempts(c.id))[0]).toMatchObject({ status: 'success' });
      expect((await attempts(badDing.id))[0]).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('robot refused: 310000'),
      });
      for (const c of [ding, fei, wecom, badDing]) await disable(c.id);
    });

    it('bad receivers are failed attempts with a readable error; after the last attempt nothing is left pending', async () => {
      // A port nobody listens on: bound, then closed.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const deadPort = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const cases: [string, RegExp][] = [
        [`http://127.0.0.1:${deadPort}/`, /connection refused/],
        [`${receiver.base}/hang`, /timeout: no answer within 500 ms/],
        [`${receiver.base}/fail`, /HTTP 500/],
        [`${receiver.base}/redirect`, /redirected \(302\).*not followed/],
        [`${receiver.base}/huge`, /answer larger than 64 KB/],
        ['ftp://example.com/x', /not an http\(s\) URL/],
      ];
      const refused = await server.post(
        '/xy/users/',
        { name: 'ftp', webhook_url: 'ftp://example.com/x' },
        { token: admin },
      );
      expect(refused.json).toMatchObject({ code: 4000, msg: expect.stringContaining('Webhook 地址') });
      const ids: number[] = [];
      for (const [url] of cases) {
        const c = await customer({ webhook_url: `http://127.0.0.1:${deadPort}/` });
        await server.app.db
          .updateTable('xy_customer')
          .set({ webhook_url: url })
          .where('id', '=', c.id)
          .execute();
        ids.push(c.id);
      }
      await ingest();
      for (let round = 0; round < 3; round++) {
        await run();
        clock.advance(3_600_000);
      }
      for (const [i, [, error]] of cases.entries()) {
        const rows = await attempts(ids[i]!);
        expect(
          rows.every((r) => r.status === 'failed'),
          JSON.stringify(rows),
        ).toBe(true);
        expect(rows[0]!.error).toMatch(error);
      }
      const pending = await server.get('/xy/push_data/', { token: admin, query: { status: 'pending' } });
      expect(pending.json.data.total).toBe(0);
      // Operators were told once that the customer's pushes keep failing.
      const msgs = await server.app.db
        .selectFrom('xy_message')
        .select('title')
        .where('title', 'like', '推送持续失败%')
        .execute();
      expect(msgs.length).toBeGreaterThan(0);
      for (const id of ids) await disable(id);
    });

    it('expired or disabled customers receive nothing', async () => {
      const expired = await customer({ webhook_url: `${receiver.base}/ok`, expire_date: '2026-11-24' });
      const disabled = await customer({ webhook_url: `${receiver.base}/ok`, enabled: false });
      const before = receiver.received.length;
      await ingest();
      await run();
      expect(receiver.received.length).toBe(before);
      expect(await attempts(expired.id)).toEqual([]);
      expect(await attempts(disabled.id)).toEqual([]);
      // Disabled after the push was queued: recorded, not sent.
      const late = await customer({ webhook_url: `${receiver.base}/ok` });
      await ingest();
      await disable(late.id);
      await run();
      expect((await attempts(late.id))[0]).toMatchObject({
        status: 'failed',
        error: 'customer disabled: not sent',
      });
      expect(receiver.received.length).toBe(before);
    });

    it('the outbox is skipped only while nobody receives the task: a subscription, enable or URL made by any process (SQL) counts from the next batch', async () => {
      const other = await server.post(
        '/xy/tasks/',
        { name: '无人订阅', keywords: ['Switch'], enabled: false }, // the overview below counts 1 enabled task
        { token: admin },
      );
      const lone = other.json.data.id as number;
      const post = async () => {
        const { json } = await server.post(
          '/xy/items/',
          [
            {
              title: `Switch OLED #${++n}`,
              price: 1800,
              url: `https://example.com/d/${variant}/lone/${n}`,
              task: lone,
            },
          ],
          { token: admin },
        );
        expect(json.code, json.msg).toBe(2000);
        return json.data[0].id as number;
      };
      const queued = async (item: number) =>
        (
          await server.app.db
            .selectFrom('xy_push')
            .select('customer_id')
            .where('item_id', '=', item)
            .execute()
        ).map((r) => r.customer_id);
      const receivers = async () =>
        String(
          (
            await server.app.db
              .selectFrom('xy_pipeline_version')
              .select('receivers')
              .executeTakeFirstOrThrow()
          ).receivers,
        );
      expect(await queued(await post())).toEqual([]);
      // Another process subscribes a customer without a URL (by SQL): still nobody receives.
      const { id } = await server.app.db
        .insertInto('xy_customer')
        .values({ name: `SQL 客户${++n}`, webhook_secret: 'whsec_sql', api_key_hash: `hash-${variant}-${n}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.app.db.insertInto('xy_customer_task').values({ customer_id: id, task_id: lone }).execute();
      expect(await queued(await post())).toEqual([]);
      // It gets a URL: the next batch queues its push.
      await server.app.db
        .updateTable('xy_customer')
        .set({ webhook_url: `${receiver.base}/ok` })
        .where('id', '=', id)
        .execute();
      expect(await queued(await post())).toEqual([id]);
      await run();
      // The worker's counters are not who receives: they leave the version alone.
      const before = await receivers();
      await server.app.db
        .updateTable('xy_customer')
        .set({ pushes: 5, last_push_at: new Date() })
        .where('id', '=', id)
        .execute();
      expect(await receivers()).toBe(before);
      // Disabled, then unsubscribed and enabled again: nothing queued either way.
      await disable(id);
      expect(await queued(await post())).toEqual([]);
      await server.app.db.deleteFrom('xy_customer_task').where('customer_id', '=', id).execute();
      await server.app.db.updateTable('xy_customer').set({ enabled: true }).where('id', '=', id).execute();
      expect(await queued(await post())).toEqual([]);
      await disable(id);
    });

    it("a crashed worker's claims come back once its lease runs out; retry now re-queues a failed delivery", async () => {
      const c = await customer({ webhook_url: `${receiver.base}/ok` });
      await ingest();
      const claimed = await claimDue(server.app.db, 'crashed-worker', 10, clock.now(), 60_000);
      expect(claimed).toHaveLength(1);
      expect(await run()).toBe(0);
      clock.advance(60_001);
      expect(await run()).toBe(1);
      const rows = await attempts(c.id);
      expect(rows).toMatchObject([{ attempt: 1, status: 'success' }]);
      const retried = await server.post(`/xy/push_data/${rows[0]!.id}/retry/`, {}, { token: admin });
      expect(retried.json.code).toBe(2000);
      expect(await run()).toBe(1);
      expect(await attempts(c.id)).toMatchObject([{ attempt: 1 }, { attempt: 2, status: 'success' }]);
      await disable(c.id);
    });

    it('feedback: a wrong key is refused clearly; a reply is pushed as feedback_reply; operators are told of new feedback', async () => {
      const c = await customer({ webhook_url: `${receiver.base}/fb` });
      const wrong = await server.post(
        '/xy/feedback/submit/',
        { title: 'x' },
        { headers: { authorization: 'Token nope' } },
      );
      expect(wrong.json).toMatchObject({ code: 4000, msg: 'API 密钥无效。' });
      const none = await server.post('/xy/feedback/submit/', { title: 'x' });
      expect(none.json.msg).toContain('Token <api_key>');
      const ok = await server.post(
        '/xy/feedback/submit/',
        { title: '收不到推送', content: '昨天开始' },
        { headers: { authorization: `Token ${c.api_key}` } },
      );
      expect(ok.json).toMatchObject({ code: 2000, data: { title: '收不到推送', status: 'open' } });
      const told = await server.app.db
        .selectFrom('xy_message')
        .select('title')
        .where('title', 'like', '新反馈%')
        .execute();
      expect(told.length).toBeGreaterThan(0);
      const reply = await server.put(
        `/xy/feedback/${ok.json.data.id}/`,
        { reply: '已修复，请重试' },
        { token: admin },
      );
      expect(reply.json.data).toMatchObject({
        status: 'answered',
        reply: '已修复，请重试',
        replied_at: expect.any(String),
      });
      expect(await run()).toBe(1);
      const got = JSON.parse(receiver.on('/fb').at(-1)!.body);
      expect(got).toMatchObject({
        event: 'feedback_reply',
        feedback: { reply: '已修复，请重试' },
        customer: { id: c.id },
      });
      await disable(c.id);
    });

    it('knowledge: content is sanitised; search finds a word of the body; the test user cannot edit customers', async () => {
      const { json } = await server.post(
        '/xy/knowledge/',
        {
          title: '如何配置钉钉机器人',
          category: '推送',
          tags: '钉钉,webhook',
          content: '<p>打开<b>加签</b>选项</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
          published: true,
        },
        { token: admin },
      );
      expect(json.code, json.msg).toBe(2000);
      expect(json.data.content).not.toMatch(/script|onerror/);
      expect(json.data.tags).toEqual(['钉钉', 'webhook']);
      const found = await server.get('/xy/knowledge/', { token: admin, query: { search: '加签' } });
      expect(found.json.data.data.map((a: { id: number }) => a.id)).toEqual([json.data.id]);
      const none = await server.get('/xy/knowledge/', { token: admin, query: { search: 'alert' } });
      expect(none.json.data.total).toBe(0);
      const test = (await server.login('test')).access;
      const denied = await server.post('/xy/users/', { name: 'x' }, { token: test });
      expect(denied.json.msg).toContain('您没有执行该操作的权限');
    });

    it('settings: the webhook test answers the receiver status, latency and a cut body; bad settings name the field; the overview counts', async () => {
      const t = await server.post(
        '/xy/settings/webhook/test/',
        { url: `${receiver.base}/huge`, type: 'json' },
        { token: admin },
      );
      expect(t.json.data).toMatchObject({ status: 200, ok: false, latency_ms: expect.any(Number) });
      expect(t.json.data.body.length).toBeLessThanOrEqual(500);
      const ok = await server.post(
        '/xy/settings/webhook/test/',
        { url: `${receiver.base}/ok`, type: 'wecom' },
        { token: admin },
      );
      expect(ok.json.data).toMatchObject({ status: 200, ok: true });
      const bad = await server.put(
        '/xy/settings/webhook/',
        { timeout_ms: 5, max_attempts: 3, backoff_base_ms: 0 },
        { token: admin },
      );
      expect(bad.json).toMatchObject({ code: 4000, msg: expect.stringContaining('超时') });
      const acc = await server.post(
        '/xy/settings/accounts/',
        { name: '主号', login: 'xy_main', state: 'banned' },
        { token: admin },
      );
      expect(acc.json.data).toMatchObject({ name: '主号', state: 'banned', phone: null });
      const o = await server.get('/xy/overview/', { token: admin });
      expect(o.json.data).toMatchObject({
        items: { today_stored: expect.any(Number) },
        pushes: { today_success: expect.any(Number), today_failed: expect.any(Number), pending: 0 },
        tasks: { enabled: 1 },
      });
      expect(o.json.data.pushes.today_success).toBeGreaterThan(0);
      expect(o.json.data.items_per_hour).toHaveLength(24);
    });
  });
}
