/**
 * The tabs chart's context transforms, pure: what each event leaves in the context (the chart's actions
 * assign these), with the tab limit applied wherever tabs are added or the limit changes.
 */
import {
  enforceLimit,
  INDEX_TAB,
  openTab,
  parseSavedLimit,
  planClose,
  restoreTabs,
  revokedTabs,
  setPinned,
  toTab,
} from './tabList.ts';
import { DEFAULT_TAB_LIMIT, type Tab, type TabRoute, type TabsContext, type TabsEvent } from './types.ts';

export type TabsArgs = { context: TabsContext; event: TabsEvent };

export function initialContext(): TabsContext {
  const index = toTab(INDEX_TAB);
  return {
    tabs: [index],
    current: index.key,
    refreshKeys: {},
    leaving: [],
    limit: DEFAULT_TAB_LIMIT,
    openOrder: [],
  };
}

/** The tab an event is about; commands without a key act on the current tab. */
export function eventKey({ context, event }: TabsArgs): string {
  if ('key' in event && typeof event.key === 'string') return event.key;
  return context.current;
}

/** What a close event leaves open, or null when it is not available (see `planClose`). */
export function planFor({ context, event }: TabsArgs) {
  const key = eventKey({ context, event });
  switch (event.type) {
    case 'tab.close':
      return planClose(context, 'close', key);
    case 'tab.closeLeft':
      return planClose(context, 'closeLeft', key);
    case 'tab.closeRight':
      return planClose(context, 'closeRight', key);
    case 'tab.closeOthers':
      return planClose(context, 'closeOthers', key);
    case 'tab.closeAll':
      return planClose(context, 'closeAll', key);
    default:
      return null;
  }
}

/** These tabs open (the limit applied): counters and opening order of the closed ones are dropped. */
function keepOnly(context: TabsContext, wanted: Tab[], current = context.current) {
  const tabs = enforceLimit(wanted, context.openOrder, current, context.limit);
  const open = new Set(tabs.map((t) => t.key));
  return {
    tabs,
    refreshKeys: Object.fromEntries(Object.entries(context.refreshKeys).filter(([k]) => open.has(k))),
    openOrder: context.openOrder.filter((k) => open.has(k)),
  };
}

/** Focus or append the page's tab (current); a new one past the limit closes the oldest unpinned tab. */
export function afterOpen(context: TabsContext, route: TabRoute): Partial<TabsContext> {
  const { key } = toTab(route);
  const isNew = !context.tabs.some((t) => t.key === key);
  const openOrder = isNew ? [...context.openOrder, key] : context.openOrder;
  return { ...keepOnly({ ...context, openOrder }, openTab(context.tabs, route), key), current: key };
}

/** A close command: the planned tabs and current one; an active tab closed is remembered as `leaving`. */
export function afterClose(args: TabsArgs): Partial<TabsContext> {
  const { context } = args;
  const plan = planFor(args);
  if (!plan) return {};
  const leaving = plan.tabs.some((t) => t.key === context.current)
    ? context.leaving
    : [...context.leaving, context.current];
  return { ...keepOnly(context, plan.tabs, plan.current), current: plan.current, leaving };
}

/** Pin or unpin (nothing changes when it would change nothing). */
export const afterPin = (context: TabsContext, key: string, pinned: boolean): Partial<TabsContext> => ({
  tabs: setPinned(context.tabs, key, pinned) ?? context.tabs,
});

/** A new limit; a lower one closes the oldest unpinned tabs at once. */
export function afterLimit(context: TabsContext, limit: number): Partial<TabsContext> {
  return { limit, ...keepOnly({ ...context, limit }, context.tabs) };
}

/** The saved list and limit; the restored list stands for the opening order, live tabs the newest. */
export function afterRestore(
  context: TabsContext,
  saved: unknown,
  validPaths: readonly string[],
): Partial<TabsContext> {
  const tabs = restoreTabs(context.tabs, saved, validPaths);
  const limit = parseSavedLimit(saved);
  const openOrder = tabs.slice(1).map((t) => t.key);
  return { limit, ...keepOnly({ ...context, limit, openOrder }, tabs) };
}

/**
 * The menus changed: the tabs whose route is gone close (pinned ones too: a pin does not outlive the
 * permission). When the active one goes, the next open tab becomes current (or the previous one, as a close
 * does) and the closed page is remembered as `leaving`.
 */
export function afterRevoke(context: TabsContext, validPaths: readonly string[]): Partial<TabsContext> {
  const revoked = new Set(revokedTabs(context.tabs, validPaths).map((t) => t.key));
  if (!revoked.size) return {};
  const kept = context.tabs.filter((t) => !revoked.has(t.key));
  if (!revoked.has(context.current)) return keepOnly(context, kept);
  const at = context.tabs.findIndex((t) => t.key === context.current);
  const after = context.tabs.slice(at + 1).find((t) => !revoked.has(t.key));
  const before = context.tabs
    .slice(0, Math.max(at, 0))
    .reverse()
    .find((t) => !revoked.has(t.key));
  const current = (after ?? before ?? kept[0])?.key ?? context.current;
  return {
    ...keepOnly(context, kept, current),
    current,
    leaving: [...context.leaving, context.current],
  };
}
