/**
 * Shell: everything the signed-in console runs beside the session — the tab bar, full screen, preferences,
 * the live socket and the message poller, each invoked for the shell's whole life under its `systemId`
 * (views find them with `system.get(id)` while the shell runs). Nothing here is needed to draw the sign-in
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
 * Effects are bound with `createShellMachine(implementations)`. Every transition is taken by the generated paths.
 */
import { assign, enqueueActions, type PromiseActorLogic, sendTo, setup } from 'xstate';
import { fullscreenMachine } from '../fullscreen/fullscreen.machine.ts';
import { messagePollerMachine } from '../messagePoller/messagePoller.machine.ts';
import { preferencesMachine } from '../preferences/preferences.machine.ts';
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
    /** Live permissions: the tabs chart closes the tabs whose route is gone (it ignores this while restoring). */
    routesChanged: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'shell.menusChanged') return;
      enqueue.sendTo('tabs', { type: 'tabs.routesChanged', validPaths: validTabPaths(event.menus) });
    }),
  },
  guards: {
    hasMenus: ({ context }) => context.menus !== null,
  },
}).createMachine({
  id: 'shell',
  context: ({ input }) => ({ uuid: input.uuid, menus: input.menus, savedTabs: null }),
  invoke: [
    { id: 'tabs', systemId: 'tabs', src: 'tabs' },
    { id: 'fullscreen', systemId: 'fullscreen', src: 'fullscreen' },
    { id: 'preferences', systemId: 'preferences', src: 'preferences' },
    { id: 'socket', systemId: 'socket', src: 'socket' },
    { id: 'messagePoller', systemId: 'messagePoller', src: 'messagePoller' },
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
      ...(i.shell?.actors?.readUserSlices ? { readUserSlices: i.shell.actors.readUserSlices } : {}),
    },
  });
}
