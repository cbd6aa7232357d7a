/**
 * App: the root actor. It runs the long-lived charts for its whole life, each with a `systemId` so views
 * and services find them with `system.get(id)`: `session`, `routeGuard` and `log` are invoked at once; the
 * shell's charts `tabs`, `fullscreen`, `preferences`, `socket` and `messagePoller` are spawned when their
 * chunk has loaded (`app.shellLoaded`, sent by the services at boot), so the sign-in page never carries
 * them. Until then whatever they must hear is kept in the context and handed over when they start.
 *
 * Forwarding (root `on`): `relaySessionEvents` listens to the session's emitted events and hands them to
 * the root, which forwards them as each chart's own events:
 * - `session.signedIn` → `route.signedIn`, the log's user (uuid until the user info arrives),
 *   `socket.start` and `poll.start`;
 * - `session.ready` (start-up done) → `route.menusLoaded`, and the log's user (username);
 * - `session.menusChanged` (live permissions: the menus fetched again) → `route.menusChanged`,
 *   `tabs.routesChanged` with the route patterns that exist now, and the kept menus (a later tab restore);
 * - `session.refreshed` → `socket.tokenRefreshed` (the socket reconnects with the new token);
 * - `session.signedOut` → `route.signedOut`, no log user, `tabs.signedOut`, `socket.stop`, `poll.stop`.
 * Charts never address each other directly, so each runs alone in tests with plain events.
 *
 * Per-user data (the root's own states): `signedOut` → (`session.signedIn`) `readingUserData`, which invokes
 * `readUserSlices` (the Dexie `sys` slices of that user, keyed by the uuid cookie or `ghost-uuid`). When it
 * settles the preferences are restored (`preferences.restore`; a failed read restores the defaults) and the
 * saved tab list is kept; the tabs are restored (`tabs.restore`, with the route patterns the menus make
 * valid) as soon as the list, the menus (`session.ready`) and the tabs chart are all there, in any order
 * (`userDataRead` waits, `userDataApplied` is done). Signing in again reads again; signing out forgets.
 *
 * Effects are bound with `createAppMachine(implementations)` (and `createShellLogic` for the shell charts).
 * Every transition is taken by the generated paths.
 * Not modelled: restarting a crashed child (the UI's error boundary offers a reload).
 */
import { assign, enqueueActions, fromCallback, type PromiseActorLogic, sendTo, setup } from 'xstate';
import { logMachine } from '../log/log.machine.ts';
import { routeGuardMachine } from '../routeGuard/routeGuard.machine.ts';
import { sessionMachine } from '../session/session.machine.ts';
import { notProvided } from '../shared/effects.ts';
import { type AppContext, type AppEvent, RELAYED_SESSION_EVENTS, SHELL_CHARTS } from './types.ts';
import { type UserSlices, type UserSlicesInput, validTabPaths } from './userData.ts';

/** Subscribes to the session's emitted events and sends them to the root (pure actor plumbing). */
export const relaySessionEvents = fromCallback(({ sendBack, system }) => {
  const session = system.get('session');
  if (!session) return () => {};
  const subscriptions = RELAYED_SESSION_EVENTS.map((type) =>
    session.on(type, (event: AppEvent) => sendBack(event)),
  );
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
});

