// The monitoring pipeline end to end over real HTTP on PGlite and PostgreSQL (issue 13): a task assigned to a
// phone, the phone's heartbeat and task poll, an ingest batch dropped by duplicate / blacklist / filter and
// stored, sellers upserted, logs written; the phone going offline on a controlled clock; and the bad input
// each answered with an envelope naming the field.
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock.ts';
import { afterItemsStored, onPhoneStateChanged } from '../../server/modules/pipeline/hooks.ts';
import { issueIngestToken } from '../../server/modules/pipeline/tokens.ts';
import { describeEachDatabase } from './helpers.ts';
import { collect, connectSocket, listen, pause } from './realtime-support.ts';

/** Waits for socket frames to arrive over loopback (not for time to pass: the presence clock is manual). */
async function arrived(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await pause(20);
}

const clock = manualClock(new Date('2026-11-25T09:00:00Z'));
const machine = (token: string, extra: Record<string, string> = {}) => ({
  headers: { authorization: `Token ${token}`, ...extra },
});

describeEachDatabase(
  'the monitoring pipeline',
  (server) => {
    let admin = '';
    let testUser = '';
    let base = '';
    const sockets: Socket[] = [];
    let phone: { id: number; token: string; serial: string } = { id: 0, token: '', serial: '' };
    let task = 0;
    let otherTask = 0;
    const serial = `SN-${Math.random().toString(36).slice(2, 10)}`;

    beforeAll(async () => {
      admin = (await server.login('admin')).access;
      testUser = (await server.login('test')).access;
      base = await listen(server.app);
    });
    afterAll(() => {
      for (const s of sockets) s.close();
    });

    it('creating a phone answers its agent token once; the token is stored hashed, never answered again', async () => {
      const { json } = await server.post(
        '/xy/phones/',
        { name: '一号机', serial, model: 'Redmi Note 12', account: 'xy_001' },
        { token: admin },
      );
      expect(json).toMatchObject({ code: 2000, data: { name: '一号机', serial, online: false } });
      expect(json.data.token).toEqual(expect.any(String));
      expect(json.data.token.length).toBeGreaterThanOrEqual(16);
      expect(json.data).not.toHaveProperty('token_hash');
      phone = { id: json.data.id, token: json.data.token, serial };
      const again = await server.get(`/xy/phones/${phone.id}/`, { token: admin });
      expect(again.json.data).not.toHaveProperty('token');
      const stored = await server.app.db
        .selectFrom('xy_phone')
        .select('token_hash')
        .where('id', '=', phone.id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.token_hash).not.toContain(phone.token);
      const dup = await server.post('/xy/phones/', { name: '二号机', serial }, { token: admin });
      expect(dup.json).toMatchObject({ code: 4000, msg: expect.stringContaining('序列号') });
    });

    it('a task names its keywords (a comma-separated string accepted), price range, interval and phone', async () => {
      const { json } = await server.post(
        '/xy/tasks/',
        {
          name: '监控 iPhone',
          keywords: 'iPhone, 苹果',
          min_price: 1000,
          max_price: '6000',
          region: '上海',
          interval_s: 60,
          phone: phone.id,
        },
        { token: admin },
      );
      expect(json).toMatchObject({
        code: 2000,
        data: {
          keywords: ['iPhone', '苹果'],
          min_price: 1000,
          max_price: 6000,
          interval_s: 60,
          enabled: true,
          phone: phone.id,
          phone_name: '一号机',
          last_run_at: null,
          items_found: 0,
        },
      });
      task = json.data.id;
      const other = await server.post(
        '/xy/tasks/',
        { name: '别的任务', keywords: ['Switch'] },
        { token: admin },
      );
      otherTask = other.json.data.id;
      const search = await server.get('/xy/tasks/', { token: admin, query: { search: 'iPhone' } });
      expect(search.json.data.data.map((t: { id: number }) => t.id)).toEqual([task]);
    });

    it('bad task input is refused naming the field: min above max, interval under 30, no keyword, unknown phone', async () => {
      const post = async (body: Record<string, unknown>) =>
        (await server.post('/xy/tasks/', { name: 't', keywords: ['x'], ...body }, { token: admin })).json;
      expect(await post({ min_price: 500, max_price: 100 })).toMatchObject({
        code: 4000,
        msg: '最低价:最低价不能高于最高价。',
      });
      expect((await post({ interval_s: 10 })).msg).toMatch(/^间隔（秒）:/);
      expect((await post({ keywords: '' })).msg).toMatch(/^关键词:/);
      expect((await post({ phone: 999999 })).msg).toMatch(/^手机:/);
      expect((await post({ min_price: 'cheap' })).msg).toMatch(/^最低价:/);
    });

    it('filters: a filter with no rule is refused; the dry run names the rule that would drop a listing', async () => {
      const none = await server.post('/xy/item_filters/', { name: '空规则' }, { token: admin });
      expect(none.json).toMatchObject({ code: 4000, msg: expect.stringMatching(/^排除词:/) });
      const exclude = await server.post(
        '/xy/item_filters/',
        { name: '不要配件', exclude_words: '配件,壳' },
        { token: admin },
      );
      expect(exclude.json).toMatchObject({ code: 2000, data: { exclude_words: ['配件', '壳'], task: null } });
      const cheap = await server.post(
        '/xy/item_filters/',
        { name: '太便宜的 iPhone 是骗子', task, min_price: 800 },
        { token: admin },
      );
      expect(cheap.json).toMatchObject({
        code: 2000,
        data: { task, task_name: '监控 iPhone', min_price: 800 },
      });

      const dry = async (body: Record<string, unknown>) =>
        (await server.post('/xy/item_filters/test/', body, { token: admin })).json.data;
      expect(await dry({ title: 'iPhone 13 原装配件', price: 50, task })).toMatchObject({
        verdict: 'filter',
        filter: { id: exclude.json.data.id, name: '不要配件' },
        rule: 'exclude_words',
        word: '配件',
      });
      expect(await dry({ title: 'iPhone 13', price: 300, task })).toMatchObject({
        verdict: 'filter',
        rule: 'min_price',
      });
      // the task-bound filter leaves other tasks alone
      expect(await dry({ title: 'iPhone 13', price: 300, task: otherTask })).toMatchObject({
        verdict: 'pass',
      });
      // the test user (role 用户) holds none of the filter buttons
      expect(
        (await server.post('/xy/item_filters/test/', { title: 'x' }, { token: testUser })).json.code,
      ).toBe(4000);
    });

    it('a seller is blacklisted with a partial PUT', async () => {
      const created = await server.post(
        '/xy/sellers/',
        { seller_id: 'seller-bad', name: '黑心卖家' },
        { token: admin },
      );
      expect(created.json).toMatchObject({
        code: 2000,
        data: { seller_id: 'seller-bad', blacklisted: false },
      });
      const put = await server.put(
        `/xy/sellers/${created.json.data.id}/`,
        { blacklisted: true, blacklist_reason: '翻新机冒充' },
        { token: admin },
      );
      expect(put.json).toMatchObject({
        code: 2000,
        data: {
          seller_id: 'seller-bad',
          name: '黑心卖家',
          blacklisted: true,
          blacklist_reason: '翻新机冒充',
        },
      });
      const none = await server.post('/xy/sellers/', { blacklisted: true }, { token: admin });
      expect(none.json).toMatchObject({ code: 4000, msg: expect.stringMatching(/^卖家 ID:/) });
    });

    it('the phone agent: heartbeat (bad token, unknown serial, battery 300 refused), then its tasks, each run logged once', async () => {
      const beat = (body: Record<string, unknown>, token = phone.token) =>
        server.post('/xy/phones/heartbeat/', body, machine(token));
      expect((await beat({ serial }, 'wrong-token-wrong-token-wrong')).json).toMatchObject({
        code: 4000,
        msg: '手机令牌无效',
      });
      expect((await server.post('/xy/phones/heartbeat/', { serial })).json).toMatchObject({
        code: 4000,
        msg: expect.stringContaining('手机令牌'),
      });
      // a signed-in user's JWT is not a phone token
      expect((await server.post('/xy/phones/heartbeat/', { serial }, { token: admin })).json.code).toBe(4000);
      expect((await beat({ serial: 'NO-SUCH-SERIAL', battery: 50 })).json).toMatchObject({
        code: 4000,
        msg: expect.stringMatching(/^序列号:/),
      });
      expect((await beat({ serial, battery: 300 })).json).toMatchObject({
        code: 4000,
        msg: '电量:请确保该值小于或者等于 100。',
      });
      const en = await server.post(
        '/xy/phones/heartbeat/',
        { serial, battery: 300 },
        machine(phone.token, { 'accept-language': 'en' }),
      );
      expect(en.json.msg).toMatch(/^Battery:/);

      const ok = await beat({ serial, battery: 87, network: 'wifi', app_version: '1.4.2', temperature: 31 });
      expect(ok.json).toMatchObject({ code: 2000, data: { id: phone.id, online: true } });
      const row = (await server.get(`/xy/phones/${phone.id}/`, { token: admin })).json.data;
      expect(row).toMatchObject({ online: true, battery: 87, network: 'wifi', app_version: '1.4.2' });
      const data = await server.get('/xy/device_data/', { token: admin, query: { phone: phone.id } });
      expect(data.json.data.data).toHaveLength(1);
      expect(data.json.data.data[0]).toMatchObject({ battery: 87, extra: { temperature: 31 } });

      const tasks = await server.get('/xy/phones/tasks/', machine(phone.token));
      expect(tasks.json.data).toEqual([
        expect.objectContaining({ id: task, keywords: ['iPhone', '苹果'], min_price: 1000, due: true }),
      ]);
      const again = await server.get('/xy/phones/tasks/', machine(phone.token));
      expect(again.json.data[0]).toMatchObject({ id: task, due: false });
      const runs = await server.get('/xy/logs/', { token: admin, query: { type: 'task_run', task } });
      expect(runs.json.data.total).toBe(1);
      const online = await server.get('/xy/logs/', {
        token: admin,
        query: { type: 'phone', phone: phone.id },
      });
      expect(online.json.data.data[0]).toMatchObject({ message: '手机 一号机 上线', phone_name: '一号机' });
    });

    it('ingest: dedupe → blacklist → filters → store, one verdict per listing; sellers upserted; the batch logged', async () => {
      const stored: number[][] = [];
      const off = afterItemsStored(server.app.db, async (trx, items) => {
        // runs inside the ingest transaction: the rows are visible through trx
        const n = await trx
          .selectFrom('items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(
            'id',
            'in',
            items.map((i) => i.id),
          )
          .executeTakeFirstOrThrow();
        expect(Number(n.n)).toBe(items.length);
        expect(items.every((i) => i.task_id === task && i.phone_id === phone.id)).toBe(true);
        stored.push(items.map((i) => i.id));
      });
      const listing = (n: number, extra: Record<string, unknown> = {}) => ({
        title: `九成新 iPhone 13 ${n}`,
        price: 2800 + n,
        seller: '数码小王',
        seller_id: 'seller-wang',
        url: `https://example.com/pipeline/${serial}/${n}`,
        keywords: ['iPhone'],
        task,
        ...extra,
      });
      const first = await server.post('/xy/items/', [listing(1)], machine(phone.token));
      expect(first.json.data).toEqual([expect.objectContaining({ verdict: 'stored', reason: null, task })]);
      const firstId = first.json.data[0].id;

      const { json } = await server.post(
        '/xy/items/',
        [
          listing(1, { price: 2500 }), // seen before: duplicate, price updated
          listing(2), // stored
          listing(3, { seller: '黑心卖家', seller_id: 'seller-bad' }), // blacklisted
          listing(4, { title: 'iPhone 13 原装配件 充电器' }), // the global filter
          listing(5, { price: 500 }), // the task's filter: under 800
          listing(2), // again inside the batch: duplicate
        ],
        machine(phone.token),
      );
      expect(json.code).toBe(2000);
      expect(json.data.map((r: { verdict: string; reason: string | null }) => r.reason ?? r.verdict)).toEqual(
        ['duplicate', 'stored', 'blacklist', 'filter', 'filter', 'duplicate'],
      );
      expect(json.data[0]).toMatchObject({ id: firstId, price: 2500 });
      expect(json.data[3].rule).toMatchObject({ name: '不要配件', rule: 'exclude_words', word: '配件' });
      expect(json.data[4].rule).toMatchObject({ rule: 'min_price' });
      expect(json.data[5].id).toBe(json.data[1].id);
      expect(stored).toEqual([[firstId], [json.data[1].id]]);
      off();

      const items = await server.get('/xy/items/', { token: testUser, query: { task, limit: 100 } });
      expect(items.json.data.total).toBe(2);
      const seller = await server.get('/xy/sellers/', { token: admin, query: { search: 'seller-wang' } });
      expect(seller.json.data.data).toEqual([
        expect.objectContaining({ seller_id: 'seller-wang', name: '数码小王', items_count: 2 }),
      ]);
      expect(items.json.data.data[0].seller_ref).toBe(seller.json.data.data[0].id);
      const taskRow = (await server.get(`/xy/tasks/${task}/`, { token: admin })).json.data;
      expect(taskRow.items_found).toBe(2);
      const logs = await server.get('/xy/logs/', { token: admin, query: { type: 'ingest', task, limit: 1 } });
      expect(logs.json.data.data[0]).toMatchObject({
        stored: 1,
        dropped: 5,
        phone: phone.id,
        message: '入库 1 条，丢弃 5 条（重复 2，黑名单 1，过滤 2）',
      });
      const filters = await server.get('/xy/item_filters/', { token: admin, query: { task, limit: 100 } });
      expect(filters.json.data.data.find((f: { name: string }) => f.name.startsWith('太便宜')).hits).toBe(1);
    });

    it('batches posted at once with the same urls store each url once; the others answer duplicate with its id', async () => {
      const batch = (from: number) =>
        Array.from({ length: 20 }, (_, k) => ({
          title: `并发 iPhone 15 ${from + k}`,
          price: 4000,
          seller: '并发卖家',
          seller_id: `race-${serial}`,
          url: `https://example.com/race/${serial}/${from + k}`,
          task,
        }));
      // 0–19, 10–29 and 0–19 again: urls 0–29 stored once each, whichever batch got there first
      const answers = await Promise.all(
        [batch(0), batch(10), batch(0)].map((b) => server.post('/xy/items/', b, machine(phone.token))),
      );
      const verdicts = answers.flatMap(({ json }) => {
        expect(json.code).toBe(2000);
        return json.data as { id: number; url: string; verdict: string; reason: string | null }[];
      });
      const storedByUrl = new Map<string, number>();
      for (const v of verdicts.filter((v) => v.verdict === 'stored')) {
        expect(storedByUrl.has(v.url)).toBe(false);
        storedByUrl.set(v.url, v.id);
      }
      expect(storedByUrl.size).toBe(30);
      for (const v of verdicts.filter((v) => v.verdict !== 'stored')) {
        expect(v).toMatchObject({ reason: 'duplicate', id: storedByUrl.get(v.url) });
      }
      const seller = await server.get('/xy/sellers/', { token: admin, query: { search: `race-${serial}` } });
      expect(seller.json.data.data).toEqual([expect.objectContaining({ items_count: 30 })]);
    });

    it('a listing that lost a race for its url is a duplicate everywhere: task finds and each log row count what its batch stored', async () => {
      const db = server.app.db;
      const found = async () =>
        (
          await db
            .selectFrom('xy_task')
            .select('items_found')
            .where('id', '=', task)
            .executeTakeFirstOrThrow()
        ).items_found;
      const lastLog = (
        await db
          .selectFrom('xy_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id;
      const before = await found();
      const batch = (from: number) =>
        Array.from({ length: 20 }, (_, k) => ({
          title: `竞争 iPhone 15 ${from + k}`,
          price: 4100,
          seller: '竞争卖家',
          url: `https://example.com/lost-race/${serial}/${from + k}`,
          task,
        }));
      const answers = await Promise.all(
        [batch(0), batch(10), batch(0)].map((b) => server.post('/xy/items/', b, machine(phone.token))),
      );
      const storedPerBatch = answers.map(
        ({ json }) => (json.data as { verdict: string }[]).filter((v) => v.verdict === 'stored').length,
      );
      expect(storedPerBatch.reduce((a, b) => a + b)).toBe(30);
      expect(await found()).toBe(before + 30);
      const logs = await db
        .selectFrom('xy_log')
        .select(['stored', 'dropped', 'message', 'detail'])
        .where('type', '=', 'ingest')
        .where('task_id', '=', task)
        .where('id', '>', Number(lastLog ?? 0))
        .orderBy('id')
        .execute();
      expect(logs.map((l) => l.stored).sort()).toEqual([...storedPerBatch].sort());
      for (const l of logs) {
        expect(l.stored + l.dropped).toBe(20);
        expect(l.detail).toMatchObject({ duplicate: l.dropped, blacklist: 0, filter: 0, poster: 'phone' });
        expect(l.message).toBe(
          `入库 ${l.stored} 条，丢弃 ${l.dropped} 条${l.dropped ? `（重复 ${l.dropped}）` : ''}`,
        );
      }
    });

    it('filters and the blacklist compile once per change, not per batch; a change is seen at the next batch', async () => {
      const rules = server.app.pipeline.rules;
      const post = (n: string, extra: Record<string, unknown> = {}) =>
        server.post(
          '/xy/items/',
          {
            title: `小米 14 ${n}`,
            price: 2999,
            seller: '路人甲',
            url: `https://example.com/rules/${serial}/${n}`,
            ...extra,
          },
          machine(phone.token),
        );
      await post('a');
      const before = { ...rules.compiled };
      await post('b');
      await post('c');
      expect(rules.compiled).toEqual(before);
      const seller = await server.get('/xy/sellers/', { token: admin, query: { search: '路人甲' } });
      await server.put(
        `/xy/sellers/${seller.json.data.data[0].id}/`,
        { blacklisted: true },
        { token: admin },
      );
      expect((await post('d')).json.data).toMatchObject({ verdict: 'dropped', reason: 'blacklist' });
      expect(rules.compiled.blacklist).toBe(before.blacklist + 1);
      expect(rules.compiled.filters).toBe(before.filters);
      await server.put(
        `/xy/sellers/${seller.json.data.data[0].id}/`,
        { blacklisted: false },
        { token: admin },
      );
      expect((await post('e')).json.data).toMatchObject({ verdict: 'stored' });
    });

    it('a batch with one bad listing names it and stores none of the batch; a task of another phone is refused', async () => {
      const count = async () =>
        Number(
          (
            await server.app.db
              .selectFrom('items')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const bad = await server.post(
        '/xy/items/',
        [
          { title: '好的一条', price: 1, url: 'https://example.com/bad-batch/1' },
          { title: '坏的一条', price: 'abc', url: 'https://example.com/bad-batch/2' },
        ],
        machine(phone.token),
      );
      expect(bad.json).toMatchObject({ code: 4000, msg: expect.stringMatching(/^第 2 条 价格:/) });
      const other = await server.post(
        '/xy/items/',
        [{ title: 'Switch OLED', price: 1800, task: otherTask }],
        machine(phone.token),
      );
      expect(other.json).toMatchObject({ code: 4000, msg: expect.stringMatching(/^第 1 条 任务:/) });
      expect(await count()).toBe(before);
    });

    it('ingest tokens are per holder, stored hashed and rotatable', async () => {
      const { token } = await issueIngestToken(server.app.db, `scraper-${serial}`);
      const post = (t: string, n: number) =>
        server.post(
          '/xy/items/',
          { title: `扫描到的 ${n}`, price: 10, url: `https://example.com/tok/${serial}/${n}` },
          machine(t),
        );
      expect((await post(token, 1)).json).toMatchObject({ code: 2000, data: { verdict: 'stored' } });
      const rotated = await issueIngestToken(server.app.db, `scraper-${serial}`);
      expect(rotated.rotated).toBe(true);
      expect((await post(token, 2)).json).toMatchObject({ code: 4000, msg: 'API 令牌无效' });
      expect((await post(rotated.token, 3)).json.code).toBe(2000);
    });

    it('rotating a phone token (the Update button) ends the old one at once', async () => {
      const denied = await server.post(`/xy/phones/${phone.id}/rotate_token/`, {}, { token: testUser });
      expect(denied.json.code).toBe(4000);
      const { json } = await server.post(`/xy/phones/${phone.id}/rotate_token/`, {}, { token: admin });
      expect(json).toMatchObject({ code: 2000, data: { id: phone.id, token: expect.any(String) } });
      expect((await server.get('/xy/phones/tasks/', machine(phone.token))).json.msg).toBe('手机令牌无效');
      phone.token = json.data.token;
      expect((await server.get('/xy/phones/tasks/', machine(phone.token))).json.code).toBe(2000);
    });

    it('a phone deleted by any writer, even plain SQL, is refused at its next call (its kept token check is dropped)', async () => {
      const { json } = await server.post(
        '/xy/phones/',
        { name: '三号机', serial: `${serial}-3` },
        { token: admin },
      );
      const agent = machine(json.data.token);
      expect((await server.get('/xy/phones/tasks/', agent)).json.code).toBe(2000);
      expect((await server.get('/xy/phones/tasks/', agent)).json.code).toBe(2000);
      await sql`update xy_phone set is_deleted = true where id = ${json.data.id}`.execute(server.app.db);
      expect((await server.get('/xy/phones/tasks/', agent)).json.msg).toBe('手机令牌无效');
    });

    it('a silent phone goes offline after the setting (90 s) on the controlled clock: logged once, pushed, hooked', async () => {
      const socket = await connectSocket(base, admin);
      sockets.push(socket);
      const presence = server.app.pipeline.presence;
      await server.post('/xy/phones/heartbeat/', { serial, battery: 80 }, machine(phone.token));
      expect((await server.get(`/xy/phones/${phone.id}/`, { token: admin })).json.data.online).toBe(true);
      const changes: unknown[] = [];
      const off = onPhoneStateChanged(server.app.db, (_db, change) => {
        changes.push(change);
      });
      const pushed = collect(socket, 'phone');
      clock.advance(89_000);
      expect(await presence.sweep()).toEqual([]);
      clock.advance(2_000);
      const gone = await presence.sweep();
      expect(gone).toEqual([
        expect.objectContaining({ online: false, phone: expect.objectContaining({ id: phone.id }) }),
      ]);
      expect(await presence.sweep()).toEqual([]);
      expect((await server.get(`/xy/phones/${phone.id}/`, { token: admin })).json.data.online).toBe(false);
      const logs = await server.get('/xy/logs/', { token: admin, query: { type: 'phone', phone: phone.id } });
      expect(logs.json.data.data.map((l: { message: string }) => l.message).slice(0, 2)).toEqual([
        '手机 一号机 离线',
        '手机 一号机 上线',
      ]);
      // back online with the next heartbeat
      await server.post('/xy/phones/heartbeat/', { serial, battery: 79 }, machine(phone.token));
      await arrived(() => pushed.events.length >= 2);
      pushed.stop();
      expect(pushed.events).toEqual([
        expect.objectContaining({ id: phone.id, serial, online: false }),
        expect.objectContaining({ id: phone.id, online: true }),
      ]);
      expect(changes).toEqual([
        expect.objectContaining({ online: false }),
        expect.objectContaining({ online: true }),
      ]);
      off();
    });

    it('the test user (role 用户) keeps only items read-only of the pipeline', async () => {
      for (const path of [
        '/xy/tasks/',
        '/xy/phones/',
        '/xy/item_filters/',
        '/xy/sellers/',
        '/xy/logs/',
        '/xy/device_data/',
      ]) {
        expect((await server.get(path, { token: testUser })).json.code, path).toBe(4000);
      }
      expect((await server.get('/xy/items/', { token: testUser })).json.code).toBe(2000);
      expect(
        (await server.post('/xy/tasks/', { name: 'x', keywords: ['y'] }, { token: testUser })).json.code,
      ).toBe(4000);
    });
  },
  {},
  { clock, sweepIntervalMs: 0 },
);
