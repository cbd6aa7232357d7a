/** Generated-path fixtures: every event and every invoked actor outcome the chart distinguishes. */
import { fullPathOf } from '../../../src/machines/routeGuard/paths.ts';
import { routeGuardMachine } from '../../../src/machines/routeGuard/routeGuard.machine.ts';
import type { RouteGuardContext } from '../../../src/machines/routeGuard/types.ts';
import { menus } from '../session/data.ts';
import type { ChartFixture } from '../support/paths.ts';

export const routeGuardFixture: ChartFixture = {
  machine: routeGuardMachine,
  events: [
    { type: 'route.requested', path: '/dept', search: '?id=1' },
    { type: 'route.requested', path: '/nowhere' },
    // A console page the fixture's menus (only /dept) do not grant: 403.
    { type: 'route.requested', path: '/menu' },
    { type: 'route.requested', path: '/login', search: '?redirect=%2Fdept' },
    { type: 'route.requested', path: '/index' },
    { type: 'route.signedIn' },
    { type: 'route.signedOut' },
    { type: 'route.menusLoaded', menus },
    // Live permissions: every menu revoked (/dept then answers 403).
    { type: 'route.menusChanged', menus: [] },
  ],
  summarize: (c: RouteGuardContext) => ({
    location: c.location ? fullPathOf(c.location) : null,
    pending: c.pending,
    routes: c.routes.length,
  }),
};
