// @vitest-environment jsdom
/**
 * Issue 18 items 2, 5 and 8: the system trees and the role permission dialog against answers shaped like
 * stock dvadmin 2.1's (recorded fixtures where there are some) and like the reference server's.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/services/http/types.ts';
import { CrudPage } from '../../src/ui/crud/CrudPage.tsx';
import { type CrudEnv, CrudEnvProvider } from '../../src/ui/crud/env.tsx';
import type { CrudResource, Row } from '../../src/ui/crud/types.ts';
import { areasResource } from '../../src/ui/views/system/areas/index.tsx';
import { deptResource } from '../../src/ui/views/system/dept/resource.ts';
import { dictionaryResource } from '../../src/ui/views/system/dictionary/index.tsx';
import { menuResource } from '../../src/ui/views/system/menu/resource.ts';
import { PermissionModal } from '../../src/ui/views/system/role/PermissionModal.tsx';
import { bodyOf, fixture, queryOf, reply, setup, urlOf } from '../services/harness.ts';
import { renderKit } from './crud-support.tsx';

const t = (key: string) => key;
type Answer = (config: InternalAxiosRequestConfig) => unknown;
const NOT_THERE = { code: 400, msg: '接口地址不正确', data: null };
/** dvadmin's unpaginated list (SuccessResponse): every row, placeholder page/limit/total. */
const unpaged = (rows: unknown[]) => ({
  code: 2000,
  msg: 'success',
  data: { page: 1, limit: 1, total: 1, data: rows },
});
const paged = (rows: unknown[], total: number, page = 1, limit = 10) => ({
  code: 2000,
  msg: 'success',
  data: { page, limit, total, data: rows },
});

function mount(resource: CrudResource, answer: Answer) {
  const h = setup((config) => reply(config, answer(config)));
  const env: CrudEnv = {
    http: h.http as HttpClient,
    dictionaries: {},
    deptNames: {},
    userDept: 1,
    can: () => true,
  };
  renderKit(
    <CrudEnvProvider value={env}>
      <CrudPage resource={resource} />
    </CrudEnvProvider>,
  );
  // the table's list requests (a field's options load the same path without `page`)
  const lists = () =>
    h.calls.filter(
      (c) => c.method === 'get' && urlOf(c).pathname === resource.url && queryOf(c).get('page') !== null,
    );
  return { ...h, lists };
}

const table = (name: string) => screen.getByTestId(`crud-table-${name}`);
const shownRows = (name: string) =>
  [...table(name).querySelectorAll('tbody tr[data-row]')].map((tr) => tr.getAttribute('data-row'));
const expand = (name: string, id: number) =>
  fireEvent.click(
    within(table(name).querySelector(`tr[data-row="${id}"]`) as HTMLElement).getByRole('button', {
      name: '展开',
    }),
  );

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('menus: built by parent from stock’s whole flat list', () => {
  const menus = (fixture('menu_list').data as { data: Row[] }).data;

  it('shows each menu once, under its parent (stock lists children at the top level too)', async () => {
    const h = mount(menuResource, () => unpaged(menus));
    await screen.findByText('系统管理');
    expect(shownRows('menu')).toEqual(['1', '18']);
    expand('menu', 1);
    await screen.findByText('常规配置');
    expand('menu', 9);
    await screen.findByText('字典管理');
    expect(shownRows('menu')).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '18',
    ]);
    // one request: the whole list, children came with it
    expect(h.lists()).toHaveLength(1);
    expect(queryOf(h.lists()[0]!).get('limit')).toBe('999');
    expect(queryOf(h.lists()[0]!).get('lazy')).toBeNull();
    expect(screen.getByTestId('crud-total').textContent).toBe('共 2 条');
  });

  it('against the reference server (the same whole list, paged by 999) it is the same tree', async () => {
    mount(menuResource, () => paged(menus, menus.length, 1, 999));
    await screen.findByText('系统管理');
    expect(shownRows('menu')).toEqual(['1', '18']);
  });
});

