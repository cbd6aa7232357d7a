/**
 * Tabs: the pages open in the layout (seed §2 "Tabs").
 *
 * Regions: `restoring` until the menus are known and the saved list arrives (`tabs.restore`), then `ready`
 * with `idle` / `navigating`. Closing the active tab picks the next tab (or the previous one when it was
 * the last), asks the router to go there (`navigateTo`) and waits in `navigating` until the router reports
 * the new page: until then a `tab.opened` for the closed page is the old location echoing back and must
 * not re-add it. `navigationSettle` ends the wait if the router never reports (a blocked navigation).
 *
 * Lifecycle: lives as long as the app; `tabs.signedOut` closes everything (nothing saved) and waits in
 * `restoring` for the next user's list. Nothing is saved while `restoring`, so the saved list is never
 * overwritten by the page the app was loaded on; every change in `ready` saves the slice (`saveTabs`:
 * route info only, never the snapshot).
 *
 * The router is the source of truth for the current tab: clicking a tab only asks to navigate, and the
 * current tab follows `tab.opened`. Not modelled: a maximum number of tabs; per-tab scroll positions; the
 * keep-alive mounting itself (views read `selectKeepAliveKeys` and `selectActivityKey`).
 */
import { and, assign, not, raise, setup } from 'xstate';
import {
  INDEX_TAB,
  isHiddenRoute,
  moveTab,
  openTab,
  planClose,
  restoreTabs,
  toSavedTabs,
  toTab,
} from './tabList.ts';
import { type SavedTabs, TAB_COMMANDS, type TabsContext, type TabsEvent, type TabsNotice } from './types.ts';

type Args = { context: TabsContext; event: TabsEvent };

/** The tab an event is about; commands without a key act on the current tab. */
function eventKey({ context, event }: Args): string {
  if ('key' in event && typeof event.key === 'string') return event.key;
  return context.current;
}

