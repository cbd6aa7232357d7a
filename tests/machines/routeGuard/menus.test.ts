import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MenuRecord } from '../../../src/contract/index.ts';
import {
  buildAsideMenu,
  buildRoutes,
  CONSOLE_ENTRY,
  iframePath,
  isEmbeddedLink,
  isPlaceholderPath,
  routePathOf,
} from '../../../src/machines/routeGuard/menus.ts';
import { isKnownPath } from '../../../src/machines/routeGuard/paths.ts';
import type { MenuTreeItem } from '../../../src/machines/routeGuard/types.ts';
import { validTabPaths } from '../../../src/machines/shell/userData.ts';
import { FIXTURE_DIR } from '../../support/shared.ts';

const record = (r: Partial<MenuRecord> & Pick<MenuRecord, 'id' | 'name'>): MenuRecord => ({
  parent: null,
  path: '',
  component: '',
  component_name: '',
  visible: true,
  is_link: false,
  is_catalog: false,
  cache: false,
  menuPermission: [],
  ...r,
});

const catalog = record({ id: 1, name: '系统管理', is_catalog: true, icon: 'cog' });
const dept = record({
  id: 2,
  parent: 1,
  name: '部门管理',
  path: '/dept',
  component: 'system/dept/index',
  component_name: 'dept',
  cache: true,
  icon: 'bank',
  menuPermission: ['Search', 'Create'],
});
const hidden = record({
  id: 3,
  parent: 1,
  name: '菜单按钮',
  path: '/menuButton',
  component: 'system/menuButton/index',
  component_name: 'menuButton',
  visible: false,
});
const link = record({ id: 4, name: '文档', path: 'https://django-vue-admin.com', is_link: true });
const orphan = record({
  id: 5,
  parent: 99,
  name: '孤儿',
  path: '/orphan',
  component: 'x/index',
  component_name: 'orphan',
});
const underHidden = record({
  id: 6,
  parent: 3,
  name: '隐藏之下',
  path: '/under',
  component: 'x/under',
  component_name: 'under',
});
const noComponent = record({ id: 7, parent: 1, name: '空菜单', path: '/empty' });
const noName = record({ id: 8, parent: 1, name: '无名', path: '/noname', component: 'x/noname' });

const titles = (items: MenuTreeItem[]): unknown[] =>
  items.map((i) => (i.children.length ? [i.title, titles(i.children)] : i.title));

describe('route building', () => {
  it('each record with a path, a component and a name becomes a route named by component_name and titled by the menu name', () => {
    expect(buildRoutes([catalog, dept, link, noComponent, noName])).toEqual([
      {
        path: '/dept',
        name: 'dept',
        title: '部门管理',
        component: 'system/dept/index',
        cache: true,
        isLink: false,
        menuId: 2,
      },
    ]);
  });

  it('hidden entries still make routes (visibility is about the menu)', () => {
    expect(buildRoutes([hidden]).map((r) => r.path)).toEqual(['/menuButton']);
  });

  it('web_path stands in for path, and the first record wins a duplicated path', () => {
    const a = record({ id: 10, name: 'A', web_path: '/a', component: 'a', component_name: 'a' });
    const b = record({ id: 11, name: 'B', path: '/a', component: 'b', component_name: 'b' });
    expect(buildRoutes([a, b]).map((r) => r.name)).toEqual(['a']);
  });
});

describe('side menu tree', () => {
  const tree = buildAsideMenu([catalog, dept, hidden, link, orphan, underHidden, noComponent]);

  it('starts with the fixed console entry at /index with the home icon', () => {
    expect(tree[0]).toEqual(CONSOLE_ENTRY);
    expect(tree[0]).toMatchObject({ path: '/index', title: '控制台', icon: 'home' });
  });

  it('arranges visible entries by parent and drops entries whose parent is missing or hidden', () => {
    expect(titles(tree)).toEqual(['控制台', ['系统管理', ['部门管理', '空菜单']], '文档']);
  });

  it('entries without a component that are not links lose their path and get a placeholder', () => {
    const system = tree[1] as MenuTreeItem;
    const empty = system.children[1] as MenuTreeItem;
    expect(system.isPlaceholder).toBe(true);
    expect(isPlaceholderPath(system.path)).toBe(true);
    expect(empty).toMatchObject({ title: '空菜单', isPlaceholder: true });
    expect(empty.path).not.toBe('/empty');
    expect(system.path).not.toBe(empty.path);
  });

  it('keeps route paths, link addresses, icons and button permissions', () => {
    const deptItem = (tree[1] as MenuTreeItem).children[0];
    expect(deptItem).toMatchObject({
      id: '2',
      path: '/dept',
      icon: 'bank',
      isLink: false,
      menuPermission: ['Search', 'Create'],
    });
    expect(tree[2]).toMatchObject({
      path: 'https://django-vue-admin.com',
      isLink: true,
      isPlaceholder: false,
    });
  });

  it('an empty menu list leaves only the console', () => {
    expect(buildAsideMenu([])).toEqual([CONSOLE_ENTRY]);
  });
});