describe('dictionaries: stock answers groups and items in one list', () => {
  const rows = [
    { id: 1, label: '启用禁用', value: 'button_status_bool', parent: null, type: 0 },
    { id: 2, label: '启用', value: 'true', parent: 1, type: 6 },
    { id: 3, label: '禁用', value: 'false', parent: 1, type: 6 },
    { id: 4, label: '系统按钮', value: 'system_button', parent: null, type: 0 },
    { id: 5, label: '新增', value: 'Create', parent: 4, type: 0 },
  ];

  it('the groups at the top, their items under them, an item-less group without a toggle', async () => {
    const h = mount(dictionaryResource(t), (c) =>
      queryOf(c).get('limit') === '999' ? paged(rows, rows.length, 1, 999) : paged([], 0),
    );
    await screen.findByText('启用禁用');
    expect(shownRows('dictionary')).toEqual(['1', '4']);
    expand('dictionary', 4);
    await waitFor(() => expect(shownRows('dictionary')).toEqual(['1', '4', '5']));
    expect(
      within(table('dictionary').querySelector('tr[data-row="5"]') as HTMLElement).queryByRole('button', {
        name: '展开',
      }),
    ).toBeNull();
    expect(h.lists().every((c) => queryOf(c).get('lazy') === null)).toBe(true);
  });

  it('the new item’s group choices are the groups only', async () => {
    mount(dictionaryResource(t), () => paged(rows, rows.length, 1, 999));
    await screen.findByText('启用禁用');
    const parent = dictionaryResource(t).fields.find((f) => f.name === 'parent')!;
    const h = setup((c) => reply(c, paged(rows, rows.length, 1, 999)));
    const options = await parent.loadOptions!(h.http as HttpClient);
    expect(options.map((o) => o.value)).toEqual([1, 4]);
  });
});

