/**
 * Tabs: the pages open in the layout (seed §2 "Tabs").
 *
 * Regions: `restoring` until the menus are known and the saved list arrives (`tabs.restore`), then `ready`
 * with `idle` / `navigating`. Closing the active tab picks the next tab (or the previous one when it was
 * the last), asks the router to go there (`navigateTo`) and waits in `navigating` until the router reports
 * the new page: until then a `tab.opened` for the closed page is the old location echoing back and must
 * not re-add it. `navigationSettle` ends the wait if the router never reports (a blocked navigation).
 *
 * Live permissions: `tabs.routesChanged` (app, when the user's menus were fetched again) closes the tabs whose
 * route is gone — pinned ones too — with a warning naming them (`tabs:revoked`); when the active one goes,
 * the next tab becomes current as for a close. While `restoring` it is not needed: the restore already
 * takes the routes that exist at that moment.
 *
 * Lifecycle: lives as long as the app; `tabs.signedOut` closes everything (nothing saved) and waits in
 * `restoring` for the next user's list. Nothing is saved while `restoring`, so the saved list is never
 * overwritten by the page the app was loaded on; every change in `ready` saves the slice (`saveTabs`:
 * route info only, never the snapshot).
 *
 * Pins: `tab.pin` / `tab.unpin` (context menu 固定 / 取消固定) affix a tab: close left / right / others / all
 * keep it, it has no close button, and the limit never closes it. Pins are saved with the list (`pinned` on
 * the saved entry; older lists without it restore unpinned).
 *
 * Limit: at most `limit` tabs (DEFAULT_TAB_LIMIT, the index tab included; `tabs.limitChanged` sets another,
 * saved with the list). Opening a page past it, restoring a longer list or lowering the limit closes the
 * oldest tabs by `openOrder` (opening order; after a reload the saved bar order stands for it), never the
 * index, a pinned or the current tab — so pinned tabs alone may exceed it. A closed tab drops out of
 * `selectKeepAliveKeys`, which releases its kept-alive page. Unpinning closes nothing at once: the next
 * opened page does.
 *
 * The router is the source of truth for the current tab: clicking a tab only asks to navigate, and the
 * current tab follows `tab.opened`. Not modelled: per-tab scroll positions; scrolling the tab bar (view
 * state); the keep-alive mounting itself (views read `selectKeepAliveKeys` and `selectActivityKey`).
 */
import { and, assign, not, raise, setup } from 'xstate';
import {
  type TabsArgs as Args,
  afterClose,
  afterLimit,
  afterOpen,
  afterPin,
  afterRestore,
  afterRevoke,
  eventKey,
  initialContext,
  planFor,
} from './tabContext.ts';
import {
  INDEX_TAB,
  isHiddenRoute,
  isSameRoute,
  isTabLimit,
  moveTab,
  revokedTabs,
  setPinned,
  toSavedTabs,
  toTab,
} from './tabList.ts';
import { type SavedTabs, TAB_COMMANDS, type TabsContext, type TabsEvent, type TabsNotice } from './types.ts';

const fullPathOf = (context: TabsContext, key: string) =>
  context.tabs.find((t) => t.key === key)?.fullPath ?? context.tabs[0]?.fullPath ?? INDEX_TAB.fullPath;

const save = {
  type: 'saveTabs',
  params: ({ context }: Args) => ({ slice: toSavedTabs(context.tabs, context.limit) }),
} as const;
const goToCurrent = {
  type: 'navigateTo',
  params: ({ context }: Args) => ({ to: fullPathOf(context, context.current) }),
} as const;
const goToEventTab = {
  type: 'navigateTo',
  params: (args: Args) => ({ to: fullPathOf(args.context, eventKey(args)) }),
} as const;

/** The routes changed: the revoked tabs close, named in a toast (the active one: to the next tab). */
const revokedTitles = ({ context, event }: Args) =>
  event.type === 'tabs.routesChanged'
    ? revokedTabs(context.tabs, event.validPaths).map((t) => t.meta.title)
    : [];
const notifyRevoked = {
  type: 'notify',
  params: (args: Args) => ({
    kind: 'warning' as const,
    reason: { key: 'tabs:revoked', values: { titles: revokedTitles(args) } },
  }),
} as const;
const revoking = [
  {
    guard: 'isCurrentRevoked',
    target: '.navigating',
    actions: [notifyRevoked, 'closeRevoked', goToCurrent, save],
  },
  { guard: 'hasRevokedTabs', actions: [notifyRevoked, 'closeRevoked', save] },
] as const;

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
    /** Focus or append the page's tab; a new one past the limit closes the oldest unpinned tab. */
    openTab: assign(({ context, event }) =>
      event.type === 'tab.opened' ? afterOpen(context, event.route) : {},
    ),
    removeTabs: assign(afterClose),
    pinTab: assign(({ context, event }) =>
      event.type === 'tab.pin' ? afterPin(context, event.key, true) : {},
    ),
    unpinTab: assign(({ context, event }) =>
      event.type === 'tab.unpin' ? afterPin(context, event.key, false) : {},
    ),
    /** A lower limit closes the oldest unpinned tabs at once. */
    setLimit: assign(({ context, event }) =>
      event.type === 'tabs.limitChanged' ? afterLimit(context, event.limit) : {},
    ),
    bumpRefreshKey: assign(({ context, event }) => {
      const key = eventKey({ context, event });
      return { refreshKeys: { ...context.refreshKeys, [key]: (context.refreshKeys[key] ?? 0) + 1 } };
    }),
    moveTab: assign(({ context, event }) => {
      if (event.type !== 'tab.moved') return {};
      return { tabs: moveTab(context.tabs, event.from, event.to) ?? context.tabs };
    }),
    restoreTabs: assign(({ context, event }) =>
      event.type === 'tabs.restore' ? afterRestore(context, event.saved, event.validPaths) : {},
    ),
    closeRevoked: assign(({ context, event }) =>
      event.type === 'tabs.routesChanged' ? afterRevoke(context, event.validPaths) : {},
    ),
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
      return open !== undefined && isSameRoute(open, tab);
    },
    /** Any tab but index that is not pinned yet. */
    canPin: ({ context, event }) =>
      event.type === 'tab.pin' && setPinned(context.tabs, event.key, true) !== null,
    canUnpin: ({ context, event }) =>
      event.type === 'tab.unpin' && setPinned(context.tabs, event.key, false) !== null,
    /** An integer within MIN_TAB_LIMIT..MAX_TAB_LIMIT other than the current limit. */
    isNewLimit: ({ context, event }) =>
      event.type === 'tabs.limitChanged' && isTabLimit(event.limit) && event.limit !== context.limit,
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
    /** Some open tab's route is gone from the user's menus. */
    hasRevokedTabs: ({ context, event }) =>
      event.type === 'tabs.routesChanged' && revokedTabs(context.tabs, event.validPaths).length > 0,
    /** The active tab's route is gone. */
    isCurrentRevoked: ({ context, event }) =>
      event.type === 'tabs.routesChanged' &&
      revokedTabs(context.tabs, event.validPaths).some((t) => t.key === context.current),
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
        'tab.pin': { guard: 'canPin', actions: ['pinTab', save] },
        'tab.unpin': { guard: 'canUnpin', actions: ['unpinTab', save] },
        'tabs.limitChanged': { guard: 'isNewLimit', actions: ['setLimit', save] },
        'tabs.routesChanged': revoking,
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
