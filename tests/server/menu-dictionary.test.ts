import { expect, it } from 'vitest';
import { dictionaryGroupSchema } from '../../src/contract/dictionary.ts';
import { menuRecordSchema } from '../../src/contract/menu.ts';
import { Paths } from '../../src/contract/paths.ts';
import { describeEachDatabase } from './helpers.ts';

type Menu = ReturnType<typeof menuRecordSchema.parse>;
const byPath = (menus: Menu[], path: string) => menus.find((m) => m.path === path);

describeEachDatabase('menus and dictionaries', (server) => {
  it('web_router gives a superuser every enabled menu with all its buttons, ordered by sort', async () => {
    const { access } = await server.login('superadmin');
    const { json } = await server.get(Paths.webRouter, { token: access });
    expect(json).toMatchObject({ code: 2000, msg: '获取成功', data: { page: 1, limit: 1 } });
    const menus: Menu[] = json.data.data.map((m: unknown) => menuRecordSchema.parse(m));
    expect(json.data.total).toBe(menus.length);
    const sorts = menus.map((m) => m.sort ?? 0);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(byPath(menus, '/dept')).toMatchObject({
      name: '部门管理',
      title: '部门管理',
      web_path: '/dept',
      component: 'system/dept/index',
      component_name: 'dept',
      icon: 'bank',
      is_catalog: false,
      menuPermission: ['Retrieve', 'Update', 'Search', 'Create', 'Delete'],
    });
    expect(byPath(menus, '/items')).toMatchObject({
      name: '商品',
      component: 'xy/items/index',
      component_name: 'items',
    });
    const catalog = menus.find((m) => m.name === '系统管理');
    expect(catalog).toMatchObject({ is_catalog: true, path: '', component: '', menuPermission: [] });
    const link = menus.find((m) => m.is_link);
    expect(link?.path).toMatch(/^https:\/\//);
    for (const name of [
      '常规配置',
      '日志管理',
      '系统配置',
      '字典管理',
      '地区管理',
      '附件管理',
      '登录日志',
      '操作日志',
      '角色管理',
      '用户管理',
      '菜单按钮',
    ]) {
      expect(menus.some((m) => m.name === name)).toBe(true);
    }
    for (const name of [
      '商品过滤',
      '卖家',
      '用户',
      '手机',
      '任务',
      '消息',
      '反馈',
      '日志',
      '推送数据',
      '设备数据',
      '知识库',
      '设置',
    ]) {
      expect(menus.some((m) => m.name === name && m.component?.startsWith('xy/'))).toBe(true);
    }
  });

  it('web_router gives user test only its role’s menus and buttons, null where none', async () => {
    const { access } = await server.login('test');
    const { json } = await server.get(Paths.webRouter, { token: access });
    const menus: Menu[] = json.data.data;
    expect(byPath(menus, '/dept')?.menuPermission).toEqual(['Retrieve', 'Search']);
    expect(byPath(menus, '/items')?.menuPermission).toEqual(['Retrieve', 'Search']);
    expect(menus.find((m) => m.name === '系统管理')?.menuPermission).toBeNull();
    expect(byPath(menus, '/user')).toBeUndefined();
    expect(byPath(menus, '/role')).toBeUndefined();
  });

  it('a disabled menu disappears, and a user without roles gets an empty list', async () => {
    const db = server.app.db;
    await db.updateTable('menu').set({ status: false }).where('web_path', '=', '/items').execute();
    try {
      const { access } = await server.login('superadmin');
      const { json } = await server.get(Paths.webRouter, { token: access });
      expect(byPath(json.data.data, '/items')).toBeUndefined();
    } finally {
      await db.updateTable('menu').set({ status: true }).where('web_path', '=', '/items').execute();
    }
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const roles = await db.selectFrom('user_role').selectAll().where('user_id', '=', admin.id).execute();
    await db.deleteFrom('user_role').where('user_id', '=', admin.id).execute();
    try {
      const { access } = await server.login('admin');
      const { json } = await server.get(Paths.webRouter, { token: access });
      expect(json).toEqual({ code: 2000, data: { page: 1, limit: 1, total: 0, data: [] }, msg: '获取成功' });
    } finally {
      await db.insertInto('user_role').values(roles).execute();
    }
  });

  it('init dictionary answers all eight groups by default, with the fixture’s ids and values', async () => {
    const { json } = await server.get(Paths.dictionary);
    expect(json).toMatchObject({ code: 2000, msg: '获取成功' });
    const groups = json.data.data.map((g: unknown) => dictionaryGroupSchema.parse(g));
    expect(groups.map((g: { id: number; value: string }) => [g.id, g.value])).toEqual([
      [1, 'button_status_bool'],
      [4, 'system_button'],
      [13, 'button_status_number'],
      [16, 'button_whether_bool'],
      [19, 'button_whether_number'],
      [22, 'user_type'],
      [25, 'config_form_type'],
      [42, 'gender'],
    ]);
    expect(groups[0].children).toEqual([
      { label: '启用', value: 'true', type: 6, color: null },
      { label: '禁用', value: 'false', type: 6, color: null },
    ]);
    expect(
      (await server.get(Paths.dictionary, { query: { dictionary_key: 'all' } })).json.data.data,
    ).toHaveLength(8);
  });

  it('init dictionary with one key answers that group’s children; an unknown key an empty list', async () => {
    const { json } = await server.get(Paths.dictionary, { query: { dictionary_key: 'button_status_bool' } });
    expect(json.data).toEqual({
      page: 1,
      limit: 1,
      total: 2,
      data: [
        { label: '启用', value: 'true', type: 6, color: null },
        { label: '禁用', value: 'false', type: 6, color: null },
      ],
    });
    expect(
      (await server.get(Paths.dictionary, { query: { dictionary_key: 'nope' } })).json.data.data,
    ).toEqual([]);
  });
});
