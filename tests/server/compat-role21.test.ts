// Stock dvadmin 2.1's role routes on the reference server (issue 18 item 2): role/role_get_menu/ (the menus
// and buttons the signed-in user may grant), role/data_scope/ and role/data_scope_dept/, beside 2.0's
// role/{id}/roleId_get_menu/. Any signed-in user may ask; each answers about the caller's own grants.
import { beforeAll, expect, it } from 'vitest';
import { menuGrantSchema, ResourcePaths } from '../../src/contract/resources.ts';
import { describeEachDatabase } from './helpers.ts';

type Menu = { id: number; parent: number | null; name: string; menuPermission: Record<string, unknown>[] };

describeEachDatabase('stock 2.1 role routes', (server) => {
  let superToken = '';
  let testToken = '';
  beforeAll(async () => {
    superToken = (await server.login('superadmin')).access;
    testToken = (await server.login('test')).access;
  });
  const get = async (path: string, token?: string) => (await server.get(path, token ? { token } : {})).json;

  it('role_get_menu: a superuser may grant every enabled menu with all its buttons, in 2.1’s shape', async () => {
    const answer = await get(ResourcePaths.roleGrantableMenus, superToken);
    expect(answer.code).toBe(2000);
    const menus = answer.data as Menu[];
    expect(menus.map((m) => menuGrantSchema.parse(m))).toHaveLength(menus.length);
    const all = (await get(ResourcePaths.roleMenus(1), superToken)).data as Menu[];
    expect(menus.map((m) => m.id)).toEqual(all.map((m) => m.id));
    const dept = menus.find((m) => m.name === '部门管理')!;
    expect(Object.keys(dept).sort()).toEqual(['id', 'menuPermission', 'name', 'parent']);
    expect(Object.keys(dept.menuPermission[0]!).sort()).toEqual(['api', 'id', 'method', 'name', 'value']);
    expect(dept.menuPermission.map((b) => b.value)).toEqual(expect.arrayContaining(['Create', 'Delete']));
  });

  it('role_get_menu: anyone else may grant only the menus and buttons their roles hold', async () => {
    const mine = (await get(ResourcePaths.roleGrantableMenus, testToken)).data as Menu[];
    const all = (await get(ResourcePaths.roleGrantableMenus, superToken)).data as Menu[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    const role = (await get(`${ResourcePaths.item('/api/system/role/', 2)}`, superToken)).data as {
      menu: number[];
      permission: number[];
    };
    expect(mine.every((m) => role.menu.includes(m.id))).toBe(true);
    const buttons = mine.flatMap((m) => m.menuPermission.map((b) => b.id as number));
    expect(buttons.every((id) => role.permission.includes(id))).toBe(true);
  });

  it('data_scope: a superuser may give every range, labelled as stock labels them', async () => {
    const answer = await get(ResourcePaths.roleDataScope, superToken);
    expect(answer).toMatchObject({ code: 2000 });
    expect(answer.data).toEqual([
      { value: 0, label: '仅本人数据权限' },
      { value: 1, label: '本部门及以下数据权限' },
      { value: 2, label: '本部门数据权限' },
      { value: 3, label: '全部数据权限' },
      { value: 4, label: '自定义数据权限' },
    ]);
  });

  it('data_scope_dept: {id, name, parent} of the departments the caller may use', async () => {
    const all = (await get(ResourcePaths.roleDataScopeDept, superToken)).data as Record<string, unknown>[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(all[0]!).sort()).toEqual(['id', 'name', 'parent']);
    const mine = (await get(ResourcePaths.roleDataScopeDept, testToken)).data as { id: number }[];
    expect(mine.every((d) => all.some((a) => a.id === d.id))).toBe(true);
  });

  it('each needs a signed-in user', async () => {
    for (const path of [
      ResourcePaths.roleGrantableMenus,
      ResourcePaths.roleDataScope,
      ResourcePaths.roleDataScopeDept,
    ])
      expect(await get(path)).toMatchObject({ code: 4000, msg: '身份认证信息未提供。' });
  });
});
