// The CRUD kit's REST shape, resource by resource (superuser): create/retrieve/update/delete round trip,
// filters, search, ordering, paging past the end, labelled validation errors (zh and en), soft delete,
// multiple_delete, PATCH refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from './helpers.ts';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const COMMON = [
  'id',
  'description',
  'creator',
  'creator_name',
  'modifier',
  'modifier_name',
  'dept_belong_id',
  'create_datetime',
  'update_datetime',
];

type Spec = {
  res: string;
  /** A valid create body (unique values are suffixed per run). */
  create: (n: number, s: TestServer) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Field to filter on (its create value must be unique) and a search term found in the row. */
  filter: string;
  search: (body: Record<string, unknown>) => string;
  /** Field changed by the update. */
  change: [string, unknown];
  missing: { field: string; label: string; labelEn: string };
};

const menuId = async (s: TestServer, path: string) =>
  (await s.app.db.selectFrom('menu').select('id').where('web_path', '=', path).executeTakeFirstOrThrow()).id;

const SPECS: Spec[] = [
  {
    res: 'menu',
    create: (n) => ({
      name: `kit-menu-${n}`,
      icon: 'cog',
      sort: 5,
      web_path: `/kitMenu${n}`,
      component: 'kit/index',
    }),
    filter: 'name',
    search: (b) => String(b.web_path),
    change: ['sort', 7],
    missing: { field: 'name', label: '菜单名称', labelEn: 'Menu name' },
  },
  {
    res: 'menu_button',
    create: async (n, s) => ({
      menu: await menuId(s, '/dept'),
      name: `kit-btn-${n}`,
      value: 'Kit',
      api: `/api/kit${n}/`,
      method: 0,
    }),
    filter: 'name',
    search: (b) => String(b.api),
    change: ['method', 1],
    missing: { field: 'name', label: '名称', labelEn: 'Name' },
  },
  {
    res: 'role',
    create: (n) => ({ name: `kit-role-${n}`, key: `kit_role_${n}`, sort: 3, data_range: 2 }),
    filter: 'key',
    search: (b) => String(b.name),
    change: ['data_range', 4],
    missing: { field: 'name', label: '角色名称', labelEn: 'Role name' },
  },
  {
    res: 'user',
    create: (n) => ({
      username: `kituser${n}`,
      name: `Kit User ${n}`,
      email: 'k@x.cn',
      mobile: '13800000000',
      gender: 1,
      dept: 3,
      role: [2],
    }),
    filter: 'username',
    search: (b) => String(b.name),
    change: ['name', 'Renamed'],
    missing: { field: 'username', label: '用户账号', labelEn: 'Username' },
  },
  {
    res: 'dictionary',
    create: (n) => ({ label: `kit dict ${n}`, value: `kit_dict_${n}`, sort: 9 }),
    filter: 'value',
    search: (b) => String(b.label),
    change: ['label', 'renamed dict'],
    missing: { field: 'value', label: '字典编号', labelEn: 'Value' },
  },
  {
    res: 'area',
    create: (n) => ({ name: `测试区${n}`, code: `99${n}00`, pinyin: 'ceshiqu' }),
    filter: 'code',
    search: (b) => String(b.name),
    change: ['name', '改名区'],
    missing: { field: 'name', label: '名称', labelEn: 'Name' },
  },
  {
    res: 'api_white_list',
    create: (n) => ({ url: `/api/kit/${n}/`, method: 0, enable_datasource: true }),
    filter: 'url',
    search: (b) => String(b.url),
    change: ['method', 2],
    missing: { field: 'url', label: '接口地址', labelEn: 'API' },
  },
  {
    res: 'system_config',
    create: (n) => ({ title: `kit group ${n}`, key: `kitgroup${n}`, sort: 50 }),
    filter: 'key',
    search: (b) => String(b.title),
    change: ['title', 'renamed group'],
    missing: { field: 'title', label: '标题', labelEn: 'Title' },
  },
];

