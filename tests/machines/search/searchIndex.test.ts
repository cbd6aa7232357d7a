import { describe, expect, it } from 'vitest';
import type { MenuRecord } from '../../../src/contract/menu.ts';
import {
  buildSearchIndex,
  fuzzyScore,
  normalize,
  searchIndex,
} from '../../../src/machines/search/searchIndex.ts';

const rec = (r: Partial<MenuRecord> & Pick<MenuRecord, 'id' | 'name'>): MenuRecord => ({
  parent: null,
  path: '',
  component: '',
  is_catalog: false,
  is_link: false,
  visible: true,
  menuPermission: [],
  ...r,
});

const MENUS: MenuRecord[] = [
  rec({ id: 1, name: '系统管理', is_catalog: true }),
  rec({ id: 2, parent: 1, name: '菜单管理', path: '/menu', component: 'system/menu' }),
  rec({
    id: 3,
    parent: 1,
    name: '菜单按钮',
    path: '/menuButton',
    component: 'system/menuButton/index',
    visible: false,
  }),
  rec({ id: 4, parent: 1, name: '部门管理', path: '/dept', component: 'system/dept/index' }),
  rec({ id: 9, parent: 1, name: '常规配置', is_catalog: true }),
  rec({ id: 10, parent: 9, name: '系统配置', path: '/config', component: 'system/config/index' }),
  rec({ id: 11, parent: 9, name: '字典管理', path: '/dictionary', component: 'system/dictionary/index' }),
  rec({ id: 20, name: 'DVAdmin官网', path: 'https://django-vue-admin.com', is_link: true }),
  rec({ id: 21, name: '商品', path: '/items', component: 'xy/items/index' }),
  rec({ id: 22, name: '无组件', path: '/nothing' }),
];

const consoleEntry = { title: '控制台', path: '/index' };

describe('search index', () => {
  it('lists every menu leaf titled `Parent / Child`, the console first, catalogs left out', () => {
    const index = buildSearchIndex(MENUS, { console: consoleEntry });
    expect(index.map((e) => [e.title, e.path])).toEqual([
      ['控制台', '/index'],
      ['系统管理 / 菜单管理', '/menu'],
      ['系统管理 / 菜单按钮', '/menuButton'],
      ['系统管理 / 部门管理', '/dept'],
      ['系统管理 / 常规配置 / 系统配置', '/config'],
      ['系统管理 / 常规配置 / 字典管理', '/dictionary'],
      ['DVAdmin官网', 'https://django-vue-admin.com'],
      ['商品', '/items'],
    ]);
  });

  it('includes entries hidden from the side menu, marked hidden', () => {
    const index = buildSearchIndex(MENUS);
    const hidden = index.find((e) => e.path === '/menuButton');
    expect(hidden?.hidden).toBe(true);
    expect(searchIndex(index, '菜单按钮')[0]?.entry.path).toBe('/menuButton');
  });

  it('marks http(s) leaves as external (they open in a new window)', () => {
    const index = buildSearchIndex(MENUS);
    expect(index.filter((e) => e.external).map((e) => e.path)).toEqual(['https://django-vue-admin.com']);
  });

  it('survives a parent cycle and a missing parent', () => {
    const index = buildSearchIndex([
      rec({ id: 1, parent: 2, name: 'A', path: '/a', component: 'a' }),
      rec({ id: 2, parent: 1, name: 'B', path: '/b', component: 'b' }),
      rec({ id: 3, parent: 99, name: 'C', path: '/c', component: 'c' }),
    ]);
    expect(index.map((e) => e.title)).toEqual(['B / A', 'A / B', 'C']);
  });

  it('an empty query lists everything in menu order', () => {
    const index = buildSearchIndex(MENUS, { console: consoleEntry });
    expect(searchIndex(index, '  ').map((h) => h.entry.path)).toEqual(index.map((e) => e.path));
  });

  it('matches fuzzily: characters in order, across name, title and path, case-insensitive', () => {
    const index = buildSearchIndex(MENUS, { console: consoleEntry });
    expect(searchIndex(index, 'DICT').map((h) => h.entry.path)).toEqual(['/dictionary']);
    expect(searchIndex(index, 'mnbtn').map((h) => h.entry.path)).toEqual(['/menuButton']);
    expect(searchIndex(index, '系统 配置')[0]?.entry.path).toBe('/config');
    expect(searchIndex(index, 'zzz')).toEqual([]);
  });

  it('ranks an exact name above a parent match, a prefix above a match in the middle', () => {
    const index = buildSearchIndex(MENUS, { console: consoleEntry });
    // 系统配置 is its own name; every other system page only matches through its parent 系统管理.
    expect(searchIndex(index, '系统')[0]?.entry.path).toBe('/config');
    // "menu" starts /menu and /menuButton; /menu is shorter, so the match covers more of it.
    expect(
      searchIndex(index, 'menu')
        .map((h) => h.entry.path)
        .slice(0, 2),
    ).toEqual(['/menu', '/menuButton']);
    expect(fuzzyScore('dep', '/dept')).toBeGreaterThan(fuzzyScore('dep', 'x dep') as number);
    expect(fuzzyScore('abc', 'abc')).toBeGreaterThan(fuzzyScore('abc', 'a-b-c') as number);
  });

  it('normalises full-width characters and white space', () => {
    expect(normalize('  ＭＥＮＵ   Button ')).toBe('menu button');
  });

  it('builds 2,000 entries and filters them per keystroke quickly', () => {
    const menus: MenuRecord[] = [];
    for (let c = 0; c < 100; c++) {
      menus.push(rec({ id: 100_000 + c, name: `目录${c}`, is_catalog: true }));
      for (let p = 0; p < 20; p++) {
        const id = c * 100 + p;
        menus.push(
          rec({ id, parent: 100_000 + c, name: `页面${c}-${p} page`, path: `/p${id}`, component: `v/${id}` }),
        );
      }
    }
    const t0 = performance.now();
    const index = buildSearchIndex(menus);
    const built = performance.now() - t0;
    expect(index).toHaveLength(2_000);
    expect(index[21]?.title).toBe('目录1 / 页面1-1 page');

    const t1 = performance.now();
    for (const q of ['p', 'pa', 'pag', 'page', '页面1', '目录9 / 页面9-9', 'p9919'])
      searchIndex(index, q, 50);
    const perKeystroke = (performance.now() - t1) / 7;
    expect(searchIndex(index, 'p9919')[0]?.entry.path).toBe('/p9919');
    expect(built).toBeLessThan(250);
    expect(perKeystroke).toBeLessThan(16);
  });
});

describe('search entries of embedded links', () => {
  it('a link with frame_out false goes to its iframe tab inside the console, not to a new window', () => {
    const index = buildSearchIndex([
      rec({ id: 30, name: '嵌入', path: 'https://example.com', is_link: true, frame_out: false }),
      rec({ id: 31, name: '外开', path: 'https://example.org', is_link: true, frame_out: true }),
    ]);
    expect(index.map((e) => [e.name, e.path, e.external])).toEqual([
      ['嵌入', '/iframe/30', false],
      ['外开', 'https://example.org', true],
    ]);
  });
});
