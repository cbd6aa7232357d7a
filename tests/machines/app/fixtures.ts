/** Generated-path fixtures: every event and every invoked actor outcome the chart distinguishes. */
import { appMachine } from '../../../src/machines/app/app.machine.ts';
import { menus, user } from '../session/data.ts';
import type { ChartFixture } from '../support/paths.ts';

export const appFixture: ChartFixture = {
  machine: appMachine,
  events: [
    { type: 'session.signedIn', uuid: '1' },
    { type: 'session.ready', user, menus },
    { type: 'session.signedOut', reason: 'expired' },
  ],
  inert: ['session', 'routeGuard', 'log', 'relaySessionEvents'],
  summarize: () => null,
};
