/**
 * Shell: everything the signed-in console runs beside the session — the tab bar, full screen, preferences,
 * the live socket, the message poller, the header's unread count and search, each invoked for the shell's
 * whole life under its `systemId` (views find them with `system.get(id)` while the shell runs). Nothing here is needed to draw the sign-in
 * page: the root loads this chart's chunk (`loadShell`) once a session exists and invokes it while signed
 * in, passing what it already knows as `input` (the user's uuid, the menus when the start-up has them);
 * signing out stops the shell and with it every child (the socket disconnects, the poller stops, the tabs go).
 *
 * Per-user data: on start the shell reads the user's saved slices from the local database
 * (`readUserSlices`, keyed by the uuid; an unreadable database gives the defaults): the preferences are
 * restored at once (`preferences.restore`), the saved tab list is kept until the menus are known, then the
 * tabs are restored against the routes those menus make valid (`tabs.restore`) — `userDataRead` waits for
 * the menus (`shell.menusLoaded`) if they were not in the input, `userDataApplied` is done.
 *
 * Forwarded by the root while the shell runs: `shell.menusLoaded` (kept for the restore),
 * `shell.menusChanged` (live permissions → `tabs.routesChanged` with the route patterns that exist now),
 * `shell.tokenRefreshed` (→ `socket.tokenRefreshed`). On start the socket and the poller are started.
 *
 * Page charts: a page that has a chart (个人信息 → `profile`, 站内信 → `inbox`, the workbench → `feed`)
 * sends `shell.pageOpened {key, chart, input}` when it mounts and `shell.pageClosed {key}` when it goes; the
 * shell spawns that chart under `key` (one of the charts listed in `setup`, so the visualiser, the
 * inspector and replay see them) and stops it. A key already open is kept (the page mounted again); an
 * unknown key is ignored. Views read the child from the shell's snapshot (`children[key]`).
 *
 * Effects are bound with `createShellMachine(implementations)`. Every transition is taken by the generated paths.
 */
import { assign, enqueueActions, type PromiseActorLogic, sendTo, setup, stopChild } from 'xstate';
import { feedMachine } from '../feed/feed.machine.ts';
import { fullscreenMachine } from '../fullscreen/fullscreen.machine.ts';
import { messagePollerMachine } from '../messagePoller/messagePoller.machine.ts';
import { inboxMachine } from '../messages/inbox.machine.ts';
import { unreadMachine } from '../messages/unread.machine.ts';
import { preferencesMachine } from '../preferences/preferences.machine.ts';
import { profileMachine } from '../profile/profile.machine.ts';
import { searchMachine } from '../search/search.machine.ts';
import { notProvided } from '../shared/effects.ts';
import { socketMachine } from '../socket/socket.machine.ts';
import { tabsMachine } from '../tabs/tabs.machine.ts';
import type { ShellContext, ShellEvent, ShellInput } from './types.ts';
import { type UserSlices, type UserSlicesInput, validTabPaths } from './userData.ts';