const initialContext: AppContext = {
  shellReady: false,
  signedIn: false,
  savedPreferences: null,
  savedTabs: null,
  menus: null,
};

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    session: sessionMachine,
    routeGuard: routeGuardMachine,
    log: logMachine,
    relaySessionEvents,
    /** The signed-in user's saved slices (preferences, tabs) from the local database. */
    readUserSlices: notProvided<UserSlices, UserSlicesInput>('readUserSlices'),
  },
  actions: {
    storeMenus: assign({
      menus: ({ event }) =>
        event.type === 'session.ready' || event.type === 'session.menusChanged' ? event.menus : null,
    }),
    signIn: assign({ ...initialContext, shellReady: ({ context }) => context.shellReady, signedIn: true }),
    signOut: assign({ ...initialContext, shellReady: ({ context }) => context.shellReady }),
    restorePreferences: enqueueActions(({ context, enqueue }) => {
      if (context.shellReady && context.savedPreferences)
        enqueue.sendTo('preferences', { type: 'preferences.restore', saved: context.savedPreferences.saved });
    }),
    /** Starts the shell charts, then tells them what happened before they ran. */
    startShell: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'app.shellLoaded') return;
      for (const id of SHELL_CHARTS)
        enqueue.spawnChild(event.logic[id] as never, { id, systemId: id } as never);
      enqueue.assign({ shellReady: true });
      if (context.signedIn) {
        enqueue.sendTo('socket', { type: 'socket.start' });
        enqueue.sendTo('messagePoller', { type: 'poll.start' });
      }
      if (context.savedPreferences)
        enqueue.sendTo('preferences', { type: 'preferences.restore', saved: context.savedPreferences.saved });
    }),
    /** Sends to a shell chart only once it runs (before that, `startShell` replays what matters). */
    toShell: enqueueActions(({ context, enqueue }, params: { to: string; event: { type: string } }) => {
      if (context.shellReady) enqueue.sendTo(params.to, params.event);
    }),
    restoreTabs: sendTo('tabs', ({ context }) => ({
      type: 'tabs.restore' as const,
      saved: context.savedTabs,
      validPaths: validTabPaths(context.menus ?? []),
    })),
  },
  guards: {
    canRestoreTabs: ({ context }) => context.menus !== null && context.shellReady,
    isShellMissing: ({ context }) => !context.shellReady,
  },
}).createMachine({
  id: 'app',
  context: initialContext,
  invoke: [
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'routeGuard', systemId: 'routeGuard', src: 'routeGuard' },
    { id: 'log', systemId: 'log', src: 'log' },
    // Last, so the session it listens to exists.
    { id: 'relaySessionEvents', src: 'relaySessionEvents' },
  ],
  initial: 'signedOut',
  on: {
    'app.shellLoaded': { guard: 'isShellMissing', actions: 'startShell' },
    'session.signedIn': {
      target: '.readingUserData',
      actions: [
        'signIn',
        sendTo('routeGuard', { type: 'route.signedIn' }),
        sendTo('log', ({ event }) => ({ type: 'log.userChanged', user: event.uuid })),
        { type: 'toShell', params: { to: 'socket', event: { type: 'socket.start' } } },
        { type: 'toShell', params: { to: 'messagePoller', event: { type: 'poll.start' } } },
      ],
    },
    'session.ready': {
      actions: [
        sendTo('routeGuard', ({ event }) => ({ type: 'route.menusLoaded', menus: event.menus })),
        sendTo('log', ({ event }) => ({ type: 'log.userChanged', user: event.user.username })),
        'storeMenus',
      ],
    },
    // Live permissions: the routes, the side menu and the button checks follow the new menus; the tabs
    // of routes that are gone close.
    'session.menusChanged': {
      actions: [
        sendTo('routeGuard', ({ event }) => ({ type: 'route.menusChanged', menus: event.menus })),
        {
          type: 'toShell',
          params: ({ event }) => ({
            to: 'tabs',
            event: { type: 'tabs.routesChanged', validPaths: validTabPaths(event.menus) },
          }),
        },
        'storeMenus',
      ],
    },
    'session.refreshed': {
      actions: {
        type: 'toShell',
        params: ({ event }) => ({
          to: 'socket',
          event: { type: 'socket.tokenRefreshed', token: event.token },
        }),
      },
    },
    'session.signedOut': {
      target: '.signedOut',
      actions: [
        'signOut',
        sendTo('routeGuard', { type: 'route.signedOut' }),
        sendTo('log', { type: 'log.userChanged', user: null }),
        { type: 'toShell', params: { to: 'tabs', event: { type: 'tabs.signedOut' } } },
        { type: 'toShell', params: { to: 'socket', event: { type: 'socket.stop' } } },
        { type: 'toShell', params: { to: 'messagePoller', event: { type: 'poll.stop' } } },
      ],
    },
  },
  states: {
    signedOut: {},
    readingUserData: {
      invoke: {
        id: 'readUserSlices',
        src: 'readUserSlices',
        input: ({ event }) => ({ uuid: event.type === 'session.signedIn' ? event.uuid : null }),
        onDone: {
          target: 'userDataRead',
          actions: [
            assign(({ event }) => ({
              savedTabs: event.output.tabs,
              savedPreferences: { saved: event.output.preferences },
            })),
            'restorePreferences',
          ],
        },
        // Nothing readable (private mode, quota): the defaults, and no saved tabs.
        onError: {
          target: 'userDataRead',
          actions: [assign({ savedPreferences: { saved: undefined } }), 'restorePreferences'],
        },
      },
    },
    /** The slices are in; the tabs wait for the menus (their routes decide which tabs come back). */
    userDataRead: {
      always: { guard: 'canRestoreTabs', target: 'userDataApplied', actions: 'restoreTabs' },
    },
    userDataApplied: {},
  },
});

/** Implementations per chart, as each chart's `machine.provide` takes them, plus the root's own effects. */
export type AppImplementations = {
  session?: Parameters<typeof sessionMachine.provide>[0];
  routeGuard?: Parameters<typeof routeGuardMachine.provide>[0];
  log?: Parameters<typeof logMachine.provide>[0];
  app?: { actors?: { readUserSlices?: PromiseActorLogic<UserSlices, UserSlicesInput> } };
};

/** The root chart with every child's effects bound (the UI passes `createAppImplementations(deps)`). */
export function createAppMachine(implementations: AppImplementations = {}) {
  const i = implementations;
  return appMachine.provide({
    actors: {
      session: i.session ? sessionMachine.provide(i.session) : sessionMachine,
      routeGuard: i.routeGuard ? routeGuardMachine.provide(i.routeGuard) : routeGuardMachine,
      log: i.log ? logMachine.provide(i.log) : logMachine,
      ...(i.app?.actors?.readUserSlices ? { readUserSlices: i.app.actors.readUserSlices } : {}),
    },
  });
}
