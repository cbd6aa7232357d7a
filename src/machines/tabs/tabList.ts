import type { SavedTabs, Tab, TabRoute, TabsContext } from './types.ts';

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

export const toTab = (route: TabRoute): Tab => ({ ...route, key: tabKey(route.fullPath) });

/** The route pattern a tab belongs to (checked against the routes that exist when restoring). */
export const routePathOf = (route: TabRoute): string => route.path ?? tabKey(route.fullPath);

/** Static hidden routes (`/refresh`, `/redirect/…`) and routes flagged hidden are never tabs. */
export function isHiddenRoute(route: TabRoute): boolean {
  const key = tabKey(route.fullPath);
  return (
    route.meta.hidden === true || key === '/refresh' || key.startsWith('/redirect/') || key === '/redirect'
  );
}

/** Focus an open tab (refreshing its route info, e.g. a new query) or append a new one. */
export function openTab(tabs: Tab[], route: TabRoute): Tab[] {
  const tab = toTab(route);
  const at = tabs.findIndex((t) => t.key === tab.key);
  if (at === -1) return [...tabs, tab];
  return tabs.map((t, i) => (i === at ? tab : t));
}

export type ClosePlan = { tabs: Tab[]; current: string };

/**
 * What a close command leaves open and which tab is current afterwards, or null when the command is not
 * available for that tab (the index tab only offers close all; nothing to close is not available either).
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
  if (command === 'closeAll') {
    if (tabs.length < 2) return null;
    return { tabs: [index], current: index.key };
  }
  if (at <= 0) return null;
  let kept: Tab[];
  if (command === 'close') kept = tabs.filter((_, i) => i !== at);
  else if (command === 'closeLeft') kept = [index, ...tabs.slice(at)];
  else if (command === 'closeRight') kept = tabs.slice(0, at + 1);
  else kept = [index, tabs[at] as Tab];
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

function parseRoute(v: unknown): TabRoute | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const meta = r.meta as Record<string, unknown> | undefined;
  if (typeof r.name !== 'string' || typeof r.fullPath !== 'string' || !r.fullPath.startsWith('/'))
    return null;
  if (typeof meta !== 'object' || meta === null || typeof meta.title !== 'string') return null;
  const route: TabRoute = {
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
  return route;
}

/** The saved slice, validated; null for anything else (corrupt, or an older layout without `version: 1`). */
export function parseSavedTabs(saved: unknown): TabRoute[] | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const s = saved as Partial<SavedTabs>;
  if (s.version !== 1 || !Array.isArray(s.tabs)) return null;
  const routes: TabRoute[] = [];
  for (const entry of s.tabs) {
    const route = parseRoute(entry);
    if (route) routes.push(route);
  }
  return routes;
}

/**
 * The restored list: index, then every saved tab whose route still exists (saved order, no duplicates),
 * then the tabs opened before the saved list arrived (they win over their saved copy: they are live).
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

/** The persisted slice: route info only; no refresh counters, no current tab (the URL says which). */
export function toSavedTabs(tabs: Tab[]): SavedTabs {
  return {
    version: 1,
    tabs: tabs.slice(1).map(({ key: _key, ...route }) => route),
  };
}
