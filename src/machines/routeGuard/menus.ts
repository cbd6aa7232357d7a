/**
 * Pure menu transforms (seed §2 "Dynamic routes", §2 "Layout", §3), after dvadmin's `handleRouter` and
 * `handleAsideMenu`: menu records → route descriptors, and → the side-menu tree.
 */
import type { MenuRecord } from '../../contract/index.ts';
import { IFRAME_PREFIX, INDEX_PATH } from './paths.ts';
import type { MenuTreeItem, RouteDescriptor } from './types.ts';

const PLACEHOLDER_PREFIX = 'menu-empty-';
const EXTERNAL = /^https?:\/\//i;

/** The fixed first entry of the side menu: 控制台 at /index with the home icon. */
export const CONSOLE_ENTRY: MenuTreeItem = {
  id: 'index',
  path: INDEX_PATH,
  title: '控制台',
  titleKey: 'session:menu.console',
  icon: 'home',
  isLink: false,
  isPlaceholder: false,
  menuPermission: [],
  children: [],
};

/** `path`, or `web_path` on records that only carry that. */
export function recordPath(record: Pick<MenuRecord, 'path' | 'web_path'>): string {
  return (record.path || record.web_path || '').trim();
}

/** A placeholder path never matches a route (no leading slash): the view warns 'temporary menu'. */
export function placeholderPath(id: number | string): string {
  return `${PLACEHOLDER_PREFIX}${id}`;
}

export function isPlaceholderPath(path: string | null | undefined): boolean {
  return !!path && path.startsWith(PLACEHOLDER_PREFIX);
}

export function isExternalPath(path: string | null | undefined): boolean {
  return !!path && EXTERNAL.test(path);
}

/**
 * A link shown inside the console (dvadmin 2.1): `is_link`, an `http(s)://` address, and `frame_out`
 * explicitly false. `frame_out` true — or absent, as a 2.0 backend sends it — opens outside the console,
 * in a new browser tab, as links always did.
 */
export function isEmbeddedLink(
  record: Pick<MenuRecord, 'path' | 'web_path' | 'is_link' | 'frame_out'>,
): boolean {
  return record.is_link === true && record.frame_out === false && isExternalPath(recordPath(record));
}

/** The in-app path of an embedded link's tab. */
export function iframePath(id: number | string): string {
  return `${IFRAME_PREFIX}${id}`;
}

/** Where a record's entry goes inside the app: `/iframe/<id>` for an embedded link, else its own path. */
export function routePathOf(
  record: Pick<MenuRecord, 'id' | 'path' | 'web_path' | 'is_link' | 'frame_out'>,
): string {
  return isEmbeddedLink(record) ? iframePath(record.id) : recordPath(record);
}

/** An embedded link's route: named `iframe-<id>`, titled by the menu name, always kept alive. */
function frameRoute(record: MenuRecord): RouteDescriptor {
  return {
    path: iframePath(record.id),
    name: `iframe-${record.id}`,
    title: record.name,
    component: '',
    cache: true,
    isLink: false,
    menuId: record.id,
    frame: recordPath(record),
  };
}

/**
 * Each record with a path, a component and a `component_name` becomes a route: named by `component_name`,
 * titled by the menu name, cached per `cache`. Catalogs (no component) make none; neither do records
 * without a name (seed: a route without a name goes to 404). The first record wins a duplicated path.
 */
export function buildRoutes(menus: readonly MenuRecord[]): RouteDescriptor[] {
  const seen = new Set<string>();
  const routes: RouteDescriptor[] = [];
  for (const record of menus) {
    if (isEmbeddedLink(record)) {
      const route = frameRoute(record);
      if (seen.has(route.path)) continue;
      seen.add(route.path);
      routes.push(route);
      continue;
    }
    const path = recordPath(record);
    if (!path || !record.component || !record.component_name || seen.has(path)) continue;
    seen.add(path);
    routes.push({
      path,
      name: record.component_name,
      title: record.name,
      component: record.component,
      cache: record.cache === true,
      isLink: record.is_link === true,
      menuId: record.id,
    });
  }
  return routes;
}

/**
 * dvadmin: an entry with no component that is not a link loses its path (it then gets a placeholder); an
 * embedded link goes to its iframe tab.
 */
function entryPath(record: MenuRecord): string {
  if (isEmbeddedLink(record)) return iframePath(record.id);
  const path = recordPath(record);
  if (!record.component && record.is_link !== true) return '';
  return path;
}

function toItem(record: MenuRecord, children: MenuTreeItem[]): MenuTreeItem {
  const path = entryPath(record);
  return {
    id: String(record.id),
    path: path || placeholderPath(record.id),
    title: record.name,
    icon: record.icon || null,
    isLink: !isEmbeddedLink(record) && (record.is_link === true || isExternalPath(path)),
    isPlaceholder: !path,
    menuPermission: record.menuPermission ?? [],
    children,
  };
}

/**
 * The side menu: visible records arranged by `parent` (a record whose parent is missing or hidden is
 * dropped, with its descendants), in the server's order, after the fixed console entry.
 */
export function buildAsideMenu(menus: readonly MenuRecord[]): MenuTreeItem[] {
  const visible = menus.filter((m) => m.visible !== false);
  const ids = new Set(visible.map((m) => m.id));
  const byParent = new Map<number | null, MenuRecord[]>();
  for (const record of visible) {
    const parent = record.parent !== null && ids.has(record.parent) ? record.parent : null;
    if (record.parent !== null && parent === null) continue;
    byParent.set(parent, [...(byParent.get(parent) ?? []), record]);
  }
  // Only records reachable from a root are built, so a parent cycle (never reachable) cannot loop.
  const build = (parent: number | null): MenuTreeItem[] =>
    (byParent.get(parent) ?? []).map((record) => toItem(record, build(record.id)));
  return [CONSOLE_ENTRY, ...build(null)];
}
