import { describe, expect, it } from 'vitest';
import type { MenuRecord } from '../../../src/contract/index.ts';
import { breadcrumbTrail, CONSOLE_CRUMB } from '../../../src/machines/routeGuard/breadcrumbs.ts';

const record = (r: Partial<MenuRecord> & Pick<MenuRecord, 'id' | 'name'>): MenuRecord => ({
  parent: null,
  path: '',
  component: '',
  component_name: '',
  visible: true,
  is_link: false,
  is_catalog: false,
  ...r,
});

const menus: MenuRecord[] = [
  record({ id: 1, name: '系统管理', is_catalog: true }),
  record({ id: 2, parent: 1, name: '常规配置', is_catalog: true }),
  record({ id: 3, parent: 2, name: '字典管理', path: '/dictionary', component: 'd', component_name: 'd' }),
  record({ id: 4, parent: 1, name: '菜单管理', path: '/menu', component: 'm', component_name: 'menu' }),
  record({
    id: 5,
    parent: 4,
    name: '菜单按钮',
    path: '/menuButton',
    component: 'b',
    component_name: 'menuButton',
    visible: false,
  }),
  record({ id: 6, parent: 1, name: '文档', path: '/docs/:id', component: 'x', component_name: 'docs' }),
  record({ id: 7, name: '外链', path: 'https://example.com', is_link: true }),
  record({ id: 8, parent: 9, name: '甲', path: '/a', component: 'a', component_name: 'a' }),
  record({ id: 9, parent: 8, name: '乙', is_catalog: true }),
];

const titles = (path: string) => breadcrumbTrail(menus, path).map((c) => c.title);

describe('breadcrumbs from the menu tree', () => {
  it('start at the console and go down the menu tree to the page shown', () => {
    expect(titles('/dictionary')).toEqual(['控制台', '系统管理', '常规配置', '字典管理']);
    expect(breadcrumbTrail(menus, '/index')).toEqual([CONSOLE_CRUMB]);
  });

  it('only pages are links: the console and the pages have a path, catalogs none', () => {
    expect(breadcrumbTrail(menus, '/dictionary').map((c) => c.path)).toEqual([
      '/index',
      null,
      null,
      '/dictionary',
    ]);
  });

  it('a hidden page shows where it lives, a page parent included as a link', () => {
    const trail = breadcrumbTrail(menus, '/menuButton');
    expect(trail.map((c) => [c.title, c.path])).toEqual([
      ['控制台', '/index'],
      ['系统管理', null],
      ['菜单管理', '/menu'],
      ['菜单按钮', '/menuButton'],
    ]);
  });

  it('a page with a parameter matches its pattern; a trailing slash is the same page', () => {
    expect(titles('/docs/7')).toEqual(['控制台', '系统管理', '文档']);
    expect(titles('/dictionary/')).toEqual(['控制台', '系统管理', '常规配置', '字典管理']);
  });

  it('a path no menu page matches ends with the page’s own crumb, when given', () => {
    const current = {
      id: 'userInfo',
      title: '个人信息',
      titleKey: 'pages:user_info.title',
      path: '/userInfo',
    };
    expect(breadcrumbTrail(menus, '/userInfo', current)).toEqual([CONSOLE_CRUMB, current]);
    expect(breadcrumbTrail(menus, '/userInfo')).toEqual([CONSOLE_CRUMB]);
    expect(titles('https://example.com')).toEqual(['控制台']);
  });

  it('a parent cycle in bad data stops instead of looping', () => {
    expect(titles('/a')).toEqual(['控制台', '乙', '甲']);
  });
});

describe('breadcrumbs of an embedded link', () => {
  const withFrame = [
    ...menus,
    record({
      id: 10,
      parent: 1,
      name: '官网',
      path: 'https://example.com/docs',
      is_link: true,
      frame_out: false,
    }),
  ];

  it('its iframe tab at /iframe/<id> shows the menu chain, the link itself a crumb to its tab', () => {
    expect(breadcrumbTrail(withFrame, '/iframe/10')).toEqual([
      CONSOLE_CRUMB,
      { id: '1', title: '系统管理', path: null },
      { id: '10', title: '官网', path: '/iframe/10' },
    ]);
  });

  it('a link opened outside (frame_out absent) has no page in the console', () => {
    expect(breadcrumbTrail(withFrame, '/iframe/7').map((c) => c.title)).toEqual(['控制台']);
  });
});
