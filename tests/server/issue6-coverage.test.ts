// What the test list asks for beyond crud.test.ts, admin-resources.test.ts, dept.test.ts,
// permission.test.ts, file.test.ts and message.test.ts: every write of every writable resource refused for
// user `test`; paging past the end, filters and soft delete on the resources outside the kit (logs, files,
// message centre); and the list changes made for 100,000 users (scripts/bench-users.ts): a deep page is the
// same slice as the whole list, one search over several fields, the modifier's name through its id, the
// user list's order index.
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers.ts';

const WRITABLE = [
  'dept',
  'menu',
  'menu_button',
  'role',
  'user',
  'dictionary',
  'area',
  'api_white_list',
  'system_config',
];

const DENIED = (method: string, path: string) => `您没有执行该操作的权限。 (${method}: ${path})`;

describeEachDatabase('issue 6 coverage', (server) => {
  let superToken = '';
  let testToken = '';
  beforeAll(async () => {
    superToken = (await server.login('superadmin')).access;
    testToken = (await server.login('test')).access;
  });
  const asSuper = () => ({ token: superToken });
  const asTest = () => ({ token: testToken });
  const base = (res: string) => `/api/system/${res}/`;
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it('user test may not create, update, delete or batch delete on any resource, nor export or import users', async () => {
    for (const res of WRITABLE) {
      const path = base(res);
      expect((await server.post(path, { name: 'x' }, asTest())).json, res).toEqual({
        code: 4000,
        data: null,
        msg: DENIED('POST', path),
      });
      expect((await server.put(`${path}1/`, { name: 'x' }, asTest())).json.msg, res).toBe(
        DENIED('PUT', `${path}1/`),
      );
      expect((await server.delete(`${path}1/`, undefined, asTest())).json.msg, res).toBe(
        DENIED('DELETE', `${path}1/`),
      );
      expect((await server.delete(`${path}multiple_delete/`, { keys: [1] }, asTest())).json.msg, res).toBe(
        DENIED('DELETE', `${path}multiple_delete/`),
      );
    }
    expect((await server.post(`${base('user')}export/`, {}, asTest())).json.code).toBe(4000);
    expect((await server.get(`${base('user')}import/`, asTest())).json.code).toBe(4000);
    expect((await server.post(`${base('user')}import/`, { rows: [] }, asTest())).json.code).toBe(4000);
    expect((await server.put(`${base('user')}1/reset_to_default_password/`, {}, asTest())).json.code).toBe(
      4000,
    );
    // Nothing was changed by the refused calls.
    expect((await server.get(`${base('dept')}1/`, asSuper())).json.data.name).toBe('DVAdmin团队');
  });

  it('login and operation logs filter by field and answer an empty page past the end', async () => {
    await server.app.flushLogs();
    const logins = await server.get(base('login_log'), { ...asSuper(), query: { username: 'test' } });
    expect(logins.json.data.total).toBeGreaterThan(0);
    expect(new Set(logins.json.data.data.map((r: { username: string }) => r.username))).toEqual(
      new Set(['test']),
    );
    for (const res of ['login_log', 'operation_log']) {
      const past = await server.get(base(res), { ...asSuper(), query: { page: 9999, limit: 20 } });
      expect(past.json, res).toMatchObject({ code: 2000, data: { page: 9999, limit: 20, data: [] } });
      expect(past.json.data.total, res).toBeGreaterThan(0);
    }
    const ops = await server.get(base('operation_log'), {
      ...asSuper(),
      query: { request_method: 'DELETE', limit: 999 },
    });
    expect(ops.json.data.data.every((r: { request_method: string }) => r.request_method === 'DELETE')).toBe(
      true,
    );
  });

  it('the file list answers an empty page past the end', async () => {
    const past = await server.get(base('file'), { ...asSuper(), query: { page: 9999, limit: 10 } });
    expect(past.json).toMatchObject({ code: 2000, data: { page: 9999, limit: 10, data: [] } });
  });

  it('a deleted message leaves the centre’s list and cannot be read; past the end is an empty page', async () => {
    const created = await server.post(
      base('message_center'),
      { title: 'coverage notice', content: '<p>hello</p>', target_type: 3 },
      asSuper(),
    );
    expect(created.json.code).toBe(2000);
    const id = created.json.data.id as number;
    const listed = async () =>
      ids((await server.get(base('message_center'), { ...asSuper(), query: { limit: 999 } })).json.data.data);
    expect(await listed()).toContain(id);
    const past = await server.get(base('message_center'), { ...asSuper(), query: { page: 999, limit: 10 } });
    expect(past.json).toMatchObject({ code: 2000, data: { page: 999, data: [] } });
    expect((await server.delete(`${base('message_center')}${id}/`, undefined, asSuper())).json.code).toBe(
      2000,
    );
    expect(await listed()).not.toContain(id);
    expect((await server.get(`${base('message_center')}${id}/`, asSuper())).json.code).not.toBe(2000);
    // soft: the row is kept
    const row = await server.app.db
      .selectFrom('message_center')
      .select('is_deleted')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.is_deleted).toBe(true);
  });

  it('a page deep in a list is the same slice, in the same order, as the whole list', async () => {
    for (let i = 0; i < 23; i++) {
      const created = await server.post(
        base('user'),
        { username: `deep${String(i).padStart(2, '0')}`, name: `深页${i}`, dept: 3, role: [2] },
        asSuper(),
      );
      expect(created.json.code).toBe(2000);
    }
    for (const ordering of [undefined, 'username', '-id']) {
      const query = { search: 'deep', ...(ordering ? { ordering } : {}) };
      const all = (await server.get(base('user'), { ...asSuper(), query: { ...query, limit: 999 } })).json
        .data;
      expect(all.total).toBe(23);
      for (const page of [1, 2, 3]) {
        const got = (await server.get(base('user'), { ...asSuper(), query: { ...query, page, limit: 10 } }))
          .json.data;
        expect(got.total).toBe(23);
        expect(ids(got.data), `${ordering} page ${page}`).toEqual(
          ids(all.data).slice((page - 1) * 10, page * 10),
        );
        // the rows keep their joined fields
        expect(got.data[0]).toMatchObject({ dept_name: '技术部', creator_name: '超级管理员' });
        expect(got.data[0].role_info.map((r: { key: string }) => r.key)).toEqual(['public']);
      }
    }
  });

  it('search matches any one of the fields, never text spanning two of them', async () => {
    const created = await server.post(
      base('user'),
      { username: 'spanab', name: 'cdspan', mobile: '13912345678', dept: 3 },
      asSuper(),
    );
    const id = created.json.data.id as number;
    const found = async (search: string) =>
      ids((await server.get(base('user'), { ...asSuper(), query: { search, limit: 999 } })).json.data.data);
    expect(await found('SPANA')).toContain(id); // case-insensitive
    expect(await found('cdsp')).toContain(id);
    expect(await found('9123456')).toContain(id);
    expect(await found('abcd')).not.toContain(id); // end of the username + start of the name
    expect(await found('ab cd')).not.toContain(id);
    expect(await found('50%')).toEqual([]); // like wildcards are literal
  });

  it('modifier_name names whoever wrote the row last', async () => {
    const adminToken = (await server.login('admin')).access;
    const made = (await server.post(base('role'), { name: 'mod role', key: 'mod_role' }, asSuper())).json
      .data;
    expect(made.modifier_name).toBe('超级管理员');
    const changed = await server.put(
      `${base('role')}${made.id}/`,
      { ...made, name: 'mod role 2' },
      {
        token: adminToken,
      },
    );
    expect(changed.json.data).toMatchObject({ modifier_name: '管理员', creator_name: '超级管理员' });
    const listed = await server.get(base('role'), { ...asSuper(), query: { key: 'mod_role' } });
    expect(listed.json.data.data[0].modifier_name).toBe('管理员');
  });

  it('the user list’s default order has its index', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where tablename = 'users' and indexname = 'users_list_order_idx'
    `.execute(server.app.db);
    expect(rows[0]?.indexdef).toMatch(/\(create_datetime DESC, id\) WHERE \(is_deleted = false\)/);
  });
});
