// Server-side API permission and data scope (CONTRACT.md, "Menus and permissions"): a non-superuser passes
// only on a white-listed API or a button (api pattern, method) of their roles; rows are scoped by the roles'
// data_range through dept_belong_id (0 own, 1 dept and below, 2 dept, 3 all, 4 custom depts).
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPatternMatches } from '../../server/http/permission.ts';
import { describeEachDatabase, type TestServer } from './helpers.ts';

describe('api patterns', () => {
  it('{id} stands for one path segment; trailing slashes are normalised', () => {
    expect(apiPatternMatches('/api/system/dept/{id}/', '/api/system/dept/12/')).toBe(true);
    expect(apiPatternMatches('/api/system/dept/{id}/', '/api/system/dept/12')).toBe(true);
    expect(apiPatternMatches('/api/system/dept/{id}/', '/api/system/dept/')).toBe(false);
    expect(apiPatternMatches('/api/system/dept/{id}/', '/api/system/dept/1/2/')).toBe(false);
    expect(apiPatternMatches('/api/system/dept/', '/api/system/dept/12/')).toBe(false);
    expect(
      apiPatternMatches('/api/system/user/{id}/reset_password/', '/api/system/user/3/reset_password/'),
    ).toBe(true);
  });
});

const base = (res: string) => `/api/system/${res}/`;

async function buttonId(server: TestServer, path: string, value: string, api?: string): Promise<number> {
  let q = server.app.db
    .selectFrom('menu_button as b')
    .innerJoin('menu as m', 'm.id', 'b.menu_id')
    .select('b.id')
    .where('m.web_path', '=', path)
    .where('b.value', '=', value);
  if (api) q = q.where('b.api', '=', api);
  return (await q.executeTakeFirstOrThrow()).id;
}