describeEachDatabase('generic CRUD resources', (server) => {
  let token = '';
  beforeAll(async () => {
    token = (await server.login('superadmin')).access;
  });
  const auth = () => ({ token });
  const base = (res: string) => `/api/system/${res}/`;
  const list = async (res: string, query: Record<string, string | number> = {}) =>
    (await server.get(base(res), { ...auth(), query: { limit: 999, ...query } })).json;

  for (const [index, spec] of SPECS.entries()) {
    describe(spec.res, () => {
      it('round trip: create 新增成功, retrieve 获取成功, PUT 更新成功, DELETE 删除成功 (soft, hidden)', async () => {
        const body = await spec.create(index * 10 + 1, server);
        const created = await server.post(base(spec.res), body, auth());
        expect(created.json).toMatchObject({ code: 2000, msg: '新增成功' });
        const row = created.json.data;
        expect(Object.keys(row)).toEqual(expect.arrayContaining(COMMON));
        expect(row).toMatchObject({
          creator: 1,
          creator_name: '超级管理员',
          modifier: '1',
          modifier_name: '超级管理员',
        });
        if (spec.res !== 'user') expect(row.dept_belong_id).toBe('1');
        expect(row.create_datetime).toMatch(DATETIME);
        const { password: _, ...visible } = body;
        expect(row).toMatchObject(visible);

        const got = await server.get(`${base(spec.res)}${row.id}/`, auth());
        expect(got.json).toMatchObject({ code: 2000, msg: '获取成功', data: { id: row.id } });

        const [field, value] = spec.change;
        const updated = await server.put(`${base(spec.res)}${row.id}/`, { ...body, [field]: value }, auth());
        expect(updated.json).toMatchObject({
          code: 2000,
          msg: '更新成功',
          data: { id: row.id, [field]: value },
        });

        const patched = await server.request(`${base(spec.res)}${row.id}/`, {
          ...auth(),
          method: 'PATCH',
          body: {},
        });
        expect(patched.json).toEqual({ code: 4000, data: null, msg: '方法 “PATCH” 不被允许。' });

        expect((await server.delete(`${base(spec.res)}${row.id}/`, undefined, auth())).json).toEqual({
          code: 2000,
          data: [],
          msg: '删除成功',
        });
        expect((await server.get(`${base(spec.res)}${row.id}/`, auth())).json).toEqual({
          code: 400,
          data: null,
          msg: '接口地址不正确',
        });
        const after = await list(spec.res, { [spec.filter]: String(body[spec.filter]) });
        expect(after.data.data.map((r: { id: number }) => r.id)).not.toContain(row.id);
        const stored = await server.app.db
          .selectFrom(spec.res === 'user' ? 'users' : (spec.res as 'role'))
          .select('is_deleted')
          .where('id', '=', row.id)
          .executeTakeFirst();
        expect(stored).toEqual({ is_deleted: true });
      });

      it('filters by field, search=, ordering, paging past the end is an empty page', async () => {
        const a = await spec.create(index * 10 + 2, server);
        const b = await spec.create(index * 10 + 3, server);
        const ra = (await server.post(base(spec.res), a, auth())).json.data;
        const rb = (await server.post(base(spec.res), b, auth())).json.data;
        const filtered = await list(spec.res, { [spec.filter]: String(a[spec.filter]) });
        expect(filtered.code).toBe(2000);
        expect(filtered.data.data.map((r: { id: number }) => r.id)).toContain(ra.id);
        expect(filtered.data.data.map((r: { id: number }) => r.id)).not.toContain(rb.id);
        const searched = await list(spec.res, { search: spec.search(a) });
        expect(searched.data.data.map((r: { id: number }) => r.id)).toContain(ra.id);
        expect((await list(spec.res, { search: 'no-such-thing-anywhere' })).data.data).toEqual([]);

        const asc = (await list(spec.res, { search: spec.res === 'user' ? 'Kit User' : '', ordering: 'id' }))
          .data.data;
        const desc = (
          await list(spec.res, { search: spec.res === 'user' ? 'Kit User' : '', ordering: '-id' })
        ).data.data;
        const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
        expect(ids(asc)).toEqual([...ids(asc)].sort((x, y) => x - y));
        expect(ids(desc)).toEqual([...ids(desc)].sort((x, y) => y - x));

        const past = await server.get(base(spec.res), {
          ...auth(),
          query: { page: 500, limit: 10, search: spec.search(a) },
        });
        expect(past.json).toMatchObject({
          code: 2000,
          msg: 'success',
          data: { page: 500, limit: 10, data: [] },
        });
        expect(past.json.data.total).toBeGreaterThan(0);

        const today = new Date();
        const p = (n: number) => String(n).padStart(2, '0');
        const day = `${today.getFullYear()}-${p(today.getMonth() + 1)}-${p(today.getDate())}`;
        const inRange = await list(spec.res, {
          [spec.filter]: String(a[spec.filter]),
          create_datetime_after: day,
          create_datetime_before: day,
        });
        expect(inRange.data.data.map((r: { id: number }) => r.id)).toContain(ra.id);
        const before = await list(spec.res, {
          [spec.filter]: String(a[spec.filter]),
          create_datetime_before: '2000-01-01',
        });
        expect(before.data.data).toEqual([]);

        const removed = await server.delete(
          `${base(spec.res)}multiple_delete/`,
          { keys: [ra.id, rb.id] },
          auth(),
        );
        expect(removed.json).toMatchObject({ code: 2000, msg: '删除成功' });
        for (const id of [ra.id, rb.id])
          expect((await server.get(`${base(spec.res)}${id}/`, auth())).json.code).toBe(400);
      });

      it('validation errors name the field by its label, in Chinese or English', async () => {
        const body = await spec.create(index * 10 + 4, server);
        const { [spec.missing.field]: _, ...without } = body;
        expect((await server.post(base(spec.res), without, auth())).json).toEqual({
          code: 4000,
          data: null,
          msg: `${spec.missing.label}:该字段是必填项。`,
        });
        const en = await server.post(base(spec.res), without, {
          ...auth(),
          headers: { 'accept-language': 'en-US,en;q=0.9' },
        });
        expect(en.json.msg).toBe(`${spec.missing.labelEn}:This field is required.`);
        const long = await server.post(base(spec.res), { ...body, description: 'x'.repeat(201) }, auth());
        expect(long.json.msg).toBe('描述:请确保这个字段不能超过 200 个字符。');
      });
    });
  }

  it('duplicates, bad choices and unknown references are refused with dvadmin’s wording', async () => {
    expect((await server.post(base('role'), { name: 'dup', key: 'admin' }, auth())).json.msg).toBe(
      '权限字符:具有 权限字符 的 角色表 已存在。',
    );
    expect((await server.post(base('role'), { name: 'r', key: 'r9', data_range: 9 }, auth())).json.msg).toBe(
      '数据权限范围:“9” 不是合法选项。',
    );
    expect((await server.post(base('role'), { name: 'r', key: 'r9', menu: [99999] }, auth())).json.msg).toBe(
      '关联菜单:无效主键 “99999” － 对象不存在。',
    );
    expect((await server.post(base('user'), { username: 'superadmin', name: 'x' }, auth())).json.msg).toBe(
      '用户账号:具有 用户账号 的 用户表 已存在。',
    );
    expect(
      (await server.post(base('user'), { username: 'u1', name: 'x', email: 'nope' }, auth())).json.msg,
    ).toBe('邮箱:请输入合法的邮件地址。');
    expect((await server.post(base('area'), { name: 'x', code: '440000' }, auth())).json.msg).toBe(
      '地区编码:具有 地区编码 的 地区表 已存在。',
    );
    expect((await server.post(base('area'), { name: 'x', code: '123', pcode: '000' }, auth())).json.msg).toBe(
      '父地区编码:无效主键 “000” － 对象不存在。',
    );
    expect(
      (
        await server.post(
          base('menu_button'),
          { menu: 1, name: 'b', value: 'v', api: '/a/', method: 9 },
          auth(),
        )
      ).json.msg,
    ).toBe('接口请求方法:“9” 不是合法选项。');
    expect((await server.delete(`${base('role')}multiple_delete/`, {}, auth())).json).toEqual({
      code: 400,
      data: null,
      msg: '未获取到keys字段',
    });
  });

  it('limit is capped at 999 and defaults to 10', async () => {
    expect(
      (await server.get(base('dictionary'), { ...auth(), query: { limit: 5000 } })).json.data.limit,
    ).toBe(999);
    const page = (await server.get(base('dictionary'), { ...auth(), query: { parent: 25 } })).json.data;
    expect(page.limit).toBe(10);
    expect(page.data).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
  });
});
