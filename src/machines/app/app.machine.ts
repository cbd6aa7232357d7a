/**
 * App: the root actor. It invokes the long-lived charts for its whole life, each with a `systemId` so views
 * and services find them with `system.get(id)`: `session`, `routeGuard`, `log` (tabs, messagePoller,
 * socket, fullscreen and preferences join later the same way).
 *
 * Regions: none; the root only forwards. `relaySessionEvents` listens to the session's emitted events and
 * hands them to the root, which forwards them as each chart's own events:
 * - `session.signedIn` → `route.signedIn`, and the log's user (uuid until the user info arrives);
 * - `session.ready` (start-up done) → `route.menusLoaded`, and the log's user (username);
 * - `session.signedOut` → `route.signedOut`, and no log user.
 * Charts never address each other directly, so each runs alone in tests with plain events.
 *
 * Effects are bound with `createAppMachine(implementations)`, one `machine.provide` per chart (see
 * src/services/implementations). Every transition is taken by the generated paths.
 * Not modelled: restarting a crashed child (the UI's error boundary offers a reload).
 */
import { fromCallback, sendTo, setup } from 'xstate';
import { logMachine } from '../log/log.machine.ts';
import { routeGuardMachine } from '../routeGuard/routeGuard.machine.ts';
import { sessionMachine } from '../session/session.machine.ts';
import { type AppEvent, RELAYED_SESSION_EVENTS } from './types.ts';

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

export const appMachine = setup({
  types: {
    events: {} as AppEvent,
  },
  actors: {
    session: sessionMachine,
    routeGuard: routeGuardMachine,
    log: logMachine,
    relaySessionEvents,
  },
}).createMachine({
  id: 'app',
  invoke: [
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'routeGuard', systemId: 'routeGuard', src: 'routeGuard' },
    { id: 'log', systemId: 'log', src: 'log' },
    // Last, so the session it listens to exists.
    { id: 'relaySessionEvents', src: 'relaySessionEvents' },
  ],
  on: {
    'session.signedIn': {
      actions: [
        sendTo('routeGuard', { type: 'route.signedIn' }),
        sendTo('log', ({ event }) => ({ type: 'log.userChanged', user: event.uuid })),
      ],
    },
    'session.ready': {
      actions: [
        sendTo('routeGuard', ({ event }) => ({ type: 'route.menusLoaded', menus: event.menus })),
        sendTo('log', ({ event }) => ({ type: 'log.userChanged', user: event.user.username })),
      ],
    },
    'session.signedOut': {
      actions: [
        sendTo('routeGuard', { type: 'route.signedOut' }),
        sendTo('log', { type: 'log.userChanged', user: null }),
      ],
    },
  },
});

/** Implementations per chart, as each chart's `machine.provide` takes them. */
export type AppImplementations = {
  session?: Parameters<typeof sessionMachine.provide>[0];
  routeGuard?: Parameters<typeof routeGuardMachine.provide>[0];
  log?: Parameters<typeof logMachine.provide>[0];
};

/** The root chart with every child's effects bound (the UI passes `createAppImplementations(deps)`). */
export function createAppMachine(implementations: AppImplementations = {}) {
  return appMachine.provide({
    actors: {
      session: implementations.session ? sessionMachine.provide(implementations.session) : sessionMachine,
      routeGuard: implementations.routeGuard
        ? routeGuardMachine.provide(implementations.routeGuard)
        : routeGuardMachine,
      log: implementations.log ? logMachine.provide(implementations.log) : logMachine,
    },
  });
}
