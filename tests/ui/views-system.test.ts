import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/contract/password.ts';
import { formOf } from '../../src/ui/crud/query.ts';
import { menuResource } from '../../src/ui/views/system/menu/resource.ts';
import { menuButtonResource } from '../../src/ui/views/system/menuButton/resource.ts';
import { sentResource } from '../../src/ui/views/system/messageCenter/resource.ts';
import {
  initialGrants,
  type MenuGrant,
  toggleButton,
  toggleMenu,
} from '../../src/ui/views/system/role/grants.ts';
import { roleBody, roleResource } from '../../src/ui/views/system/role/resource.ts';
import { userResource } from '../../src/ui/views/system/user/resource.ts';

const t = (key: string) => key;

const menus: MenuGrant[] = [
  { id: 1, name: '系统管理', parent: null, isCheck: false, menuPermission: [] },
  {
    id: 2,
    name: '部门管理',
    parent: 1,
    isCheck: false,
    menuPermission: [
      { id: 10, name: '新增', value: 'Create', isCheck: false },
      { id: 11, name: '查询', value: 'Search', isCheck: true },
    ],
  },
  { id: 3, name: '用户管理', parent: 1, isCheck: true, menuPermission: [] },
];

describe('role permissions (menus and buttons as a checkable tree)', () => {
  it('starts from the isCheck flags of roleId_get_menu', () => {
    const grants = initialGrants(menus);
    expect([...grants.menus]).toEqual([3]);
    expect([...grants.buttons]).toEqual([11]);
  });

  it('checking a button checks its menu and the menus above it', () => {
    const grants = toggleButton(menus, { menus: new Set(), buttons: new Set() }, 2, 10, true);
    expect([...grants.menus].sort()).toEqual([1, 2]);
    expect([...grants.buttons]).toEqual([10]);
  });

  it('unchecking a menu unchecks the menus below it and their buttons', () => {
    const all = { menus: new Set([1, 2, 3]), buttons: new Set([10, 11]) };
    const grants = toggleMenu(menus, all, 1, false);
    expect(grants.menus.size).toBe(0);
    expect(grants.buttons.size).toBe(0);
  });

  it('custom departments are sent only with data scope 4, and the field shows only then', () => {
    expect(roleBody({ name: 'r', key: 'k', data_range: 3, dept: [1, 2] }).dept).toEqual([]);
    expect(roleBody({ name: 'r', key: 'k', data_range: 4, dept: [1, 2] }).dept).toEqual([1, 2]);
    const dept = roleResource(t).fields.find((f) => f.name === 'dept')!;
    expect(formOf(dept)?.when?.({ data_range: 4 })).toBe(true);
    expect(formOf(dept)?.when?.({ data_range: 0 })).toBe(false);
  });
});

describe('users', () => {
  it('a new user password travels as md5 hex; left empty it is not sent (the default password applies)', () => {
    const resource = userResource(null);
    const withPassword = resource.toBody!(
      { username: 'u', name: 'n', password: 'secret123', role: [1] },
      'create',
    );
    expect(withPassword.password).toBe(md5Hex('secret123'));
    const without = resource.toBody!({ username: 'u', name: 'n', password: '', role: [1] }, 'create');
    expect('password' in without).toBe(false);
    expect(resource.toBody!({ username: 'u', password: 'x' }, 'edit')).not.toHaveProperty('password');
  });

  it('the department chosen on the left filters the list', () => {
    expect(userResource('3').params).toEqual({ dept: '3' });
    expect(userResource(null).params).toEqual({});
  });

  it('editing takes the role ids from role_info when the row has no role list', () => {
    const form = userResource(null).toForm!({ id: 3, role_info: [{ id: 2, name: '用户' }] });
    expect(form.role).toEqual([2]);
  });
});

describe('menu buttons and messages', () => {
  it('a menu button created from its menu row belongs to that menu', () => {
    const resource = menuButtonResource(7);
    expect(resource.params).toEqual({ menu: 7 });
    expect(
      resource.toBody!({ name: '新增', value: 'Create', api: '/api/x/', method: 1 }, 'create'),
    ).toMatchObject({
      menu: 7,
      value: 'Create',
      method: 1,
    });
  });

  it('a message to roles sends target_role only', () => {
    const body = sentResource(t).toBody!(
      { title: 'hi', content: 'c', target_type: 1, target_role: [2], target_user: [1] },
      'create',
    );
    expect(body).toEqual({ title: 'hi', content: 'c', target_type: 1, target_role: [2], description: null });
  });
});

describe('menu form: where a link opens', () => {
  it('外部打开 (frame_out) is asked only for links, defaulting to false (embedded, as dvadmin 2.1)', () => {
    const field = menuResource.fields.find((f) => f.name === 'frame_out');
    expect(field).toMatchObject({ label: 'system:menu.frame_out', kind: 'radio', initial: false });
    const when = field ? formOf(field)?.when : undefined;
    expect(when?.({ is_link: true })).toBe(true);
    expect(when?.({ is_link: false })).toBe(false);
  });
});
