import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageSchema } from '../../src/contract/envelope.ts';
import { itemSchema } from '../../src/contract/socket.ts';
import { describeEachDatabase } from './helpers.ts';
import { collect, connectSocket, listen, nextEvent, pause } from './realtime-support.ts';

const ITEMS = '/xy/items/';
const INGEST_TOKEN = 'ingest-token-for-tests-0123456789';
const apiToken = (token = INGEST_TOKEN) => ({ headers: { authorization: `Token ${token}` } });

// Each listing has its own url: the same url again is a duplicate (it updates the stored row, issue 13).
let listing = 0;
const item = (overrides: Record<string, unknown> = {}) => ({
  title: '九成新 iPhone 13 128G',
  price: 2799,
  seller: '数码小王',
  url: `https://example.com/item/${++listing}`,
  image: 'https://example.com/item/1.jpg',
  keywords: ['iPhone', '苹果'],
  time: '2026-11-21 10:30:00',
  ...overrides,
});

describeEachDatabase(
  'items ingest and the live feed',
  (server) => {
    let base = '';
    const tokens = { superadmin: '', admin: '', test: '' };
    const sockets: Socket[] = [];
    beforeAll(async () => {
      base = await listen(server.app);
      for (const name of ['superadmin', 'admin', 'test'] as const)
        tokens[name] = (await server.login(name)).access;
    });
    afterAll(() => {
      for (const s of sockets) s.close();
    });
    const open = async (token: string) => {
      const socket = await connectSocket(base, token);
      sockets.push(socket);
      return socket;
    };

    it('an item posted with INGEST_TOKEN is stored and pushed as `items` to connected viewers', async () => {
      const socket = await open(tokens.test);
      const pushed = nextEvent(socket, 'items');
      const { json } = await server.post(ITEMS, item(), apiToken());
      expect(json).toMatchObject({ code: 2000, msg: '新增成功' });
      expect(json.data).toMatchObject({
        title: '九成新 iPhone 13 128G',
        price: 2799,
        seller: '数码小王',
        keywords: ['iPhone', '苹果'],
        time: '2026-11-21 10:30:00',
        creator: null,
      });
      const payload = itemSchema.parse(await pushed);
      expect(payload).toMatchObject({ id: json.data.id, title: '九成新 iPhone 13 128G', price: 2799 });
    });

    it('a batch is pushed as one list', async () => {
      const socket = await open(tokens.superadmin);
      const pushed = nextEvent(socket, 'items');
      const { json } = await server.post(
        ITEMS,
        [
          item({ title: '索尼 A7M3 单机身', price: '8200.5', keywords: '索尼,相机' }),
          item({ title: 'iPad Air 5', time: undefined }),
        ],
        apiToken(),
      );
      expect(json.code).toBe(2000);
      const list = await pushed;
      expect(Array.isArray(list)).toBe(true);
      expect(list.map((i: { title: string }) => i.title)).toEqual(['索尼 A7M3 单机身', 'iPad Air 5']);
      expect(list[0]).toMatchObject({ price: 8200.5, keywords: ['索尼', '相机'] });
    });

    it('users without the items menu get no push', async () => {
      // role 用户 (test) holds /items; take it away for this test
      const db = server.app.db;
      const menu = await db
        .selectFrom('menu')
        .select('id')
        .where('web_path', '=', '/items')
        .executeTakeFirstOrThrow();
      const role = await db
        .selectFrom('role')
        .select('id')
        .where('key', '=', 'public')
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('role_menu')
        .where('role_id', '=', role.id)
        .where('menu_id', '=', menu.id)
        .execute();
      try {
        const socket = await open(tokens.test);
        const seen = collect(socket, 'items');
        const viewer = await open(tokens.superadmin);
        const pushed = nextEvent(viewer, 'items');
        await server.post(ITEMS, item({ title: '只给有权限的人' }), apiToken());
        await pushed;
        await pause(200);
        expect(seen.events).toEqual([]);
        expect((await server.get(ITEMS, { token: tokens.test })).json).toMatchObject({ code: 4000 });
      } finally {
        await db.insertInto('role_menu').values({ role_id: role.id, menu_id: menu.id }).execute();
      }
    });

    it('bad input is refused with labelled 4000 messages', async () => {
      const post = (body: unknown) => server.post(ITEMS, body, apiToken()).then((r) => r.json);
      expect(await post(item({ title: undefined }))).toEqual({
        code: 4000,
        data: null,
        msg: '标题:该字段是必填项。',
      });
      expect(await post(item({ title: '   ' }))).toMatchObject({ msg: '标题:该字段不能为空。' });
      expect(await post(item({ price: -1 }))).toMatchObject({
        code: 4000,
        msg: '价格:请确保该值大于或者等于 0。',
      });
      expect(await post(item({ price: 'cheap' }))).toMatchObject({ code: 4000, msg: '价格:格式不正确。' });
      expect(await post(item({ url: 'javascript:alert(1)' }))).toMatchObject({
        code: 4000,
        msg: expect.stringMatching(/^链接:/),
      });
      expect(await post(item({ time: 'yesterday' }))).toMatchObject({
        code: 4000,
        msg: expect.stringMatching(/^时间:/),
      });
      expect(await post(item({ keywords: [1] }))).toMatchObject({
        code: 4000,
        msg: expect.stringMatching(/^关键词:/),
      });
      expect(await post([item(), item({ seller: 'x'.repeat(101) })])).toMatchObject({
        code: 4000,
        msg: '第 2 条 卖家:请确保这个字段不能超过 100 个字符。',
      });
      const en = await server.post(ITEMS, item({ title: undefined }), {
        ...apiToken(),
        headers: { ...apiToken().headers, 'accept-language': 'en' },
      });
      expect(en.json.msg).toBe('Title:This field is required.');
    });

    it('ingest needs the right token, or a signed-in user with the Create button', async () => {
      expect((await server.post(ITEMS, item(), apiToken('wrong-token-wrong-token'))).json).toMatchObject({
        code: 4000,
        msg: 'API 令牌无效',
      });
      expect((await server.post(ITEMS, item())).json).toMatchObject({
        code: 4000,
        msg: '身份认证信息未提供。',
      });
      expect((await server.post(ITEMS, item(), { token: 'not.a.jwt' })).json.code).toBe(401);
      // test (role 用户) may read items but not create them
      expect((await server.post(ITEMS, item(), { token: tokens.test })).json).toMatchObject({ code: 4000 });
      const admin = await server.post(ITEMS, item({ title: '管理员手动添加' }), { token: tokens.admin });
      expect(admin.json).toMatchObject({
        code: 2000,
        data: { title: '管理员手动添加', creator_name: '管理员' },
      });
      // unsigned requests are refused like every API call
      expect((await server.post(ITEMS, item(), { ...apiToken(), sign: false })).json.msg).toBe('签名无效');
    });

    it('the list is paginated newest first and filterable; stats count today and total', async () => {
      const stats = async () => (await server.get(`${ITEMS}stats/`, { token: tokens.test })).json;
      const before = await stats();
      expect(before).toMatchObject({
        code: 2000,
        data: { today: expect.any(Number), total: expect.any(Number) },
      });
      await server.post(ITEMS, item({ title: '最新的一件' }), apiToken());
      const after = await stats();
      expect(after.data).toEqual({ today: before.data.today + 1, total: before.data.total + 1 });

      const { json } = await server.get(ITEMS, { token: tokens.test, query: { limit: 2 } });
      const page = pageSchema(itemSchema).parse(json.data);
      expect(page).toMatchObject({ page: 1, limit: 2, total: after.data.total });
      expect(page.data[0]!.title).toBe('最新的一件');
      const search = await server.get(ITEMS, { token: tokens.test, query: { search: '索尼', limit: 999 } });
      expect(search.json.data.data.map((i: { title: string }) => i.title)).toContain('索尼 A7M3 单机身');
      expect(
        search.json.data.data.every(
          (i: { title: string; keywords: string[] }) => /索尼/.test(i.title) || i.keywords.includes('索尼'),
        ),
      ).toBe(true);
      const byKeyword = await server.get(ITEMS, {
        token: tokens.test,
        query: { keyword: '相机', limit: 999 },
      });
      expect(byKeyword.json.data.data.length).toBeGreaterThan(0);
      const one = await server.get(`${ITEMS}${page.data[0]!.id}/`, { token: tokens.test });
      expect(one.json).toMatchObject({ code: 2000, data: { title: '最新的一件' } });
    });

    it('the list total is exact up to 1,000 matches, for a short page and up to a deep page; an estimate beyond', async () => {
      const db = server.app.db;
      await sql`insert into items (title, keywords) select 'cap-probe ' || g, '[]'::jsonb
        from generate_series(1, 1200) g`.execute(db);
      await sql`analyze items`.execute(db);
      try {
        const list = async (query: Record<string, string | number>) =>
          (await server.get(ITEMS, { token: tokens.superadmin, query })).json.data;
        // beyond the cap on the first page: the planner's estimate, a number above the cap
        const first = await list({ search: 'cap-probe', limit: 20 });
        expect(first.data).toHaveLength(20);
        expect(first.total).toBeGreaterThan(1000);
        expect(first.is_next).toBe(true);
        // a page deeper than the cap counts to its own end: exact here
        expect((await list({ search: 'cap-probe', limit: 20, page: 60 })).total).toBe(1200);
        // a short page knows the total
        const last = await list({ search: 'cap-probe', limit: 999, page: 2 });
        expect(last).toMatchObject({ total: 1200, is_next: false });
        expect(last.data).toHaveLength(201);
        // under the cap: exact
        expect((await list({ search: 'cap-probe 119', limit: 5 })).total).toBe(11);
      } finally {
        await sql`delete from items where title like 'cap-probe %'`.execute(db);
      }
    });
  },
  { ingestToken: INGEST_TOKEN },
);
