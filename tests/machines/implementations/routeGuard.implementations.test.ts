import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { routeGuardMachine } from '../../../src/machines/routeGuard/routeGuard.machine.ts';
import { createRouteGuardImplementations } from '../../../src/services/implementations/routeGuard.ts';
import { menus } from '../session/data.ts';

describe('routeGuard implementations', () => {
  it('the decisions reach the router: patch the routes, then replay the navigation replacing history', () => {
    const deps = { navigate: vi.fn(), patchRoutes: vi.fn(), resetRoutes: vi.fn() };
    const guard = createActor(routeGuardMachine.provide(createRouteGuardImplementations(deps))).start();
    guard.send({ type: 'route.requested', path: '/dept', search: '' });
    guard.send({ type: 'route.signedIn' });
    guard.send({ type: 'route.menusLoaded', menus });
    expect(deps.patchRoutes).toHaveBeenCalledWith([expect.objectContaining({ path: '/dept', name: 'dept' })]);
    expect(deps.navigate).toHaveBeenCalledWith('/dept', { replace: true });
    guard.send({ type: 'route.signedOut' });
    expect(deps.resetRoutes).toHaveBeenCalledTimes(1);
  });

  it('a router that throws does not stop the guard', () => {
    const onError = vi.fn();
    const deps = {
      navigate: () => {
        throw new Error('router gone');
      },
      patchRoutes: vi.fn(),
      resetRoutes: vi.fn(),
      onError,
    };
    const guard = createActor(routeGuardMachine.provide(createRouteGuardImplementations(deps))).start();
    guard.send({ type: 'route.signedOut' });
    guard.send({ type: 'route.requested', path: '/dept' });
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 'navigate');
    expect(guard.getSnapshot().status).toBe('active');
  });
});
