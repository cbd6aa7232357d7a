/** Generated-path fixtures: every event and every invoked actor outcome the chart distinguishes. */
import { appMachine } from '../../../src/machines/app/app.machine.ts';
import type { AppContext } from '../../../src/machines/app/types.ts';
import { menus, user } from '../session/data.ts';
import type { ChartFixture } from '../support/paths.ts';

export const appFixture: ChartFixture = {
  machine: appMachine,
  events: [
    { type: 'session.signedIn', uuid: '1' },
    { type: 'session.ready', user, menus },
    { type: 'session.menusChanged', menus },
    { type: 'session.refreshed', token: 'fresh' },
    { type: 'session.signedOut', reason: 'expired' },
    { type: 'app.retryShell' },
  ],
  actors: {
    loadShell: { done: [undefined], error: [new Error('chunk failed to load')] },
  },
  inert: ['session', 'routeGuard', 'log', 'relaySessionEvents', 'shell'],
  // The shell's input reads the uuid and whether the menus are known.
  summarize: (c: AppContext) => ({ uuid: c.uuid, menus: c.menus !== null }),
};
