import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createAppMachine } from '../../../src/machines/app/app.machine.ts';
import { getLogRef, getRouteGuardRef, getSessionRef } from '../../../src/machines/app/selectors.ts';
import { selectLogEntries } from '../../../src/machines/log/selectors.ts';
import { selectAreRoutesReady } from '../../../src/machines/routeGuard/selectors.ts';
import { selectIsReady } from '../../../src/machines/session/selectors.ts';
import type { StartupOutput, StoredSession } from '../../../src/machines/session/types.ts';
import { menus, startupOk, stored, storedNothing } from '../session/data.ts';
import { recordEffects, resolvesWith, settle } from '../support/fakes.ts';

function startApp(restored: StoredSession) {
  const route = recordEffects(['navigate', 'patchRoutes', 'resetRoutes'] as const, {
    navigate: (p: { to: string }) => p.to,
  });
  const machine = createAppMachine({
    session: {
      actors: {
        readStoredSession: resolvesWith(restored),
        startup: fromPromise<StartupOutput>(async () => startupOk) as never,
        login: fromPromise(() => new Promise(() => {})) as never,
      },
      actions: { cacheMenus: () => {}, clearCookies: () => {} },
    },
    routeGuard: { actions: route.actions },
  });
  const app = createActor(machine).start();
  return { app, route };
}

describe('app', () => {
  it('spawns session, routeGuard and log with their system ids', () => {
    const { app } = startApp(storedNothing);
    expect(getSessionRef(app).id).toBe('session');
    expect(getRouteGuardRef(app).id).toBe('routeGuard');
    expect(getLogRef(app).id).toBe('log');
  });

  it('no session: a deep link is sent to /login with its redirect', async () => {
    const { app, route } = startApp(storedNothing);
    getRouteGuardRef(app).send({ type: 'route.requested', path: '/dept', search: '' });
    await settle();
    expect(route.order).toEqual(['navigate:/login?redirect=%2Fdept']);
  });

  it('a restored session loads the user data, hands the menus to the guard and the navigation is replayed', async () => {
    const { app, route } = startApp(stored);
    getRouteGuardRef(app).send({ type: 'route.requested', path: '/dept', search: '?id=1' });
    await settle(20);
    expect(selectIsReady(getSessionRef(app).getSnapshot())).toBe(true);
    expect(selectAreRoutesReady(getRouteGuardRef(app).getSnapshot())).toBe(true);
    expect(getRouteGuardRef(app).getSnapshot().context.menus).toEqual(menus);
    expect(route.order).toEqual(['patchRoutes', 'navigate:/dept?id=1']);
    expect(getLogRef(app).getSnapshot().context.user).toBe('admin');
  });

  it('log entries carry the signed-in user; a session that expires clears it and redirects', async () => {
    const { app, route } = startApp(stored);
    getRouteGuardRef(app).send({ type: 'route.requested', path: '/dept', search: '' });
    await settle(20);
    getLogRef(app).send({ type: 'log.recorded', entry: { message: 'x', time: 1 } });
    expect(selectLogEntries(getLogRef(app).getSnapshot())[0]?.user).toBe('admin');
    getSessionRef(app).send({ type: 'session.expired', reason: 'token_not_valid' });
    await settle();
    expect(getLogRef(app).getSnapshot().context.user).toBeNull();
    expect(route.order.slice(-2)).toEqual(['resetRoutes', 'navigate:/login?redirect=%2Fdept']);
  });
});
