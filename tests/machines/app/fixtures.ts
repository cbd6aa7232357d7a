/** Generated-path fixtures: every event and every invoked actor outcome the chart distinguishes. */
import { createMachine, enqueueActions } from 'xstate';
import { appMachine } from '../../../src/machines/app/app.machine.ts';
import type { AppContext } from '../../../src/machines/app/types.ts';
import { menus, user } from '../session/data.ts';
import type { ChartFixture } from '../support/paths.ts';

/**
 * The traversal shares one actor system across its branches, so a child spawned with a `systemId` in two
 * branches collides; here the shell charts are spawned by id only (what the forwarding addresses). Their
 * systemIds are covered by app.forwarding.test.ts on a real actor.
 */
const traversable = appMachine.provide({
  actions: {
    startShell: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'app.shellLoaded') return;
      for (const [id, logic] of Object.entries(event.logic))
        enqueue.spawnChild(logic as never, { id } as never);
      enqueue.assign({ shellReady: true });
      if (context.signedIn) {
        enqueue.sendTo('socket', { type: 'socket.start' });
        enqueue.sendTo('messagePoller', { type: 'poll.start' });
      }
      if (context.savedPreferences)
        enqueue.sendTo('preferences', { type: 'preferences.restore', saved: context.savedPreferences.saved });
    }),
  },
});

export const appFixture: ChartFixture = {
  machine: traversable,
  events: [
    {
      type: 'app.shellLoaded',
      logic: Object.fromEntries(
        ['tabs', 'fullscreen', 'preferences', 'socket', 'messagePoller'].map((id) => [
          id,
          createMachine({ id }),
        ]),
      ),
    },
    { type: 'session.signedIn', uuid: '1' },
    { type: 'session.ready', user, menus },
    { type: 'session.menusChanged', menus },
    { type: 'session.refreshed', token: 'fresh' },
    { type: 'session.signedOut', reason: 'expired' },
  ],
  actors: {
    readUserSlices: {
      done: [{ preferences: { size: 'small' }, tabs: { version: 1, tabs: [] } }],
      error: [new Error('indexedDB unavailable')],
    },
  },
  inert: [
    'session',
    'routeGuard',
    'log',
    'tabs',
    'fullscreen',
    'preferences',
    'socket',
    'messagePoller',
    'relaySessionEvents',
  ],
  // Guards and the replay read whether the shell runs, a session exists, the menus and preferences are known.
  summarize: (c: AppContext) => ({
    shell: c.shellReady,
    signedIn: c.signedIn,
    menus: c.menus !== null,
    preferences: c.savedPreferences !== null,
  }),
};