function planFor({ context, event }: Args) {
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

function initialContext(): TabsContext {
  const index = toTab(INDEX_TAB);
  return { tabs: [index], current: index.key, refreshKeys: {}, leaving: [] };
}

const fullPathOf = (context: TabsContext, key: string) =>
  context.tabs.find((t) => t.key === key)?.fullPath ?? context.tabs[0]?.fullPath ?? INDEX_TAB.fullPath;

const save = {
  type: 'saveTabs',
  params: ({ context }: Args) => ({ slice: toSavedTabs(context.tabs) }),
} as const;
const goToCurrent = {
  type: 'navigateTo',
  params: ({ context }: Args) => ({ to: fullPathOf(context, context.current) }),
} as const;
const goToEventTab = {
  type: 'navigateTo',
  params: (args: Args) => ({ to: fullPathOf(args.context, eventKey(args)) }),
} as const;

/** Every close command: remove, then follow the new current tab when the active one was closed. */
const closing = [
  { guard: 'isClosingCurrent', target: '.navigating', actions: ['removeTabs', goToCurrent, save] },
  { guard: 'canCloseTabs', actions: ['removeTabs', save] },
] as const;

export const tabsMachine = setup({
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
  },
  actions: {
    /** Ask the router to show a page (the router then reports it with `tab.opened`). */
    navigateTo: (_, _params: { to: string }) => {},
    /** Persist the slice for this user. */
    saveTabs: (_, _params: { slice: SavedTabs }) => {},
    /** A toast; the service translates `reason.key` (same shape as the session chart's `Notice`). */
    notify: (_, _params: TabsNotice) => {},
    openTab: assign(({ context, event }) => {
      if (event.type !== 'tab.opened') return {};
      const tabs = openTab(context.tabs, event.route);
      return { tabs, current: toTab(event.route).key };
    }),
    removeTabs: assign(({ context, event }) => {
      const plan = planFor({ context, event });
      if (!plan) return {};
      const open = new Set(plan.tabs.map((t) => t.key));
      const refreshKeys = Object.fromEntries(
        Object.entries(context.refreshKeys).filter(([k]) => open.has(k)),
      );
      const leaving = open.has(context.current) ? context.leaving : [...context.leaving, context.current];
      return { tabs: plan.tabs, current: plan.current, refreshKeys, leaving };
    }),
    bumpRefreshKey: assign(({ context, event }) => {
      const key = eventKey({ context, event });
      return { refreshKeys: { ...context.refreshKeys, [key]: (context.refreshKeys[key] ?? 0) + 1 } };
    }),
    moveTab: assign(({ context, event }) => {
      if (event.type !== 'tab.moved') return {};
      return { tabs: moveTab(context.tabs, event.from, event.to) ?? context.tabs };
    }),
    restoreTabs: assign(({ context, event }) => {
      if (event.type !== 'tabs.restore') return {};
      return { tabs: restoreTabs(context.tabs, event.saved, event.validPaths) };
    }),
    forgetLeaving: assign({ leaving: [] }),
    closeEverything: assign(() => initialContext()),
  },
  guards: {
    /**
     * A page that gets a tab: not a hidden route (refresh, redirect), and not the page of an active tab
     * just closed, which the router still reports until it has left it (the tab must not come back).
     */
    isShownPage: ({ context, event }) =>
      event.type === 'tab.opened' &&
      !isHiddenRoute(event.route) &&
      !context.leaving.includes(toTab(event.route).key),
    /** Focusing a tab whose route info is unchanged: nothing to save. */
    isUnchangedTab: ({ context, event }) => {
      if (event.type !== 'tab.opened') return false;
      const tab = toTab(event.route);
      const open = context.tabs.find((t) => t.key === tab.key);
      return open !== undefined && JSON.stringify(open) === JSON.stringify(tab);
    },
    isOtherTab: (args) => {
      const key = eventKey(args);
      return key !== args.context.current && args.context.tabs.some((t) => t.key === key);
    },
    isCurrentTab: (args) => eventKey(args) === args.context.current,
    canCloseTabs: (args) => planFor(args) !== null,
    isClosingCurrent: (args) => {
      const plan = planFor(args);
      return plan !== null && plan.current !== args.context.current;
    },
    /** Refresh is offered on every tab but the index tab (which only offers close all). */
    canRefresh: (args) => {
      const key = eventKey(args);
      return args.context.tabs.findIndex((t) => t.key === key) > 0;
    },
    canMove: ({ context, event }) =>
      event.type === 'tab.moved' && moveTab(context.tabs, event.from, event.to) !== null,
    isKnownCommand: ({ event }) =>
      event.type === 'tab.command' && (TAB_COMMANDS as readonly string[]).includes(event.command),
  },
  delays: {
    /** How long a closed active tab is protected from being re-added while the router catches up. */
    navigationSettle: 2000,
  },
}).createMachine({
  id: 'tabs',
  context: initialContext,
  initial: 'restoring',
  on: {
    'tabs.signedOut': { target: '.restoring', actions: 'closeEverything' },
  },
  states: {
    restoring: {
      on: {
        'tab.opened': { guard: 'isShownPage', actions: 'openTab' },
        'tabs.restore': { target: 'ready', actions: ['restoreTabs', save] },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        // `.idle` also ends `navigating`: the router reported a page other than the one being left.
        'tab.opened': [
          { guard: and(['isShownPage', 'isUnchangedTab']), target: '.idle', actions: 'openTab' },
          { guard: 'isShownPage', target: '.idle', actions: ['openTab', save] },
        ],
        'tab.selected': { guard: 'isOtherTab', actions: goToEventTab },
        'tab.close': closing,
        'tab.closeLeft': closing,
        'tab.closeRight': closing,
        'tab.closeOthers': closing,
        'tab.closeAll': closing,
        'tab.refresh': [
          { guard: and(['canRefresh', not('isCurrentTab')]), actions: ['bumpRefreshKey', goToEventTab] },
          { guard: 'canRefresh', actions: 'bumpRefreshKey' },
        ],
        'tab.command': [
          {
            guard: 'isKnownCommand',
            actions: raise(({ context, event }): TabsEvent => {
              const key = eventKey({ context, event });
              const command = event.type === 'tab.command' ? event.command : '';
              return command === 'closeAll'
                ? { type: 'tab.closeAll' }
                : { type: `tab.${command}` as 'tab.refresh', key };
            }),
          },
          {
            actions: {
              type: 'notify',
              params: { kind: 'warning', reason: { key: 'tabs:invalidOperation' } },
            },
          },
        ],
        'tab.moved': { guard: 'canMove', actions: ['moveTab', save] },
      },
      states: {
        idle: { entry: 'forgetLeaving' },
        navigating: {
          after: { navigationSettle: 'idle' },
        },
      },
    },
  },
});

export type TabsMachine = typeof tabsMachine;
