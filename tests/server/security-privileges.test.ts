// Issue 12, items 1 and 2: no privilege escalation through the user or role forms, and superusers are
// untouchable by anyone but a superuser. User `test` (role 用户: data range own dept and below, dept 技术部)
// is given the user and role buttons; user `admin` (role 管理员, not a superuser) holds everything else.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from './helpers.ts';

const base = (res: string) => `/api/system/${res}/`;
const DEPT_REFUSED = (name: string) => `所属部门:无权使用部门“${name}”：它不在您的数据权限范围内`;
const ROLE_REFUSED = (name: string) =>
  `关联角色:无权授予角色“${name}”：其菜单、按钮或数据权限超出您自己的权限`;
const SUPERUSER_ONLY = {
  code: 4000,
  data: null,
  msg: '只有超级管理员可以修改、重置密码、禁用或删除超级管理员',
};

async function buttonsOf(server: TestServer, path: string): Promise<number[]> {
  const rows = await server.app.db
    .selectFrom('menu_button as b')
    .innerJoin('menu as m', 'm.id', 'b.menu_id')
    .select('b.id')
    .where('m.web_path', '=', path)
    .execute();
  return rows.map((r) => r.id);
}

describeEachDatabase('privileges (issue 12)', (server) => {
  const tokens = { super: '', admin: '', test: '' };
  const as = (who: keyof typeof tokens) => ({ token: tokens[who] });
  let publicRole: Record<string, unknown> = {};
  let techSub = 0;

  beforeAll(async () => {
    tokens.super = (await server.login('superadmin')).access;
    tokens.admin = (await server.login('admin')).access;
    tokens.test = (await server.login('test')).access;
    techSub = (await server.post(base('dept'), { name: '技术子部', parent: 3 }, as('super'))).json.data.id;
    // Role 用户 gets every user and role button (not the menus): test may edit users and roles; the role
    // itself belongs to 技术部, so it is inside test's data scope (test may try to widen its own role).
    await server.app.db.updateTable('role').set({ dept_belong_id: '3' }).where('id', '=', 2).execute();
    publicRole = (await server.get(`${base('role')}2/`, as('super'))).json.data;
    const extra = [...(await buttonsOf(server, '/user')), ...(await buttonsOf(server, '/role'))];
    const body = { ...publicRole, permission: [...(publicRole.permission as number[]), ...extra] };
    const { json } = await server.put(`${base('role')}2/`, body, as('super'));
    expect(json.code).toBe(2000);
    publicRole = json.data;
  });

  const ownRow = async (username: string) =>
    server.app.db
      .selectFrom('users')
      .select(['id', 'dept_id', 'is_superuser', 'is_active'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  const rolesOf = async (userId: number) =>
    (
      await server.app.db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).execute()
    ).map((r) => r.role_id);

  it('an editor cannot give itself a role it does not hold nor move itself out of its data scope', async () => {
    const me = await ownRow('test');
    const self = `${base('user')}${me.id}/`;
    // The reported attack: PUT own id {role:[1], dept:1}.
    const attack = await server.put(
      self,
      { username: 'test', name: '测试人员', role: [1], dept: 1 },
      as('test'),
    );
    expect(attack.json).toEqual({ code: 4000, data: null, msg: DEPT_REFUSED('DVAdmin团队') });
    const roleOnly = await server.put(
      self,
      { username: 'test', name: '测试人员', role: [1], dept: 3 },
      as('test'),
    );
    expect(roleOnly.json).toEqual({ code: 4000, data: null, msg: ROLE_REFUSED('管理员') });
    expect(await rolesOf(me.id)).toEqual([2]);
    expect((await ownRow('test')).dept_id).toBe(3);
    // Keeping what it has is fine.
    const fine = await server.put(
      self,
      { username: 'test', name: '测试人员', role: [2], dept: 3 },
      as('test'),
    );
    expect(fine.json.code).toBe(2000);
  });

  it('on create an editor may only grant roles it holds or within its own, into depts in its scope', async () => {
    const create = (username: string, extra: Record<string, unknown>) =>
      server.post(base('user'), { username, name: username, ...extra }, as('test'));
    expect((await create('esc_a', { role: [1], dept: 3 })).json.msg).toBe(ROLE_REFUSED('管理员'));
    expect((await create('esc_b', { role: [2], dept: 2 })).json.msg).toBe(DEPT_REFUSED('运营部'));
    expect((await create('esc_c', { role: [2], dept: techSub })).json.code).toBe(2000);
    // A role it does not hold but whose menus, buttons and data range are within its own may be granted…
    const narrow = {
      name: '只读',
      key: 'narrow',
      data_range: 0,
      menu: (publicRole.menu as number[]).slice(0, 1),
      permission: [],
    };
    const narrowId = (await server.post(base('role'), narrow, as('super'))).json.data.id;
    expect((await create('esc_d', { role: [narrowId], dept: 3 })).json.code).toBe(2000);
    // …one with a wider data range may not.
    const wide = { ...narrow, name: '全部数据', key: 'wide', data_range: 3 };
    const wideId = (await server.post(base('role'), wide, as('super'))).json.data.id;
    expect((await create('esc_e', { role: [wideId], dept: 3 })).json.msg).toBe(ROLE_REFUSED('全部数据'));
    expect(
      (await server.get(base('user'), { ...as('super'), query: { search: 'esc_' } })).json.data.total,
    ).toBe(2);
  });

  it('on import an editor may not grant roles beyond its own nor use depts outside its scope', async () => {
    const imp = (row: Record<string, unknown>) =>
      server.post(`${base('user')}import/`, { rows: [row] }, as('test'));
    expect((await imp({ username: 'imp_esc1', name: 'x', role: '管理员', dept: '技术部' })).json.msg).toBe(
      `第2行 ${ROLE_REFUSED('管理员')}`,
    );
    expect((await imp({ username: 'imp_esc2', name: 'x', dept: '运营部' })).json.msg).toBe(
      `第2行 ${DEPT_REFUSED('运营部')}`,
    );
    // Overwriting itself through an import is the same update.
    expect((await imp({ username: 'test', name: '测试人员', role: '管理员,用户' })).json.msg).toBe(
      `第2行 ${ROLE_REFUSED('管理员')}`,
    );
    expect(await rolesOf((await ownRow('test')).id)).toEqual([2]);
  });

  it('an editor cannot give a role more menus, buttons or data range than it holds, its own role included', async () => {
    const userMenu = (
      await server.app.db
        .selectFrom('menu')
        .select('id')
        .where('web_path', '=', '/user')
        .executeTakeFirstOrThrow()
    ).id;
    const adminOnlyButton = (await buttonsOf(server, '/dept')).find(
      (id) => !(publicRole.permission as number[]).includes(id),
    );
    const own = `${base('role')}2/`;
    const menus = await server.put(
      own,
      { ...publicRole, menu: [...(publicRole.menu as number[]), userMenu] },
      as('test'),
    );
    expect(menus.json).toEqual({ code: 4000, data: null, msg: '关联菜单:无权授予您自己没有的菜单或按钮' });
    const buttons = await server.put(
      own,
      { ...publicRole, permission: [...(publicRole.permission as number[]), adminOnlyButton] },
      as('test'),
    );
    expect(buttons.json.msg).toBe('关联菜单:无权授予您自己没有的菜单或按钮');
    const range = await server.put(own, { ...publicRole, data_range: 3 }, as('test'));
    expect(range.json.msg).toBe('数据权限范围:无权设置超出您自己数据权限的范围');
    const custom = await server.put(own, { ...publicRole, data_range: 4, dept: [1] }, as('test'));
    expect(custom.json.msg).toBe('数据权限范围:无权设置超出您自己数据权限的范围');
    const created = await server.post(
      base('role'),
      { name: '越权', key: 'esc_role', data_range: 3 },
      as('test'),
    );
    expect(created.json.msg).toBe('数据权限范围:无权设置超出您自己数据权限的范围');
    // Unchanged, narrowed or within its own: allowed.
    expect((await server.put(own, { ...publicRole, description: 'same' }, as('test'))).json.code).toBe(2000);
    const within = {
      name: '技术部数据',
      key: 'within',
      data_range: 4,
      dept: [techSub],
      menu: [],
      permission: [],
    };
    expect((await server.post(base('role'), within, as('test'))).json.code).toBe(2000);
    // A superuser is unrestricted.
    expect(
      (await server.put(own, { ...publicRole, description: 'by super', data_range: 1 }, as('super'))).json
        .code,
    ).toBe(2000);
  });

  it('only a superuser may edit, reset, disable or delete a superuser', async () => {
    const su = `${base('user')}1/`;
    expect(
      (await server.put(`${su}reset_password/`, { newPassword: 'a'.repeat(32) }, as('admin'))).json,
    ).toEqual(SUPERUSER_ONLY);
    expect((await server.put(`${su}reset_to_default_password/`, {}, as('admin'))).json).toEqual(
      SUPERUSER_ONLY,
    );
    const disable = await server.put(
      su,
      { username: 'superadmin', name: '超级管理员', is_active: false },
      as('admin'),
    );
    expect(disable.json).toEqual(SUPERUSER_ONLY);
    expect((await server.delete(su, undefined, as('admin'))).json).toEqual(SUPERUSER_ONLY);
    const victim = (await server.post(base('user'), { username: 'plain_one', name: 'p' }, as('super'))).json
      .data.id;
    const multi = await server.delete(`${base('user')}multiple_delete/`, { keys: [1, victim] }, as('admin'));
    expect(multi.json).toEqual(SUPERUSER_ONLY);
    const overwrite = await server.post(
      `${base('user')}import/`,
      { rows: [{ username: 'superadmin', name: 'owned', is_active: '禁用' }] },
      as('admin'),
    );
    expect(overwrite.json).toEqual({ ...SUPERUSER_ONLY, msg: `第2行 ${SUPERUSER_ONLY.msg}` });
    expect(await ownRow('superadmin')).toMatchObject({ is_active: true, is_superuser: true });
    expect((await server.loginReply('superadmin')).json.code).toBe(2000);
    expect((await ownRow('plain_one')).id).toBe(victim);
    // A superuser may reset another superuser.
    await server.app.db.updateTable('users').set({ is_superuser: true }).where('id', '=', victim).execute();
    expect(
      (await server.put(`${base('user')}${victim}/reset_to_default_password/`, {}, as('super'))).json.code,
    ).toBe(2000);
  });

  it('nobody becomes a superuser through the API', async () => {
    const created = await server.post(
      base('user'),
      { username: 'wannabe', name: 'w', is_superuser: true },
      as('admin'),
    );
    expect(created.json.data.is_superuser).toBe(false);
    const id = created.json.data.id;
    const updated = await server.put(
      `${base('user')}${id}/`,
      { username: 'wannabe', name: 'w', is_superuser: true },
      as('super'),
    );
    expect(updated.json.data.is_superuser).toBe(false);
    await server.post(
      `${base('user')}import/`,
      { rows: [{ username: 'wannabe', name: 'w', is_superuser: '1' }] },
      as('admin'),
    );
    expect((await ownRow('wannabe')).is_superuser).toBe(false);
  });

  it('menu buttons and the API white list define what the API grants: only a superuser writes them', async () => {
    const [buttonId] = await buttonsOf(server, '/dept');
    const buttonRow = () =>
      server.app.db
        .selectFrom('menu_button')
        .select(['name', 'value', 'api', 'method', 'menu_id'])
        .where('id', '=', buttonId!)
        .executeTakeFirstOrThrow();
    const stored = await buttonRow();
    const before = { name: stored.name, value: stored.value, api: stored.api, menu: stored.menu_id };
    // admin reads them (its role holds the pages) but cannot point a held button at another API …
    const widened = { ...before, api: '/api/system/user/{id}/', method: 3 };
    for (const reply of [
      await server.put(`${base('menu_button')}${buttonId}/`, widened, as('admin')),
      await server.post(base('menu_button'), widened, as('admin')),
      await server.delete(`${base('menu_button')}${buttonId}/`, undefined, as('admin')),
      await server.post(base('api_white_list'), { url: '/api/system/user/', method: 0 }, as('admin')),
    ]) {
      expect(reply.json.code, reply.body).toBe(4000);
      expect(reply.json.msg).toMatch(/^只有超级管理员可以新增、修改或删除(菜单权限表|接口白名单)/);
    }
    expect((await buttonRow()).api).toBe(before.api);
    expect((await server.get(base('api_white_list'), as('admin'))).json.code).toBe(2000);
    // … while the superuser still can
    const entry = await server.post(
      base('api_white_list'),
      { url: '/api/system/area/', method: 0 },
      as('super'),
    );
    expect(entry.json.code).toBe(2000);
    expect(
      (await server.delete(`${base('api_white_list')}${entry.json.data.id}/`, undefined, as('super'))).json
        .code,
    ).toBe(2000);
  });
});