describeEachDatabase('API permission and data scope', (server) => {
  let superToken = '';
  let testToken = '';
  let publicRole: Record<string, unknown> = {};
  beforeAll(async () => {
    superToken = (await server.login('superadmin')).access;
    testToken = (await server.login('test')).access;
    publicRole = (await server.get(`${base('role')}2/`, { token: superToken })).json.data;
  });
  const asSuper = () => ({ token: superToken });
  const asTest = () => ({ token: testToken });
  /** Updates role 用户 (user test's role) with a full body, keeping what is not given. */
  const setPublicRole = async (changes: Record<string, unknown>) => {
    const { json } = await server.put(`${base('role')}2/`, { ...publicRole, ...changes }, asSuper());
    expect(json.code).toBe(2000);
    publicRole = json.data;
  };

  it('a write without a granted button is refused as the stock backend words it', async () => {
    expect((await server.post(base('dept'), { name: 'x' }, asTest())).json).toEqual({
      code: 4000,
      data: null,
      msg: '您没有执行该操作的权限。 (POST: /api/system/dept/)',
    });
    const en = await server.post(
      base('dept'),
      { name: 'x' },
      { ...asTest(), headers: { 'accept-language': 'en' } },
    );
    expect(en.json.msg).toBe('You do not have permission to perform this action. (POST: /api/system/dept/)');
    expect((await server.delete(`${base('dept')}1/`, undefined, asTest())).json.msg).toBe(
      '您没有执行该操作的权限。 (DELETE: /api/system/dept/1/)',
    );
    for (const res of [
      'menu',
      'menu_button',
      'role',
      'user',
      'dictionary',
      'area',
      'api_white_list',
      'system_config',
      'login_log',
      'operation_log',
    ]) {
      expect((await server.get(base(res), asTest())).json.code, res).toBe(4000);
    }
  });

  it('granted buttons and white-listed APIs pass; session and profile routes are not checked', async () => {
    expect((await server.get(base('dept'), asTest())).json.code).toBe(2000);
    expect((await server.get(`${base('dept')}3/`, asTest())).json.code).toBe(2000);
    expect((await server.get('/api/system/user/user_info/', asTest())).json.code).toBe(2000);
    expect((await server.get('/api/system/menu/web_router/', asTest())).json.code).toBe(2000);
    expect((await server.get('/api/system/dept/all_dept/', asTest())).json.code).toBe(2000);
    expect((await server.get('/api/init/settings/')).json.code).toBe(2000);
    // The admin role holds every button.
    const admin = (await server.login('admin')).access;
    expect((await server.post(base('dept'), { name: 'by admin' }, { token: admin })).json.code).toBe(2000);
    expect((await server.get(base('operation_log'), { token: admin })).json.code).toBe(2000);
  });

  it('granting the Create button to role 用户 lets user test create a dept; revoking refuses again', async () => {
    const create = await buttonId(server, '/dept', 'Create');
    const before = publicRole.permission as number[];
    await setPublicRole({ permission: [...before, create] });
    const created = await server.post(base('dept'), { name: 'by test', parent: 3 }, asTest());
    expect(created.json).toMatchObject({ code: 2000, msg: '新增成功' });
    await setPublicRole({ permission: before });
    expect((await server.post(base('dept'), { name: 'by test 2' }, asTest())).json.code).toBe(4000);
  });

  it('an API white-list entry opens an API to everyone', async () => {
    expect((await server.get(base('area'), asTest())).json.code).toBe(4000);
    const entry = (
      await server.post(base('api_white_list'), { url: '/api/system/area/', method: 0 }, asSuper())
    ).json.data;
    expect((await server.get(base('area'), asTest())).json.code).toBe(2000);
    expect((await server.get(`${base('area')}1/`, asTest())).json.code).toBe(4000);
    await server.delete(`${base('api_white_list')}${entry.id}/`, undefined, asSuper());
    expect((await server.get(base('area'), asTest())).json.code).toBe(4000);
  });

  describe('data scope by data_range', () => {
    const usernames = async () => {
      const { json } = await server.get(base('user'), {
        ...asTest(),
        query: { limit: 999, search: 'scope_' },
      });
      expect(json.code).toBe(2000);
      return json.data.data.map((u: { username: string }) => u.username).sort();
    };
    let subDept = 0;
    let ids: Record<string, number> = {};

    beforeAll(async () => {
      subDept = (await server.post(base('dept'), { name: '技术子部', parent: 3 }, asSuper())).json.data.id;
      ids = {};
      for (const [name, dept] of [
        ['scope_root', 1],
        ['scope_ops', 2],
        ['scope_tech', 3],
        ['scope_sub', subDept],
      ] as const) {
        ids[name] = (await server.post(base('user'), { username: name, name, dept }, asSuper())).json.data.id;
      }
      // User test may list, read and create users; it creates one (in no dept: it may not place users
      // outside its scope), which a superuser then moves to 运营部 (outside test's own dept).
      const buttons = await Promise.all([
        buttonId(server, '/user', 'Search'),
        buttonId(server, '/user', 'Retrieve'),
        buttonId(server, '/user', 'Create'),
      ]);
      await setPublicRole({ permission: [...(publicRole.permission as number[]), ...buttons] });
      const own = await server.post(base('user'), { username: 'scope_own', name: 'own' }, asTest());
      expect(own.json.code).toBe(2000);
      ids.scope_own = own.json.data.id;
      const moved = { username: 'scope_own', name: 'own', dept: 2 };
      expect((await server.put(`${base('user')}${ids.scope_own}/`, moved, asSuper())).json.code).toBe(2000);
    });

    it('0: only the rows the user created', async () => {
      await setPublicRole({ data_range: 0 });
      expect(await usernames()).toEqual(['scope_own']);
      expect((await server.get(`${base('user')}${ids.scope_tech}/`, asTest())).json.code).toBe(400);
      expect((await server.get(`${base('user')}${ids.scope_own}/`, asTest())).json.code).toBe(2000);
    });

    it('1: the own dept and the depts below it', async () => {
      await setPublicRole({ data_range: 1 });
      expect(await usernames()).toEqual(['scope_own', 'scope_sub', 'scope_tech']);
    });

    it('2: the own dept only', async () => {
      await setPublicRole({ data_range: 2 });
      expect(await usernames()).toEqual(['scope_own', 'scope_tech']);
      expect((await server.get(`${base('user')}${ids.scope_sub}/`, asTest())).json.code).toBe(400);
    });

    it('a white-list entry with enable_datasource = false lifts the data scope on that API', async () => {
      await setPublicRole({ data_range: 0 });
      const entry = (
        await server.post(
          base('api_white_list'),
          { url: '/api/system/user/', method: 0, enable_datasource: false },
          asSuper(),
        )
      ).json.data;
      expect(await usernames()).toEqual(['scope_ops', 'scope_own', 'scope_root', 'scope_sub', 'scope_tech']);
      await server.delete(`${base('api_white_list')}${entry.id}/`, undefined, asSuper());
      expect(await usernames()).toEqual(['scope_own']);
    });

    it('3: everything', async () => {
      await setPublicRole({ data_range: 3 });
      expect(await usernames()).toEqual(['scope_ops', 'scope_own', 'scope_root', 'scope_sub', 'scope_tech']);
    });

    it('4: the role’s custom depts', async () => {
      await setPublicRole({ data_range: 4, dept: [1] });
      expect(await usernames()).toEqual(['scope_own', 'scope_root']);
      await setPublicRole({ dept: [2, subDept] });
      expect(await usernames()).toEqual(['scope_ops', 'scope_own', 'scope_sub']);
    });

    it('out-of-scope rows cannot be updated or deleted; superusers see everything', async () => {
      await setPublicRole({ data_range: 2, dept: [] });
      const update = await buttonId(server, '/user', 'Update');
      const remove = await buttonId(server, '/user', 'Delete');
      await setPublicRole({ permission: [...(publicRole.permission as number[]), update, remove] });
      expect(
        (
          await server.put(
            `${base('user')}${ids.scope_ops}/`,
            { username: 'scope_ops', name: 'hacked' },
            asTest(),
          )
        ).json.code,
      ).toBe(400);
      expect((await server.delete(`${base('user')}${ids.scope_ops}/`, undefined, asTest())).json.code).toBe(
        400,
      );
      // Only the row in scope is deleted, and the answer says so (issue 12).
      const multi = await server.delete(
        `${base('user')}multiple_delete/`,
        { keys: [ids.scope_ops, ids.scope_tech] },
        asTest(),
      );
      expect(multi.json).toMatchObject({
        code: 2000,
        msg: '删除成功 (1)，其余 1 条不存在或不在您的数据权限范围内',
      });
      const all = await server.get(base('user'), { ...asSuper(), query: { limit: 999, search: 'scope_' } });
      expect(all.json.data.data.map((u: { username: string }) => u.username).sort()).toEqual([
        'scope_ops',
        'scope_own',
        'scope_root',
        'scope_sub',
      ]);
      await setPublicRole({ data_range: 1 });
    });
  });
});
