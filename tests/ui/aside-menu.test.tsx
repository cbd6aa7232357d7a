// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AsideMenu } from '../../src/ui/shell/AsideMenu.tsx';
import type { MenuNode } from '../../src/ui/shell/menu-tree.ts';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

const leaf = (id: string, title: string, path: string, icon = 'file'): MenuNode => ({
  id,
  title,
  path,
  icon,
  children: [],
});
const nodes: MenuNode[] = [
  leaf('index', '控制台', '/index', 'home'),
  {
    id: '1',
    title: '系统管理',
    icon: 'cog',
    children: [
      leaf('2', '菜单管理', '/menu', 'navicon'),
      leaf('4', '部门管理', '/dept', 'bank'),
      { id: '9', title: '常规配置', icon: 'cogs', children: [leaf('11', '字典管理', '/dictionary', 'book')] },
      { id: '14', title: '日志管理', icon: 'book', children: [leaf('15', '登录日志', '/loginLog')] },
    ],
  },
  { id: '20', title: '业务管理', icon: 'cubes', children: [leaf('21', '商品', '/items')] },
  leaf('18', 'DVAdmin官网', 'https://django-vue-admin.com', 'external-link'),
];

const entry = (name: string) => screen.getByText(name).closest('[data-menu-id]') as HTMLElement;
const isOpen = (name: string) => entry(name).hasAttribute('data-expanded');

describe('side menu tree', () => {
  it('draws the tree with the fixed 控制台 entry first and the active entry marked', () => {
    renderUi(<AsideMenu nodes={nodes} activePath="/dept" collapsed={false} onSelect={vi.fn()} />);
    const top = [...document.querySelectorAll('[data-depth="0"]')].map((el) => el.textContent);
    expect(top[0]).toBe('控制台');
    expect(entry('部门管理').getAttribute('aria-current')).toBe('page');
    expect(entry('控制台').getAttribute('aria-current')).toBeNull();
  });

  it('opens the submenus that hold the active route', () => {
    renderUi(<AsideMenu nodes={nodes} activePath="/dictionary" collapsed={false} onSelect={vi.fn()} />);
    expect(isOpen('系统管理')).toBe(true);
    expect(isOpen('常规配置')).toBe(true);
    expect(isOpen('日志管理')).toBe(false);
    expect(isOpen('业务管理')).toBe(false);
  });

  it('keeps only one submenu open at a time', () => {
    renderUi(<AsideMenu nodes={nodes} activePath="/index" collapsed={false} onSelect={vi.fn()} />);
    fireEvent.click(entry('系统管理'));
    expect(isOpen('系统管理')).toBe(true);
    fireEvent.click(entry('业务管理'));
    expect(isOpen('业务管理')).toBe(true);
    expect(isOpen('系统管理')).toBe(false);
    // nested: opening a sibling submenu closes the other one, the parent stays open
    fireEvent.click(entry('系统管理'));
    fireEvent.click(entry('常规配置'));
    fireEvent.click(entry('日志管理'));
    expect(isOpen('系统管理')).toBe(true);
    expect(isOpen('日志管理')).toBe(true);
    expect(isOpen('常规配置')).toBe(false);
    expect(isOpen('业务管理')).toBe(false);
  });

  it('a leaf click hands the entry to the chart instead of following the link', () => {
    const onSelect = vi.fn();
    renderUi(<AsideMenu nodes={nodes} activePath="/dept" collapsed={false} onSelect={onSelect} />);
    const dept = entry('部门管理');
    expect(dept.getAttribute('href')).toBe('/dept');
    fireEvent.click(dept);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ path: '/dept' }));
  });

  it('an http(s) entry is a new-window link', () => {
    renderUi(<AsideMenu nodes={nodes} activePath="/index" collapsed={false} onSelect={vi.fn()} />);
    const link = entry('DVAdmin官网');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe('https://django-vue-admin.com');
  });

  it('maps Font Awesome names to icons and unknown names to a default', () => {
    renderUi(
      <AsideMenu
        nodes={[...nodes, leaf('x', '未知', '/x', 'no-such-icon')]}
        activePath="/index"
        collapsed={false}
        onSelect={vi.fn()}
      />,
    );
    expect(entry('控制台').querySelector('svg')?.getAttribute('data-icon')).toBe('home');
    expect(entry('系统管理').querySelector('svg')?.getAttribute('data-icon')).toBe('gear');
    expect(entry('未知').querySelector('svg')?.getAttribute('data-icon')).toBe('dot');
  });

  it('says 没有侧栏菜单 when there is no menu', () => {
    renderUi(<AsideMenu nodes={[]} activePath="/index" collapsed={false} onSelect={vi.fn()} />);
    expect(screen.getByText('没有侧栏菜单')).toBeTruthy();
  });

  it('collapsed, shows only the top-level icons with their titles as names', () => {
    renderUi(<AsideMenu nodes={nodes} activePath="/dept" collapsed onSelect={vi.fn()} />);
    expect(screen.getByRole('button', { name: '控制台' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '系统管理' }).hasAttribute('data-active')).toBe(true);
    expect(screen.queryByText('部门管理')).toBeNull();
  });
});
