/**
 * App: the root actor. It invokes the long-lived charts `session`, `routeGuard` and `log` for its whole
 * life, each with a `systemId` so views and services find them with `system.get(id)`; while a session
 * exists it runs the `shell` chart (tabs, full screen, preferences, socket, message poller, the header's
 * unread count and search, the page charts and the user's saved data: src/machines/shell/shell.machine.ts),
 * whose code is not part of the sign-in page.
 *
 * States: `signedOut` → (`session.signedIn`) `signedIn`, which first loads the shell's chunk
 * (`signedIn.loadingShell` invokes the injected `loadShell`), then runs it (`signedIn.running` invokes
 * `shell` with what the root knows by then as `input`: the user's uuid, the menus if the start-up already
 * has them). A chunk that cannot load ends in `signedIn.shellFailed`, which the shell view shows with a retry
 * (`app.retryShell`). `session.signedOut` returns to `signedOut`, which stops the shell and every child
 * of it; a sign-in while signed in (another user) restarts it.
 *
 * Forwarding (root `on`): `relaySessionEvents` listens to the session's emitted events and hands them to
 * the root, which forwards them as each chart's own events:
 * - `session.signedIn` → `route.signedIn`, the log's user (uuid until the user info arrives);
 * - `session.ready` (start-up done) → `route.menusLoaded`, the log's user (username), the shell's
 *   `shell.menusLoaded` (the menus are kept for a shell that starts later);
 * - `session.menusChanged` (live permissions: the menus fetched again) → `route.menusChanged`,
 *   `shell.menusChanged`;
 * - `session.refreshed` → `shell.tokenRefreshed` (the socket reconnects with the new token);
 * - `session.signedOut` → `route.signedOut`, no log user.
 * The shell hears only while it runs (`toShell`); what it missed is in its `input`. Charts never address
 * each other directly, so each runs alone in tests with plain events.
 *
 * Effects are bound with `createAppMachine(implementations)`. Every transition is taken by the generated paths.
 * Not modelled: restarting a crashed child (the UI's error boundary offers a reload).
 */
import { assign, enqueueActions, fromCallback, type PromiseActorLogic, sendTo, setup, stateIn } from 'xstate';
import { logMachine } from '../log/log.machine.ts';
import { routeGuardMachine } from '../routeGuard/routeGuard.machine.ts';
import { sessionMachine } from '../session/session.machine.ts';
import { notProvided } from '../shared/effects.ts';
import type { shellMachine } from '../shell/shell.machine.ts';
import type { ShellEvent } from '../shell/types.ts';
import { type AppContext, type AppEvent, RELAYED_SESSION_EVENTS, type ShellLogic } from './types.ts';

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

const initialContext: AppContext = { uuid: null, menus: null };

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
    /** Loads the shell chart's chunk; `shell` is usable once it resolves. */
    loadShell: notProvided<void>('loadShell'),
    /**
     * The shell chart (src/machines/shell/shell.machine.ts), bound by the services once `loadShell` has
     * loaded it: typed here by the type alone, so its code stays out of the sign-in page.
     */
    shell: notProvided<void>('shell') as unknown as typeof shellMachine,
  },
  actions: {
    signIn: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'session.signedIn') return;
      enqueue.assign({ uuid: event.uuid, menus: null });
      enqueue.sendTo('routeGuard', { type: 'route.signedIn' });
      enqueue.sendTo('log', { type: 'log.userChanged', user: event.uuid });
    }),
    storeMenus: assign({
      menus: ({ event }) =>
        event.type === 'session.ready' || event.type === 'session.menusChanged' ? event.menus : null,
    }),
    /** Sends to the shell only while it runs (before that, its `input` carries what it needs). */
    toShell: enqueueActions(({ check, enqueue }, event: ShellEvent) => {
      // (`check` is typed without the chart's guards inside `setup`: hence the cast)
      if (check(stateIn({ signedIn: 'running' }) as never)) enqueue.sendTo('shell', event);
    }),
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
    'session.signedIn': { target: '.signedIn', actions: 'signIn' },
    'session.ready': {
      actions: [
        sendTo('routeGuard', ({ event }) => ({ type: 'route.menusLoaded', menus: event.menus })),
        sendTo('log', ({ event }) => ({ type: 'log.userChanged', user: event.user.username })),
        'storeMenus',
        { type: 'toShell', params: ({ event }) => ({ type: 'shell.menusLoaded', menus: event.menus }) },
      ],
    },
    // Live permissions: the routes, the side menu and the button checks follow the new menus; the tabs
    // of routes that are gone close.
    'session.menusChanged': {
      actions: [
        sendTo('routeGuard', ({ event }) => ({ type: 'route.menusChanged', menus: event.menus })),
        'storeMenus',
        { type: 'toShell', params: ({ event }) => ({ type: 'shell.menusChanged', menus: event.menus }) },
      ],
    },
    'session.refreshed': {
      actions: {
        type: 'toShell',
        params: ({ event }) => ({ type: 'shell.tokenRefreshed', token: event.token }),
      },
    },
    'session.signedOut': {
      target: '.signedOut',
      actions: [
        assign(initialContext),
        sendTo('routeGuard', { type: 'route.signedOut' }),
        sendTo('log', { type: 'log.userChanged', user: null }),
      ],
    },
  },
  states: {
    signedOut: {},
    signedIn: {
      // Another sign-in while signed in (another user): a fresh shell for them.
      on: { 'session.signedIn': { target: 'signedIn', reenter: true, actions: 'signIn' } },
      initial: 'loadingShell',
      states: {
        loadingShell: {
          invoke: { id: 'loadShell', src: 'loadShell', onDone: 'running', onError: 'shellFailed' },
        },
        running: {
          invoke: {
            id: 'shell',
            src: 'shell',
            input: ({ context }) => ({ uuid: context.uuid, menus: context.menus }),
          },
        },
        shellFailed: {
          on: { 'app.retryShell': 'loadingShell' },
        },
      },
    },
  },
});

/** Implementations per chart, as each chart's `machine.provide` takes them, plus the root's own effects. */
export type AppImplementations = {
  session?: Parameters<typeof sessionMachine.provide>[0];
  routeGuard?: Parameters<typeof routeGuardMachine.provide>[0];
  log?: Parameters<typeof logMachine.provide>[0];
  /** The shell: `loadShell` loads its chunk, `shell` is the chart it loaded (see src/services/app-system.ts). */
  app?: { actors?: { loadShell?: PromiseActorLogic<void>; shell?: ShellLogic } };
};

/** The root chart with every child's effects bound (the UI passes `createAppImplementations(deps)`). */
export function createAppMachine(implementations: AppImplementations = {}) {
  const i = implementations;
  return appMachine.provide({
    actors: {
      session: i.session ? sessionMachine.provide(i.session) : sessionMachine,
      routeGuard: i.routeGuard ? routeGuardMachine.provide(i.routeGuard) : routeGuardMachine,
      log: i.log ? logMachine.provide(i.log) : logMachine,
      ...(i.app?.actors?.loadShell ? { loadShell: i.app.actors.loadShell } : {}),
      ...(i.app?.actors?.shell ? { shell: i.app.actors.shell as typeof shellMachine } : {}),
    },
  });
}
