import {
  DEFAULT_TAB_LIMIT,
  MAX_TAB_LIMIT,
  MIN_TAB_LIMIT,
  type SavedTab,
  type SavedTabs,
  type Tab,
  type TabRoute,
  type TabsContext,
} from './types.ts';

/** The console page (seed §2): always the first tab, never closable. */
export const INDEX_TAB: TabRoute = {
  name: 'index',
  fullPath: '/index',
  path: '/index',
  params: {},
  query: {},
  meta: { title: '控制台', titleKey: 'tabs:console', icon: 'home' },
};

/** A tab's identity: its path without query or hash, so a new query focuses the same tab. */
export function tabKey(fullPath: string): string {
  const path = fullPath.split(/[?#]/, 1)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

export const toTab = (route: SavedTab): Tab => ({ ...route, key: tabKey(route.fullPath) });

/** The same tab with the same route info, whether pinned or not (a focus that changes nothing). */
export function isSameRoute(a: Tab, b: Tab): boolean {
  const { pinned: _a, ...left } = a;
  const { pinned: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The route pattern a tab belongs to (checked against the routes that exist when restoring). */
export const routePathOf = (route: TabRoute): string => route.path ?? tabKey(route.fullPath);

/** Static hidden routes (`/refresh`, `/redirect/…`) and routes flagged hidden are never tabs. */
export function isHiddenRoute(route: TabRoute): boolean {
  const key = tabKey(route.fullPath);
  return (
    route.meta.hidden === true || key === '/refresh' || key.startsWith('/redirect/') || key === '/redirect'
  );
}

/** Focus an open tab (refreshing its route info, e.g. a new query, keeping its pin) or append a new one. */
export function openTab(tabs: Tab[], route: TabRoute): Tab[] {
  const tab = toTab(route);
  const at = tabs.findIndex((t) => t.key === tab.key);
  if (at === -1) return [...tabs, tab];
  return tabs.map((t, i) => (i !== at ? t : t.pinned ? { ...tab, pinned: true } : tab));
}

/** Pin or unpin a tab; null when that changes nothing (the index tab is fixed already, never pinned). */
export function setPinned(tabs: Tab[], key: string, pinned: boolean): Tab[] | null {
  const at = tabs.findIndex((t) => t.key === key);
  if (at < 1 || (tabs[at]?.pinned === true) === pinned) return null;
  return tabs.map((t, i) => {
    if (i !== at) return t;
    const { pinned: _, ...rest } = t;
    return pinned ? { ...rest, pinned: true } : rest;
  });
}

/**
 * The tab limit: while more than `limit` tabs are open, the oldest (by `openOrder`) that is neither the
 * index, nor pinned, nor current is closed. Pinned tabs alone may exceed the limit: nothing is then closed.
 */
export function enforceLimit(tabs: Tab[], openOrder: string[], current: string, limit: number): Tab[] {
  let open = tabs;
  for (const key of openOrder) {
    if (open.length <= limit) break;
    const at = open.findIndex((t) => t.key === key);
    const tab = open[at];
    if (at < 1 || !tab || tab.pinned || tab.key === current) continue;
    open = open.filter((_, i) => i !== at);
  }
  return open;
}

/** A limit the user may set: an integer within the bounds. */
export const isTabLimit = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= MIN_TAB_LIMIT && v <= MAX_TAB_LIMIT;

export type ClosePlan = { tabs: Tab[]; current: string };

/**
 * What a close command leaves open and which tab is current afterwards, or null when the command is not
 * available for that tab (the index tab only offers close all; a pinned tab cannot be closed until
 * unpinned; nothing to close is not available either). Bulk closes keep the index tab and pinned tabs.
 */
export function planClose(
  context: Pick<TabsContext, 'tabs' | 'current'>,
  command: 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll',
  key: string,
): ClosePlan | null {
  const { tabs, current } = context;
  const [index] = tabs;
  if (!index) return null;
  const at = tabs.findIndex((t) => t.key === key);
  // The index tab and pinned tabs survive every bulk close.
  const fixed = (t: Tab, i: number) => i === 0 || t.pinned === true;
  if (command === 'closeAll') {
    const kept = tabs.filter(fixed);
    if (kept.length === tabs.length) return null;
    return { tabs: kept, current: kept.some((t) => t.key === current) ? current : index.key };
  }
  if (at <= 0) return null;
  let kept: Tab[];
  if (command === 'close') kept = tabs[at]?.pinned ? tabs : tabs.filter((_, i) => i !== at);
  else if (command === 'closeLeft') kept = tabs.filter((t, i) => i >= at || fixed(t, i));
  else if (command === 'closeRight') kept = tabs.filter((t, i) => i <= at || fixed(t, i));
  else kept = tabs.filter((t, i) => i === at || fixed(t, i));
  if (kept.length === tabs.length) return null;
  if (kept.some((t) => t.key === current)) return { tabs: kept, current };
  if (command !== 'close') return { tabs: kept, current: key };
  // Closing the active tab: the next one, or the previous one when it was the last.
  const next = tabs[at + 1] ?? tabs[at - 1] ?? index;
  return { tabs: kept, current: next.key };
}

/** Drag and drop; the index tab neither moves nor is displaced. Null when the move changes nothing. */
export function moveTab(tabs: Tab[], from: number, to: number): Tab[] | null {
  const target = Math.min(Math.max(to, 1), tabs.length - 1);
  if (from < 1 || from >= tabs.length || !Number.isInteger(from) || !Number.isInteger(to)) return null;
  if (target === from) return null;
  const moved = [...tabs];
  const [tab] = moved.splice(from, 1);
  moved.splice(target, 0, tab as Tab);
  return moved;
}

const isRecordOfStrings = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === 'string');

function parseRoute(v: unknown): SavedTab | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const meta = r.meta as Record<string, unknown> | undefined;
  if (typeof r.name !== 'string' || typeof r.fullPath !== 'string' || !r.fullPath.startsWith('/'))
    return null;
  if (typeof meta !== 'object' || meta === null || typeof meta.title !== 'string') return null;
  const route: SavedTab = {
    name: r.name,
    fullPath: r.fullPath,
    params: isRecordOfStrings(r.params) ? r.params : {},
    query: isRecordOfStrings(r.query) ? r.query : {},
    meta: { title: meta.title },
  };
  if (typeof r.path === 'string') route.path = r.path;
  if (typeof meta.titleKey === 'string') route.meta.titleKey = meta.titleKey;
  if (typeof meta.icon === 'string') route.meta.icon = meta.icon;
  if (r.cache === true) route.cache = true;
  if (r.pinned === true) route.pinned = true;
  return route;
}

/** The saved slice, validated; null for anything else (corrupt, or an older layout without `version: 1`). */
export function parseSavedTabs(saved: unknown): SavedTab[] | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const s = saved as Partial<SavedTabs>;
  if (s.version !== 1 || !Array.isArray(s.tabs)) return null;
  const routes: SavedTab[] = [];
  for (const entry of s.tabs) {
    const route = parseRoute(entry);
    if (route) routes.push(route);
  }
  return routes;
}

/** The saved limit when it is a valid one; the default otherwise (absent in older lists, or corrupt). */
export function parseSavedLimit(saved: unknown): number {
  const limit =
    typeof saved === 'object' && saved !== null ? (saved as { limit?: unknown }).limit : undefined;
  return isTabLimit(limit) ? limit : DEFAULT_TAB_LIMIT;
}

/**
 * The restored list: index, then every saved tab whose route still exists (saved order, no duplicates,
 * pins kept), then the tabs opened before the saved list arrived (they win over their saved copy: they are
 * live; a saved pin stays).
 */
export function restoreTabs(open: Tab[], saved: unknown, validPaths: readonly string[]): Tab[] {
  const [index] = open;
  if (!index) return open;
  const valid = new Set(validPaths);
  let tabs: Tab[] = [index];
  for (const route of parseSavedTabs(saved) ?? []) {
    const tab = toTab(route);
    if (!valid.has(routePathOf(route)) || isHiddenRoute(route)) continue;
    if (tabs.some((t) => t.key === tab.key)) continue;
    tabs.push(tab);
  }
  for (const tab of open.slice(1)) tabs = openTab(tabs, tab);
  return tabs;
}

/** The open tabs (never the index) whose route pattern is not among `validPaths`. */
export function revokedTabs(tabs: Tab[], validPaths: readonly string[]): Tab[] {
  const valid = new Set(validPaths);
  return tabs.slice(1).filter((t) => !valid.has(routePathOf(t)));
}

/**
 * The persisted slice: route info and pins, and the limit; no refresh counters, no current tab (the URL
 * says which).
 */
export function toSavedTabs(tabs: Tab[], limit: number = DEFAULT_TAB_LIMIT): SavedTabs {
  return {
    version: 1,
    tabs: tabs.slice(1).map(({ key: _key, ...route }) => route),
    limit,
  };
}