const WEB_ROUTER = `${FIXTURE_DIR}/web_router.json`;

describe('a recorded dvadmin menu list', () => {
  const menus = (JSON.parse(readFileSync(WEB_ROUTER, 'utf8')) as { data: { data: MenuRecord[] } }).data.data;

  it('every page with a component becomes a route and catalogs do not', () => {
    const routes = buildRoutes(menus);
    const pages = menus.filter((m) => m.component && m.path && m.component_name);
    expect(routes).toHaveLength(pages.length);
    expect(routes.map((r) => r.path)).toContain('/dept');
    expect(routes.some((r) => menus.find((m) => m.id === r.menuId)?.is_catalog)).toBe(false);
  });

  it('the side menu holds every visible entry reachable from a root', () => {
    const tree = buildAsideMenu(menus);
    const count = (items: MenuTreeItem[]): number => items.reduce((n, i) => n + 1 + count(i.children), 0);
    const visible = menus.filter((m) => m.visible !== false);
    const ids = new Set(visible.map((m) => m.id));
    const reachable = visible.filter((m) => m.parent === null || ids.has(m.parent));
    expect(count(tree)).toBeLessThanOrEqual(reachable.length + 1);
    expect(tree[0]?.title).toBe('控制台');
    expect(titles(tree).length).toBeGreaterThan(1);
  });
});

describe('embedded links (dvadmin 2.1 `frame_out: false`)', () => {
  const embedded = record({
    id: 18,
    name: 'DVAdmin官网',
    web_path: 'https://django-vue-admin.com',
    is_link: true,
    frame_out: false,
    icon: 'external-link',
  });
  const outside = record({
    id: 19,
    name: '外部',
    path: 'https://example.com',
    is_link: true,
    frame_out: true,
  });
  // A 2.0 backend sends no frame_out at all.
  const stock20 = record({ id: 20, name: '旧外链', path: 'https://example.org', is_link: true });
  const notAddress = record({ id: 21, name: '内部链接', path: '/dept', is_link: true, frame_out: false });

  it('a link with frame_out false becomes an iframe route at /iframe/<menu id>, titled by the menu name and kept alive', () => {
    expect(buildRoutes([embedded])).toEqual([
      {
        path: '/iframe/18',
        name: 'iframe-18',
        title: 'DVAdmin官网',
        component: '',
        cache: true,
        isLink: false,
        menuId: 18,
        frame: 'https://django-vue-admin.com',
      },
    ]);
    expect(isEmbeddedLink(embedded)).toBe(true);
    expect(routePathOf(embedded)).toBe(iframePath(18));
  });

  it('frame_out true, or absent as a 2.0 backend sends it, keeps opening a new window (no route)', () => {
    expect(buildRoutes([outside, stock20])).toEqual([]);
    expect(buildAsideMenu([outside, stock20]).slice(1)).toMatchObject([
      { path: 'https://example.com', isLink: true },
      { path: 'https://example.org', isLink: true },
    ]);
  });

  it('only an http(s) address is framed: a link to an in-app path is not', () => {
    expect(isEmbeddedLink(notAddress)).toBe(false);
    expect(buildRoutes([notAddress])).toEqual([]);
  });

  it('the side-menu entry of an embedded link goes to its iframe tab, not to the address', () => {
    expect(buildAsideMenu([embedded])[1]).toMatchObject({
      id: '18',
      path: '/iframe/18',
      title: 'DVAdmin官网',
      icon: 'external-link',
      isLink: false,
      isPlaceholder: false,
    });
  });

  it('the iframe path is a known page of the user (not 404) and a restored tab may use it', () => {
    const routes = buildRoutes([embedded, outside]);
    expect(isKnownPath('/iframe/18', routes)).toBe(true);
    expect(isKnownPath('/iframe/19', routes)).toBe(false);
    expect(validTabPaths([embedded, outside])).toContain('/iframe/18');
  });

  it("the recorded dvadmin 2.1 menu list's DVAdmin官网 row (frame_out false) is embedded", () => {
    const list = JSON.parse(readFileSync(`${FIXTURE_DIR}/menu_list.json`, 'utf8')) as {
      data: { data: MenuRecord[] };
    };
    const rows = list.data.data;
    const site = rows.find((row) => row.name === 'DVAdmin官网') as MenuRecord;
    expect(site.frame_out).toBe(false);
    const route = buildRoutes(rows).find((r) => r.menuId === site.id);
    expect(route).toMatchObject({ path: `/iframe/${site.id}`, frame: site.web_path, cache: true });
  });
});
