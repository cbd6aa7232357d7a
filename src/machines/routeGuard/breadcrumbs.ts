/**
 * Breadcrumbs from the menu tree: the console first, then the menu records from the root down to the page
 * shown. Parents come from the whole menu list (hidden records included, so a hidden page such as 菜单按钮
 * still shows where it lives). A crumb is a link when its record is a page the user can open; catalogs are
 * plain text.
 */
import type { MenuRecord } from '../../contract/index.ts';
import { CONSOLE_ENTRY, isEmbeddedLink, recordPath, routePathOf } from './menus.ts';
import { matchesPattern, normalizePath } from './paths.ts';

export type Crumb = {
  /** `String(record.id)`, or `index` for the console. */
  id: string;
  /** The menu name as the server sent it (the console's own: its zh-CN title). */
  title: string;
  /** i18n key for the console and static pages; menu names are shown as sent. */
  titleKey?: string;
  /** Where clicking goes: the page's path; null for a catalog (not a page). */
  path: string | null;
};

export const CONSOLE_CRUMB: Crumb = {
  id: CONSOLE_ENTRY.id,
  title: CONSOLE_ENTRY.title,
  ...(CONSOLE_ENTRY.titleKey ? { titleKey: CONSOLE_ENTRY.titleKey } : {}),
  path: CONSOLE_ENTRY.path,
};

/**
 * A record that is a route (same rule as `buildRoutes`): path, component and name, not a link; or an
 * embedded link (its iframe tab at `/iframe/<id>`).
 */
const isPage = (record: MenuRecord) =>
  isEmbeddedLink(record) ||
  (!!recordPath(record) && !!record.component && !!record.component_name && record.is_link !== true);

const toCrumb = (record: MenuRecord): Crumb => ({
  id: String(record.id),
  title: record.name,
  path: isPage(record) ? routePathOf(record) : null,
});

/**
 * The trail to `path`: the console, the menu parents (outermost first) and the page's own record. A path no
 * menu page matches (a static page such as 个人信息, an error page) ends with `current` when one is given.
 */
export function breadcrumbTrail(menus: readonly MenuRecord[], path: string, current?: Crumb): Crumb[] {
  const at = normalizePath(path);
  if (at === CONSOLE_CRUMB.path) return [CONSOLE_CRUMB];
  const page = menus.find((record) => isPage(record) && matchesPattern(routePathOf(record), at));
  if (!page) return current ? [CONSOLE_CRUMB, current] : [CONSOLE_CRUMB];
  const byId = new Map(menus.map((record) => [record.id, record]));
  const chain: Crumb[] = [toCrumb(page)];
  const seen = new Set([page.id]);
  let parent = page.parent === null ? undefined : byId.get(page.parent);
  // A parent cycle (bad data) stops at the first record seen twice.
  while (parent && !seen.has(parent.id)) {
    seen.add(parent.id);
    chain.unshift(toCrumb(parent));
    parent = parent.parent === null ? undefined : byId.get(parent.parent);
  }
  return [CONSOLE_CRUMB, ...chain];
}