export const shellMachine = setup({
  types: {
    context: {} as ShellContext,
    events: {} as ShellEvent,
    input: {} as ShellInput,
  },
  actors: {
    tabs: tabsMachine,
    fullscreen: fullscreenMachine,
    preferences: preferencesMachine,
    socket: socketMachine,
    messagePoller: messagePollerMachine,
    unread: unreadMachine,
    search: searchMachine,
    // Page charts, spawned while their page is mounted.
    profile: profileMachine,
    inbox: inboxMachine,
    feed: feedMachine,
    /** The signed-in user's saved slices (preferences, tabs) from the local database. */
    readUserSlices: notProvided<UserSlices, UserSlicesInput>('readUserSlices'),
  },
  actions: {
    storeMenus: assign({
      menus: ({ context, event }) =>
        event.type === 'shell.menusLoaded' || event.type === 'shell.menusChanged'
          ? event.menus
          : context.menus,
    }),
    restorePreferences: sendTo('preferences', (_, params: { saved: unknown }) => ({
      type: 'preferences.restore' as const,
      saved: params.saved,
    })),
    restoreTabs: sendTo('tabs', ({ context }) => ({
      type: 'tabs.restore' as const,
      saved: context.savedTabs?.saved ?? null,
      validPaths: validTabPaths(context.menus ?? []),
    })),
    /** Spawns the page's chart under its key (each chart named statically, so the visualiser lists it). */
    openPage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'shell.pageOpened') return;
      const { key } = event;
      if (event.chart === 'profile') enqueue.spawnChild('profile', { id: key, input: event.input });
      else if (event.chart === 'inbox') enqueue.spawnChild('inbox', { id: key });
      else enqueue.spawnChild('feed', { id: key });
      enqueue.assign({ pages: [...context.pages, key] });
    }),
    closePage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'shell.pageClosed') return;
      enqueue(stopChild(event.key));
      enqueue.assign({ pages: context.pages.filter((key) => key !== event.key) });
    }),
    /** Live permissions: the tabs chart closes the tabs whose route is gone (it ignores this while restoring). */
    routesChanged: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'shell.menusChanged') return;
      enqueue.sendTo('tabs', { type: 'tabs.routesChanged', validPaths: validTabPaths(event.menus) });
    }),
  },
  guards: {
    hasMenus: ({ context }) => context.menus !== null,
    isPageNew: ({ context, event }) =>
      event.type === 'shell.pageOpened' && !context.pages.includes(event.key),
    isPageOpen: ({ context, event }) =>
      event.type === 'shell.pageClosed' && context.pages.includes(event.key),
  },
}).createMachine({
  id: 'shell',
  context: ({ input }) => ({ uuid: input.uuid, menus: input.menus, savedTabs: null, pages: [] }),
  invoke: [
    { id: 'tabs', systemId: 'tabs', src: 'tabs' },
    { id: 'fullscreen', systemId: 'fullscreen', src: 'fullscreen' },
    { id: 'preferences', systemId: 'preferences', src: 'preferences' },
    { id: 'socket', systemId: 'socket', src: 'socket' },
    { id: 'messagePoller', systemId: 'messagePoller', src: 'messagePoller' },
    // After the poller: the unread count watches it from the start.
    { id: 'unread', systemId: 'unread', src: 'unread' },
    { id: 'search', systemId: 'search', src: 'search' },
  ],
  entry: [sendTo('socket', { type: 'socket.start' }), sendTo('messagePoller', { type: 'poll.start' })],
  on: {
    'shell.menusLoaded': { actions: 'storeMenus' },
    'shell.menusChanged': { actions: ['storeMenus', 'routesChanged'] },
    'shell.tokenRefreshed': {
      actions: sendTo('socket', ({ event }) => ({
        type: 'socket.tokenRefreshed' as const,
        token: event.token,
      })),
    },
    'shell.pageOpened': { guard: 'isPageNew', actions: 'openPage' },
    'shell.pageClosed': { guard: 'isPageOpen', actions: 'closePage' },
  },
  initial: 'readingUserData',
  states: {
    readingUserData: {
      invoke: {
        id: 'readUserSlices',
        src: 'readUserSlices',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'userDataRead',
          actions: [
            assign({ savedTabs: ({ event }) => ({ saved: event.output.tabs }) }),
            { type: 'restorePreferences', params: ({ event }) => ({ saved: event.output.preferences }) },
          ],
        },
        // Nothing readable (private mode, quota): the defaults, and no saved tabs.
        onError: {
          target: 'userDataRead',
          actions: [
            assign({ savedTabs: { saved: null } }),
            { type: 'restorePreferences', params: { saved: undefined } },
          ],
        },
      },
    },
    /** The slices are in; the tabs wait for the menus (their routes decide which tabs come back). */
    userDataRead: {
      always: { guard: 'hasMenus', target: 'userDataApplied', actions: 'restoreTabs' },
    },
    userDataApplied: {},
  },
});

/** Implementations per child chart, as each chart's `machine.provide` takes them, plus the shell's own. */
export type ShellImplementations = {
  tabs?: Parameters<typeof tabsMachine.provide>[0];
  fullscreen?: Parameters<typeof fullscreenMachine.provide>[0];
  preferences?: Parameters<typeof preferencesMachine.provide>[0];
  socket?: Parameters<typeof socketMachine.provide>[0];
  messagePoller?: Parameters<typeof messagePollerMachine.provide>[0];
  unread?: Parameters<typeof unreadMachine.provide>[0];
  search?: Parameters<typeof searchMachine.provide>[0];
  profile?: Parameters<typeof profileMachine.provide>[0];
  inbox?: Parameters<typeof inboxMachine.provide>[0];
  feed?: Parameters<typeof feedMachine.provide>[0];
  shell?: { actors?: { readUserSlices?: PromiseActorLogic<UserSlices, UserSlicesInput> } };
};

/** The shell chart with every child's effects bound (the services pass their implementations). */
export function createShellMachine(i: ShellImplementations = {}) {
  return shellMachine.provide({
    actors: {
      tabs: i.tabs ? tabsMachine.provide(i.tabs) : tabsMachine,
      fullscreen: i.fullscreen ? fullscreenMachine.provide(i.fullscreen) : fullscreenMachine,
      preferences: i.preferences ? preferencesMachine.provide(i.preferences) : preferencesMachine,
      socket: i.socket ? socketMachine.provide(i.socket) : socketMachine,
      messagePoller: i.messagePoller ? messagePollerMachine.provide(i.messagePoller) : messagePollerMachine,
      unread: i.unread ? unreadMachine.provide(i.unread) : unreadMachine,
      search: i.search ? searchMachine.provide(i.search) : searchMachine,
      profile: i.profile ? profileMachine.provide(i.profile) : profileMachine,
      inbox: i.inbox ? inboxMachine.provide(i.inbox) : inboxMachine,
      feed: i.feed ? feedMachine.provide(i.feed) : feedMachine,
      ...(i.shell?.actors?.readUserSlices ? { readUserSlices: i.shell.actors.readUserSlices } : {}),
    },
  });
}