describe('areas: provinces by level=1, paged; children by pcode', () => {
  const province = (i: number) => ({
    id: i,
    name: `省${i}`,
    code: String(110000 + i * 10000),
    level: 1,
    pcode: null,
    pcode_count: i === 1 ? 1 : 0,
    enable: true,
  });

  it('shows a pager when there are more provinces than a page, and loads a province’s children by its code', async () => {
    const h = mount(areasResource(), (c) => {
      const q = queryOf(c);
      if (q.get('pcode'))
        return unpaged([
          {
            id: 99,
            name: '市区',
            code: '110100',
            level: 2,
            pcode: q.get('pcode'),
            pcode_count: 0,
            enable: true,
          },
        ]);
      const page = Number(q.get('page'));
      return paged(
        Array.from({ length: page === 4 ? 4 : 10 }, (_, i) => province((page - 1) * 10 + i + 1)),
        34,
        page,
      );
    });
    await screen.findByText('省1');
    expect(queryOf(h.lists()[0]!).get('level')).toBe('1');
    expect(screen.getByTestId('crud-total').textContent).toBe('共 34 条');
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    await screen.findByText('省34');
    expect(queryOf(h.lists().at(-1)!).get('page')).toBe('4');
    expect(queryOf(h.lists().at(-1)!).get('level')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    await screen.findByText('省1');
    // only the province with pcode_count > 0 can open
    expect(
      within(table('areas').querySelector('tr[data-row="2"]') as HTMLElement).queryByRole('button', {
        name: '展开',
      }),
    ).toBeNull();
    expand('areas', 1);
    await screen.findByText('市区');
    expect(queryOf(h.lists().at(-1)!).get('pcode')).toBe('120000');
  });

  it('a search looks at every level: no level=1 then', async () => {
    const h = mount(areasResource(), () => paged([province(1)], 1));
    await screen.findByText('省1');
    fireEvent.change(screen.getByLabelText(/system:areas.name|名称/), { target: { value: '市' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queryOf(h.lists().at(-1)!).get('name')).toBe('市'));
    expect(queryOf(h.lists().at(-1)!).get('level')).toBeNull();
  });
});

describe('departments against stock (its list answers the roots; children by parent)', () => {
  it('stock’s roots answer (no lazy, placeholder total) and children by parent', async () => {
    const h = mount(deptResource, (c) =>
      fixture(queryOf(c).get('parent') ? 'dept_list_children' : 'dept_list'),
    );
    await screen.findByText('DVAdmin团队');
    expand('dept', 1);
    await screen.findByText('运营部');
    expect(queryOf(h.lists().at(-1)!).get('parent')).toBe('1');
    expect(screen.getByTestId('crud-total').textContent).toBe('共 1 条');
  });

  it('a backend that answers the whole list for the roots shows each department once, under its parent', async () => {
    const all = [
      ...(fixture('dept_list').data as { data: Row[] }).data,
      ...(fixture('dept_list_children').data as { data: Row[] }).data,
    ];
    const h = mount(deptResource, () => unpaged(all));
    await screen.findByText('DVAdmin团队');
    expect(shownRows('dept')).toEqual(['1']);
    expand('dept', 1);
    await screen.findByText('运营部');
    expect(shownRows('dept')).toEqual(['1', '3', '2']);
    expect(h.lists()).toHaveLength(1);
  });

  it('more roots than a page (an unpaged answer) are paged here', async () => {
    const roots = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      name: `部门${i + 1}`,
      parent: null,
      has_children: 0,
    }));
    mount(deptResource, () => unpaged(roots));
    await screen.findByText('部门1');
    expect(shownRows('dept')).toHaveLength(10);
    expect(screen.getByTestId('crud-total').textContent).toBe('共 12 条');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('部门12');
    expect(shownRows('dept')).toEqual(['11', '12']);
  });

  it('after an edit the open department still shows its children (item 8)', async () => {
    let children = (fixture('dept_list_children').data as { data: Row[] }).data;
    const h = mount(deptResource, (c) => {
      if (c.method === 'put') return { code: 2000, msg: '更新成功', data: null };
      return queryOf(c).get('parent') ? unpaged(children) : fixture('dept_list');
    });
    await screen.findByText('DVAdmin团队');
    expand('dept', 1);
    await screen.findByText('运营部');
    children = children.map((r) => (r.id === 2 ? { ...r, name: '运营中心' } : r));
    const row = table('dept').querySelector('tr[data-row="2"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    fireEvent.click(await screen.findByRole('button', { name: '保存' }));
    await screen.findByText('运营中心');
    expect(shownRows('dept')).toEqual(['1', '3', '2']);
    expect(h.calls.some((c) => c.method === 'put')).toBe(true);
  });
});

