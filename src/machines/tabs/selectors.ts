import type { SnapshotFrom } from 'xstate';
import type { TabsMachine } from './tabs.machine.ts';
import type { Tab, TabCommand } from './types.ts';

type TabsSnapshot = SnapshotFrom<TabsMachine>;

export const selectTabs = (s: TabsSnapshot): Tab[] => s.context.tabs;
export const selectCurrentKey = (s: TabsSnapshot): string => s.context.current;
export const selectCurrentTab = (s: TabsSnapshot): Tab | undefined =>
  s.context.tabs.find((t) => t.key === s.context.current);
export const selectIsRestored = (s: TabsSnapshot): boolean => s.matches('ready');

/** Keys of the open tabs whose route has `cache`: the pages kept mounted under `<Activity>`. */
export const selectKeepAliveKeys = (s: TabsSnapshot): string[] =>
  s.context.tabs.filter((t) => t.cache === true).map((t) => t.key);

/** The `<Activity>` key of a page: bumping its refresh counter remounts only that page. */
export const selectActivityKey = (s: TabsSnapshot, key: string): string =>
  `${key}#${s.context.refreshKeys[key] ?? 0}`;

/** The index tab has no close button. */
export const selectCanClose = (s: TabsSnapshot, key: string): boolean => s.can({ type: 'tab.close', key });

export type TabMenuItem = { command: TabCommand; disabled: boolean };

/** Pinned tabs: kept by every bulk close and by the limit, no close button. */
export const selectIsPinned = (s: TabsSnapshot, key: string): boolean =>
  s.context.tabs.some((t) => t.key === key && t.pinned === true);

/** The most tabs kept open (the user's setting). */
export const selectLimit = (s: TabsSnapshot): number => s.context.limit;

/**
 * The right-click menu of one tab: refresh, pin (or unpin when pinned), close left, close right, close
 * others, close all; on the index tab only close all is offered. `disabled` comes from the chart's guards
 * (nothing to the left, …).
 */
export function selectTabMenu(s: TabsSnapshot, key: string): TabMenuItem[] {
  const isIndex = s.context.tabs[0]?.key === key;
  const pin: TabCommand = selectIsPinned(s, key) ? 'unpin' : 'pin';
  const commands: TabCommand[] = isIndex
    ? ['closeAll']
    : ['refresh', pin, 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'];
  return commands.map((command) => ({ command, disabled: !canRun(s, command, key) }));
}

/** The dropdown after the tab bar: close left, right, others, all, for the current tab. */
export function selectDropdownMenu(s: TabsSnapshot): TabMenuItem[] {
  const key = s.context.current;
  const commands: TabCommand[] = ['closeLeft', 'closeRight', 'closeOthers', 'closeAll'];
  return commands.map((command) => ({ command, disabled: !canRun(s, command, key) }));
}

function canRun(s: TabsSnapshot, command: TabCommand, key: string): boolean {
  return command === 'closeAll' ? s.can({ type: 'tab.closeAll' }) : s.can({ type: `tab.${command}`, key });
}

/** The label in the current language: a title key when the route has one, else the menu title. */
export const tabTitle = (tab: Tab, translate: (key: string, fallback: string) => string): string =>
  tab.meta.titleKey ? translate(tab.meta.titleKey, tab.meta.title) : tab.meta.title;
