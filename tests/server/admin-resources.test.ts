// Resource-specific behaviour on top of the kit: row shapes as the fixtures, lazy trees (menu, area,
// dictionary), role permission tree, user reset password / export / import, system_config save reflected in
// /api/init/settings/, read-only logs with request and response, passwords masked in the operation log.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { readXlsx, writeXlsx } from '../../server/modules/crud/xlsx.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { describeEachDatabase } from './helpers.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(`/work/shared/fixtures/dvadmin/${name}.json`, 'utf8')) as {
    data: { data: Record<string, unknown>[] };
  };
const keysOf = (name: string) => Object.keys(fixture(name).data.data[0]!);
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describeEachDatabase('system administration resources', (server) => {
  let token = '';
  beforeAll(async () => {
    token = (await server.login('superadmin')).access;
  });
  const auth = () => ({ token });
  const base = (res: string) => `/api/system/${res}/`;

  it('menu rows carry the fixture’s fields; menuPermission lists button names, null without buttons', async () => {
    const { json } = await server.get(base('menu'), auth());
    // Unpaginated by default, as the stock backend answers the menu list.
    expect(json.data).toMatchObject({ page: 1, limit: 1 });
    const rows = json.data.data;
    expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(keysOf('menu_list')));
    const dept = rows.find((m: { web_path: string }) => m.web_path === '/dept');
    expect(dept.menuPermission).toEqual(expect.arrayContaining(['详情', '编辑', '查询', '新增', '删除']));
    expect(dept.hasChild).toBe(false);
    const catalog = rows.find((m: { name: string }) => m.name === '系统管理');
    expect(catalog).toMatchObject({ menuPermission: null, hasChild: true, is_catalog: true, parent: null });
    const children = await server.get(base('menu'), { ...auth(), query: { parent: catalog.id } });
    expect(names(children.json.data.data)).toEqual(
      expect.arrayContaining(['菜单管理', '部门管理', '角色管理', '用户管理', '常规配置', '日志管理']),
    );
    expect(children.json.data.data.every((m: { parent: number }) => m.parent === catalog.id)).toBe(true);
    const roots = await server.get(base('menu'), { ...auth(), query: { lazy: 1 } });
    expect(roots.json.data.data.every((m: { parent: number | null }) => m.parent === null)).toBe(true);
    expect(
      (await server.put(`${base('menu')}${catalog.id}/`, { name: '系统管理', parent: dept.id }, auth())).json
        .code,
    ).toBe(4000);
    expect((await server.delete(`${base('menu')}${catalog.id}/`, undefined, auth())).json.msg).toBe(
      '存在下级数据，无法删除',
    );
  });

  it('menu_button lists a menu’s buttons by ?menu=', async () => {
    const menu = await server.app.db
      .selectFrom('menu')
      .select('id')
      .where('web_path', '=', '/user')
      .executeTakeFirstOrThrow();
    const { json } = await server.get(base('menu_button'), {
      ...auth(),
      query: { menu: menu.id, limit: 50 },
    });
    expect(json.data.data.map((b: { value: string }) => b.value)).toEqual(
      expect.arrayContaining(['ResetPassword', 'DefaultPassword', 'Export', 'Import', 'Create']),
    );
    expect(json.data.data[0]).toMatchObject({
      menu: menu.id,
      api: expect.stringMatching(/^\/api\/system\/user\//),
    });
  });

  it('area is a lazy tree: provinces by default, children by pcode or parent', async () => {
    const roots = await server.get(base('area'), auth());
    expect(names(roots.json.data.data)).toEqual(
      ['北京市', '上海市', '浙江省', '广东省'].sort((a, b) => {
        const code = { 北京市: 1, 上海市: 3, 浙江省: 33, 广东省: 44 } as Record<string, number>;
        return code[a]! - code[b]!;
      }),
    );
    const gd = roots.json.data.data.find((a: { name: string }) => a.name === '广东省');
    expect(gd).toMatchObject({ code: '440000', level: 1, hasChild: true, pcode: null });
    const byCode = await server.get(base('area'), { ...auth(), query: { pcode: '440000' } });
    expect(names(byCode.json.data.data)).toEqual(['广州市', '深圳市']);
    const byParent = await server.get(base('area'), { ...auth(), query: { parent: gd.id } });
    expect(names(byParent.json.data.data)).toEqual(['广州市', '深圳市']);
    const child = await server.post(
      base('area'),
      { name: '萧山区', code: '330109', pcode: '330100' },
      auth(),
    );
    expect(child.json.data).toMatchObject({ level: 3, pcode: '330100' });
  });

  it('dictionary lists groups and items together as stock does, the groups by lazy=1, a group’s items by ?parent=; edits reach /api/init/dictionary/', async () => {
    const all = await server.get(base('dictionary'), { ...auth(), query: { limit: 999 } });
    const rows = all.json.data.data as { id: number; parent: number | null; value: string }[];
    const buttons = rows.find((r) => r.value === 'system_button');
    expect(buttons?.parent).toBeNull();
    expect(rows.filter((r) => r.parent === buttons?.id).map((r) => r.value)).toContain('Create');
    const groups = await server.get(base('dictionary'), { ...auth(), query: { lazy: 1 } });
    expect(groups.json.data.data.every((g: { parent: null }) => g.parent === null)).toBe(true);
    expect(groups.json.data.data.map((g: { value: string }) => g.value)).toContain('system_button');
    const items = await server.get(base('dictionary'), { ...auth(), query: { parent: 4 } });
    expect(items.json.data.data.map((i: { value: string }) => i.value)).toEqual(
      expect.arrayContaining(['Create', 'Update', 'Delete', 'Retrieve', 'Search']),
    );
    const group = (await server.post(base('dictionary'), { label: '颜色', value: 'kit_colour' }, auth())).json
      .data;
    await server.post(
      base('dictionary'),
      { label: '红', value: 'red', parent: group.id, type: 0, color: 'danger' },
      auth(),
    );
    expect(
      (await server.post(base('dictionary'), { label: '红2', value: 'red', parent: group.id }, auth())).json
        .msg,
    ).toBe('字典编号:具有 字典编号 的 字典表 已存在。');
    const init = await server.get('/api/init/dictionary/', { query: { dictionary_key: 'kit_colour' } });
    expect(init.json.data.data).toEqual([{ label: '红', value: 'red', type: 0, color: 'danger' }]);
  });

  it('role rows carry the fixture’s fields; menus, buttons and custom depts are set with the role', async () => {
    const roles = await server.get(base('role'), auth());
    expect(Object.keys(roles.json.data.data[0])).toEqual(expect.arrayContaining(keysOf('role_list')));
    const button = await server.app.db
      .selectFrom('menu_button as b')
      .innerJoin('menu as m', 'm.id', 'b.menu_id')
      .select(['b.id', 'b.menu_id'])
      .where('m.web_path', '=', '/dept')
      .where('b.value', '=', 'Create')
      .executeTakeFirstOrThrow();
    const created = await server.post(
      base('role'),
      {
        name: '审计',
        key: 'audit',
        data_range: 4,
        dept: [2, 3],
        menu: [button.menu_id],
        permission: [button.id],
      },
      auth(),
    );
    expect(created.json.data).toMatchObject({
      dept: [2, 3],
      menu: [button.menu_id],
      permission: [button.id],
      data_range: 4,
    });
    const tree = await server.get(`${base('role')}${created.json.data.id}/roleId_get_menu/`, auth());
    expect(tree.json.code).toBe(2000);
    const dept = tree.json.data.find((m: { id: number }) => m.id === button.menu_id);
    expect(dept.isCheck).toBe(true);
    expect(dept.menuPermission.find((b: { id: number }) => b.id === button.id)).toMatchObject({
      value: 'Create',
      isCheck: true,
    });
    expect(dept.menuPermission.filter((b: { isCheck: boolean }) => b.isCheck)).toHaveLength(1);
    // A PUT without menu/permission keeps them; with them, replaces them.
    const kept = await server.put(
      `${base('role')}${created.json.data.id}/`,
      { name: '审计', key: 'audit', data_range: 2 },
      auth(),
    );
    expect(kept.json.data).toMatchObject({ permission: [button.id], data_range: 2 });
    const cleared = await server.put(
      `${base('role')}${created.json.data.id}/`,
      { name: '审计', key: 'audit', permission: [] },
      auth(),
    );
    expect(cleared.json.data.permission).toEqual([]);
  });

  it('user rows carry the fixture’s fields and never a password', async () => {
    const { json } = await server.get(base('user'), { ...auth(), query: { username: 'test' } });
    const row = json.data.data[0];
    expect(Object.keys(row)).toEqual(expect.arrayContaining(keysOf('user_list')));
    expect(row).toMatchObject({
      username: 'test',
      dept: 3,
      dept_name: '技术部',
      role: [2],
      dept_belong_id: '3',
    });
    expect(row.role_info[0]).toMatchObject({ id: 2, name: '用户', key: 'public' });
    expect(JSON.stringify(json)).not.toContain('scrypt');
    const byDept = await server.get(base('user'), { ...auth(), query: { dept: 1, limit: 99 } });
    expect(byDept.json.data.data.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['superadmin', 'admin', 'test']),
    );
  });

  it('reset_password sets the md5 password; reset_to_default_password uses base.default_password', async () => {
    const id = (await server.post(base('user'), { username: 'resetme', name: 'Reset Me' }, auth())).json.data
      .id;
    expect((await server.loginReply('resetme', 'admin123456')).json.code).toBe(2000);
    const pw = md5Hex('n3w-pass!');
    const mismatch = await server.put(
      `${base('user')}${id}/reset_password/`,
      { newPassword: pw, newPassword2: md5Hex('x') },
      auth(),
    );
    expect(mismatch.json).toEqual({ code: 400, data: null, msg: '两次密码不匹配' });
    const ok = await server.put(
      `${base('user')}${id}/reset_password/`,
      { newPassword: pw, newPassword2: pw },
      auth(),
    );
    expect(ok.json).toMatchObject({ code: 2000, msg: '修改成功' });
    expect((await server.loginReply('resetme', 'n3w-pass!')).json.code).toBe(2000);
    await server.app.flushLogs();
    const logged = await server.app.db
      .selectFrom('operation_log')
      .select(['request_body', 'json_result'])
      .where('request_path', '=', `${base('user')}${id}/reset_password/`)
      .where('response_code', '=', '2000')
      .executeTakeFirstOrThrow();
    expect(logged.request_body).toContain('******');
    expect(logged.request_body).not.toContain(pw);
    const reset = await server.put(`${base('user')}${id}/reset_to_default_password/`, {}, auth());
    expect(reset.json).toMatchObject({ code: 2000, msg: '密码重置成功' });
    expect((await server.loginReply('resetme', 'admin123456')).json.code).toBe(2000);
  });

  it('export answers a real .xlsx named in Content-Disposition, with the filtered rows', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: server.url(`${base('user')}export/`, { username: 'test' }, {}),
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('spreadsheetml');
    expect(reply.headers['content-disposition']).toBe(
      `attachment;filename=${encodeURIComponent('用户')}.xlsx`,
    );
    const data = reply.rawPayload;
    expect(data.subarray(0, 2).toString()).toBe('PK');
    const rows = readXlsx(data);
    expect(rows[0]).toEqual([
      '登录账号',
      '用户名称',
      '用户邮箱',
      '手机号码',
      '用户性别',
      '部门',
      '角色',
      '账号状态',
      '创建时间',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['test']);
    expect(rows[1]!.slice(4, 8)).toEqual(['男', '技术部', '用户', '启用']);
    for (const res of ['dept', 'role', 'login_log', 'operation_log']) {
      const r = await server.app.inject({
        method: 'POST',
        url: server.url(`${base(res)}export/`, {}, {}),
        headers: { authorization: `JWT ${token}` },
      });
      expect(r.rawPayload.subarray(0, 2).toString(), res).toBe('PK');
      expect(readXlsx(r.rawPayload).length, res).toBeGreaterThan(1);
    }
  });

  it('user import: the template, a workbook round trip (create then update), JSON rows, row-numbered errors', async () => {
    const template = await server.app.inject({
      url: server.url(`${base('user')}import/`),
      headers: { authorization: `JWT ${token}` },
    });
    expect(template.headers['content-disposition']).toBe(
      `attachment;filename=${encodeURIComponent('用户导入模板')}.xlsx`,
    );
    const header = readXlsx(template.rawPayload)[0]!;
    expect(header).toEqual([
      '登录账号',
      '用户名称',
      '用户邮箱',
      '手机号码',
      '用户性别',
      '部门',
      '角色',
      '账号状态',
    ]);
    const workbook = writeXlsx([
      header,
      ['imp1', '导入一', 'imp1@x.cn', 13900000001, '女', '运营部', '用户', '启用'],
      ['imp2', '导入二', null, null, '男', 'technology', '用户,管理员', '禁用'],
    ]);
    const first = await server.post(`${base('user')}import/`, { file: workbook.toString('base64') }, auth());
    expect(first.json).toMatchObject({ code: 2000, msg: '导入成功', data: { created: 2, updated: 0 } });
    const imported = await server.get(base('user'), {
      ...auth(),
      query: { search: 'imp', ordering: 'username' },
    });
    expect(
      imported.json.data.data.map((u: Record<string, unknown>) => [
        u.username,
        u.gender,
        u.dept_name,
        u.role,
        u.is_active,
        u.mobile,
      ]),
    ).toEqual([
      ['imp1', 2, '运营部', [2], true, '13900000001'],
      ['imp2', 1, '技术部', [1, 2], false, null],
    ]);
    expect((await server.loginReply('imp1', 'admin123456')).json.code).toBe(2000);
    // Exported rows import again: existing usernames are updated.
    const again = await server.post(
      `${base('user')}import/`,
      { rows: [{ username: 'imp1', name: '导入一改', dept: '技术部' }] },
      auth(),
    );
    expect(again.json.data).toEqual({ created: 0, updated: 1 });
    const one = await server.get(base('user'), { ...auth(), query: { username: 'imp1' } });
    expect(one.json.data.data[0]).toMatchObject({ name: '导入一改', dept: 3 });
    const bad = await server.post(
      `${base('user')}import/`,
      { rows: [{ username: 'imp3', name: 'ok' }, { name: 'no username' }] },
      auth(),
    );
    expect(bad.json).toEqual({ code: 4000, data: null, msg: '第3行 用户账号:该字段是必填项。' });
    expect((await server.get(base('user'), { ...auth(), query: { username: 'imp3' } })).json.data.total).toBe(
      0,
    );
    const unknownDept = await server.post(
      `${base('user')}import/`,
      { rows: [{ username: 'imp4', name: 'x', dept: '火星部' }] },
      auth(),
    );
    expect(unknownDept.json.msg).toBe('第2行 所属部门:无效主键 “火星部” － 对象不存在。');
    expect((await server.post(`${base('user')}import/`, { file: 'bm90IGEgemlw' }, auth())).json.code).toBe(
      4000,
    );
  });

  it('user import also takes the workbook as a multipart upload (field `file`)', async () => {
    const workbook = writeXlsx([
      ['Username', 'Name', 'Department'],
      ['imp_mp', 'Multipart', '运营部'],
    ]);
    const boundary = '----kitboundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      workbook,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await server.request(`${base('user')}import/`, {
      ...auth(),
      method: 'POST',
      payload,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    expect(reply.json).toMatchObject({ code: 2000, data: { created: 1, updated: 0 } });
    const row = await server.get(base('user'), { ...auth(), query: { username: 'imp_mp' } });
    expect(row.json.data.data[0]).toMatchObject({ name: 'Multipart', dept: 2 });
  });

  it('system_config save_content saves a group’s items and /api/init/settings/ reflects it', async () => {
    const login = await server.get(base('system_config'), { ...auth(), query: { parent__isnull: 'true' } });
    const group = login.json.data.data.find((g: { key: string }) => g.key === 'login');
    const items = await server.get(base('system_config'), {
      ...auth(),
      query: { parent: group.id, limit: 99 },
    });
    const siteName = items.json.data.data.find((i: { key: string }) => i.key === 'site_name');
    expect(siteName).toMatchObject({ setting: 'login.site_name', value: '企业级后台管理系统' });
    const saved = await server.put(
      `${base('system_config')}save_content/`,
      [
        { id: siteName.id, value: '新的站点' },
        { parent: group.id, key: 'kit_extra', title: '附加', value: 42 },
      ],
      auth(),
    );
    expect(saved.json).toEqual({ code: 2000, data: null, msg: '保存成功' });
    const settings = await server.get('/api/init/settings/');
    expect(settings.json.data['login.site_name']).toBe('新的站点');
    expect(settings.json.data['login.kit_extra']).toBe(42);
    const bad = await server.put(
      `${base('system_config')}save_content/`,
      [{ id: group.id, value: 'x' }],
      auth(),
    );
    expect(bad.json.code).toBe(4000);
    await server.put(
      `${base('system_config')}save_content/`,
      { data: [{ id: siteName.id, value: '企业级后台管理系统' }] },
      auth(),
    );
    expect((await server.get('/api/init/settings/')).json.data['login.site_name']).toBe('企业级后台管理系统');
  });

  it('login_log and operation_log are read only and show request and response', async () => {
    const logins = await server.get(base('login_log'), { ...auth(), query: { username: 'superadmin' } });
    expect(logins.json.data.total).toBeGreaterThan(0);
    expect(logins.json.data.data[0]).toMatchObject({ username: 'superadmin', status: true, creator: 1 });
    expect((await server.post(base('login_log'), { username: 'x' }, auth())).json.msg).toBe(
      '方法 “POST” 不被允许。',
    );
    expect((await server.delete(`${base('operation_log')}1/`, undefined, auth())).json.code).toBe(4000);
    await server.post(base('api_white_list'), { url: '/api/oplog/', method: 0 }, auth());
    await server.app.flushLogs();
    const ops = await server.get(base('operation_log'), {
      ...auth(),
      query: { request_path: '/api/system/api_white_list/', request_method: 'POST' },
    });
    const op = ops.json.data.data[0];
    expect(op).toMatchObject({
      request_method: 'POST',
      response_code: '2000',
      status: true,
      creator_name: '超级管理员',
    });
    expect(JSON.parse(op.request_body)).toMatchObject({ url: '/api/oplog/' });
    expect(JSON.parse(op.json_result)).toEqual({ code: 2000, msg: '新增成功' });
  });
});