// (the route that answered is remembered for the page's life: the reference server's case runs first)
describe('role permissions against stock 2.1 (no roleId_get_menu)', () => {
  const grantable = [
    { id: 1, parent: null, name: '系统管理', menuPermission: [] },
    {
      id: 4,
      parent: 1,
      name: '部门管理',
      menuPermission: [
        { id: 10, name: '新增', value: 'Create', api: '/api/system/dept/', method: 1 },
        { id: 11, name: '删除', value: 'Delete', api: '/api/system/dept/{id}/', method: 3 },
      ],
    },
  ];
  const role = { id: 2, name: '用户', key: 'public', data_range: 3, menu: [1, 4, 30], permission: [10, 77] };

  it('the reference server’s roleId_get_menu answers alone, with its isCheck flags', async () => {
    const h = setup((c) =>
      reply(c, {
        code: 2000,
        msg: '获取成功',
        data: grantable.map((m) => ({
          ...m,
          isCheck: m.id === 1,
          menuPermission: m.menuPermission.map((b) => ({ ...b, isCheck: false })),
        })),
      }),
    );
    renderKit(
      <PermissionModal
        row={{ ...role, id: 5 }}
        http={h.http as HttpClient}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    const tree = await screen.findByTestId('role-permission-tree');
    expect((within(tree).getByLabelText('系统管理') as HTMLInputElement).checked).toBe(true);
    expect((within(tree).getByLabelText('部门管理') as HTMLInputElement).checked).toBe(false);
    expect(h.calls.map((c) => urlOf(c).pathname)).toEqual(['/api/system/role/5/roleId_get_menu/']);
  });

  it('takes the menus from role_get_menu, checks what the role holds, and keeps what it holds beyond them on save', async () => {
    const h = setup((c) => {
      const path = urlOf(c).pathname;
      if (path.endsWith('/roleId_get_menu/')) return reply(c, NOT_THERE);
      if (path === '/api/system/role/role_get_menu/')
        return reply(c, { code: 2000, msg: '获取成功', data: grantable });
      if (c.method === 'get') return reply(c, { code: 2000, msg: '获取成功', data: role });
      return reply(c, { code: 2000, msg: '更新成功', data: null });
    });
    const onSaved = vi.fn();
    renderKit(
      <PermissionModal row={role} http={h.http as HttpClient} onClose={() => {}} onSaved={onSaved} />,
    );
    const tree = await screen.findByTestId('role-permission-tree');
    expect((within(tree).getByLabelText('部门管理') as HTMLInputElement).checked).toBe(true);
    expect((within(tree).getByLabelText('新增') as HTMLInputElement).checked).toBe(true);
    expect((within(tree).getByLabelText('删除') as HTMLInputElement).checked).toBe(false);
    expect(h.notices).toEqual([]);
    fireEvent.click(within(tree).getByLabelText('删除'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const put = h.calls.find((c) => c.method === 'put')!;
    expect(urlOf(put).pathname).toBe('/api/system/role/2/');
    const body = bodyOf(put) as { menu: number[]; permission: number[] };
    expect(body.menu.sort((a, b) => a - b)).toEqual([1, 4, 30]);
    expect(body.permission.sort((a, b) => a - b)).toEqual([10, 11, 77]);
    expect(h.calls.map((c) => `${c.method} ${urlOf(c).pathname}`)).toEqual([
      'get /api/system/role/2/roleId_get_menu/',
      'get /api/system/role/role_get_menu/',
      'get /api/system/role/2/',
      'put /api/system/role/2/',
    ]);
  });

  it('checks what the role holds now, not what the list showed before a save a moment ago', async () => {
    const now = { ...role, permission: [10, 11, 77] };
    const h = setup((c) => {
      const path = urlOf(c).pathname;
      if (path === '/api/system/role/role_get_menu/')
        return reply(c, { code: 2000, msg: '获取成功', data: grantable });
      if (path === '/api/system/role/2/') return reply(c, { code: 2000, msg: '获取成功', data: now });
      return reply(c, NOT_THERE);
    });
    renderKit(
      <PermissionModal row={role} http={h.http as HttpClient} onClose={() => {}} onSaved={() => {}} />,
    );
    const tree = await screen.findByTestId('role-permission-tree');
    expect((within(tree).getByLabelText('删除') as HTMLInputElement).checked).toBe(true);
  });

  it('an editor who may not read the role gets the list’s copy, and no error toast', async () => {
    const h = setup((c) => {
      const path = urlOf(c).pathname;
      if (path === '/api/system/role/role_get_menu/')
        return reply(c, { code: 2000, msg: '获取成功', data: grantable });
      if (path === '/api/system/role/2/')
        return reply(c, { code: 4000, msg: '您没有执行该操作的权限。', data: null });
      return reply(c, NOT_THERE);
    });
    renderKit(
      <PermissionModal row={role} http={h.http as HttpClient} onClose={() => {}} onSaved={() => {}} />,
    );
    const tree = await screen.findByTestId('role-permission-tree');
    expect((within(tree).getByLabelText('新增') as HTMLInputElement).checked).toBe(true);
    expect((within(tree).getByLabelText('删除') as HTMLInputElement).checked).toBe(false);
    expect(h.notices).toEqual([]);
  });
});
