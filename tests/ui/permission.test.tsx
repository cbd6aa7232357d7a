// @vitest-environment jsdom
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuRecord } from '../../src/contract/menu.ts';
import {
  DictButton,
  dictionaryButtonColor,
  Permission,
  usePermission,
} from '../../src/ui/permissions/index.ts';
import { routeGuardWith, withApp } from './header-support.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

const MENUS = [
  {
    id: 4,
    parent: 1,
    name: '部门管理',
    path: '/dept',
    component: 'system/dept/index',
    menuPermission: ['Search', 'Retrieve'],
  },
  {
    id: 6,
    parent: 1,
    name: '用户管理',
    path: '/user',
    component: 'system/user/index',
    menuPermission: ['Create', 'Delete'],
  },
] as MenuRecord[];

const at = (path: string) => withApp({ routeGuard: routeGuardWith(MENUS) }, path);

describe('permission hook', () => {
  it('is true when "<current route path>:<value>" is granted by the user’s menus', () => {
    const { result } = renderHook(() => usePermission('Search'), { wrapper: at('/dept') });
    expect(result.current).toBe(true);
  });

  it('is false when the value is granted on another page only', () => {
    const { result } = renderHook(() => [usePermission('Create'), usePermission('Delete')], {
      wrapper: at('/dept'),
    });
    expect(result.current).toEqual([false, false]);
    const onUser = renderHook(() => usePermission('Create'), { wrapper: at('/user') });
    expect(onUser.result.current).toBe(true);
  });

  it('grants when any one of several values is granted', () => {
    const { result } = renderHook(() => usePermission(['Update', 'Retrieve']), { wrapper: at('/dept') });
    expect(result.current).toBe(true);
  });

  it("an empty permission throws 'need permissions!'", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => usePermission(''), { wrapper: at('/dept') })).toThrow('need permissions!');
    expect(() => renderHook(() => usePermission([]), { wrapper: at('/dept') })).toThrow('need permissions!');
    vi.restoreAllMocks();
  });

  it('<Permission> removes its children without the permission', () => {
    const Wrapper = at('/dept');
    render(
      <Wrapper>
        <Permission value="Search">
          <button type="button">查询</button>
        </Permission>
        <Permission value="Create" fallback={<span>no create</span>}>
          <button type="button">新增</button>
        </Permission>
      </Wrapper>,
    );
    expect(screen.getByText('查询')).toBeTruthy();
    expect(screen.queryByText('新增')).toBeNull();
    expect(screen.getByText('no create')).toBeTruthy();
  });
});

describe('dictionary button colours', () => {
  it('maps 1/true to success (green) and 0/false to danger (red)', () => {
    expect(dictionaryButtonColor(1)).toBe('green');
    expect(dictionaryButtonColor(true)).toBe('green');
    expect(dictionaryButtonColor(0)).toBe('red');
    expect(dictionaryButtonColor(false)).toBe('red');
  });

  it('maps Search warning, Update primary, Create success, Retrieve info, Delete danger', () => {
    expect(dictionaryButtonColor('Search')).toBe('orange');
    expect(dictionaryButtonColor('Update')).toBeUndefined(); // the theme's primary colour
    expect(dictionaryButtonColor('Create')).toBe('green');
    expect(dictionaryButtonColor('Retrieve')).toBe('gray');
    expect(dictionaryButtonColor('Delete')).toBe('red');
    expect(dictionaryButtonColor('Other')).toBeUndefined();
  });

  it('an explicit colour wins, element names mapped, anything else as given', () => {
    expect(dictionaryButtonColor('Delete', 'success')).toBe('green');
    expect(dictionaryButtonColor(1, 'violet')).toBe('violet');
    expect(dictionaryButtonColor(0, '#ff0000')).toBe('#ff0000');
  });

  it('<DictButton> takes the mapped colour', () => {
    renderUi(
      <>
        <DictButton value="Delete">删除</DictButton>
        <DictButton value="Update">编辑</DictButton>
      </>,
    );
    expect(screen.getByRole('button', { name: '删除' }).getAttribute('data-color')).toBe('red');
    expect(screen.getByRole('button', { name: '编辑' }).getAttribute('data-color')).toBe('primary');
  });
});
