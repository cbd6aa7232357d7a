import type { TabsMachine } from '../../machines/tabs/tabs.machine.ts';
import type { SavedTabs, TabsNotice } from '../../machines/tabs/types.ts';

export type TabsDeps = {
  /** The router's navigate (react-router's `router.navigate`). */
  navigate: (to: string) => void;
  /** Persist the slice for the signed-in user (Dexie `sys`, keyed by the uuid cookie or `ghost-uuid`). */
  saveTabs: (slice: SavedTabs) => Promise<void> | void;
  /** Show a toast (the app's shared notify: translates `reason.key`, Mantine notifications). */
  notify: (notice: TabsNotice) => void;
  /** Where a failed save is reported (the frontend log); saving never blocks the tab bar. */
  onError?: (error: unknown) => void;
};

/** Binds the tabs chart's placeholders: `tabsMachine.provide(createTabsImplementations(deps))`. */
export function createTabsImplementations(deps: TabsDeps) {
  const onError = deps.onError ?? (() => {});
  return {
    actions: {
      navigateTo: (_: unknown, params: { to: string }) => deps.navigate(params.to),
      saveTabs: (_: unknown, params: { slice: SavedTabs }) => {
        Promise.resolve()
          .then(() => deps.saveTabs(params.slice))
          .catch(onError);
      },
      notify: (_: unknown, params: TabsNotice) => deps.notify(params),
    },
  } satisfies Parameters<TabsMachine['provide']>[0];
}
