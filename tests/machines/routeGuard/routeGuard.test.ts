import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { routeGuardMachine } from '../../../src/machines/routeGuard/routeGuard.machine.ts';
import {
  selectAreRoutesReady,
  selectAsideMenu,
  selectIsAwaitingMenus,
  selectMenuRecords,
  selectRefusalOf,
  selectRoutes,
} from '../../../src/machines/routeGuard/selectors.ts';
import { menus } from '../session/data.ts';
import { recordEffects } from '../support/fakes.ts';

function startGuard() {
  const effects = recordEffects(['navigate', 'patchRoutes', 'resetRoutes'] as const, {
    navigate: (p: { to: string }) => p.to,
    patchRoutes: (p: { routes: { path: string }[] }) => p.routes.map((r) => r.path).join(','),
  });
  const actor = createActor(routeGuardMachine.provide({ actions: effects.actions })).start();
  const go = (path: string, search = '') => actor.send({ type: 'route.requested', path, search });
  return { actor, effects, go };
}

describe('routeGuard: signed out', () => {
  it('a deep link while signed out redirects to /login with redirect', () => {
    const { actor, effects, go } = startGuard();
    go('/dept', '?id=1');
    expect(effects.order).toEqual([]);
    actor.send({ type: 'route.signedOut' });
    expect(effects.order).toEqual(['navigate:/login?redirect=%2Fdept%3Fid%3D1']);
    expect(effects.actions.navigate).toHaveBeenCalledWith(expect.anything(), {
      to: '/login?redirect=%2Fdept%3Fid%3D1',
      replace: true,
    });
    go('/userInfo');
    expect(effects.order.at(-1)).toBe('navigate:/login?redirect=%2FuserInfo');
  });

  it('login-free paths pass without a token', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedOut' });
    for (const path of ['/login', '/auth-redirect', '/bind', '/register', '/oauth2']) go(path);
    expect(effects.order).toEqual([]);
  });

  it('the root path goes to plain /login', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedOut' });
    go('/');
    expect(effects.order).toEqual(['navigate:/login']);
  });
});

describe('routeGuard: signed in', () => {
  it('menus load once and the navigation is replayed', () => {
    const { actor, effects, go } = startGuard();
    go('/dept', '?id=1');
    actor.send({ type: 'route.signedIn' });
    go('/dept', '?id=2');
    expect(selectIsAwaitingMenus(actor.getSnapshot())).toBe(true);
    expect(effects.order).toEqual([]);
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order).toEqual(['patchRoutes:/dept', 'navigate:/dept?id=2']);
    expect(selectAreRoutesReady(actor.getSnapshot())).toBe(true);
    expect(selectRoutes(actor.getSnapshot())).toEqual([
      {
        path: '/dept',
        name: 'dept',
        title: '部门管理',
        component: 'system/dept/index',
        cache: true,
        isLink: false,
        menuId: 2,
      },
    ]);
    expect(selectAsideMenu(actor.getSnapshot()).map((item) => item.title)).toEqual(['控制台', '系统管理']);
    // The replayed navigation arrives, later ones pass, and the menus are not loaded again.
    go('/dept', '?id=2');
    go('/index');
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order).toEqual(['patchRoutes:/dept', 'navigate:/dept?id=2']);
  });

  it('after sign-in the login page goes on to its redirect', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedOut' });
    go('/login', '?redirect=%2Fdept');
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order.at(-1)).toBe('navigate:/dept');
  });

  it('after sign-in without a redirect the console opens', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedOut' });
    go('/login');
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order.at(-1)).toBe('navigate:/index');
  });

  it('a redirect to another site or back to /login is ignored', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedOut' });
    go('/login', '?redirect=%2F%2Fevil.example');
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order.at(-1)).toBe('navigate:/index');
  });

  it('a route without a match goes to /404', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    go('/nowhere');
    expect(effects.order.at(-1)).toBe('navigate:/404');
    go('/404');
    go('/redirect/dept');
    expect(effects.order.filter((e) => e === 'navigate:/404')).toHaveLength(1);
  });

  it('a console page the user’s menus do not grant goes to /403, not /404', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    go('/menu');
    expect(effects.order.at(-1)).toBe('navigate:/403');
    go('/403');
    go('/dept');
    expect(effects.order.filter((e) => e === 'navigate:/403')).toHaveLength(1);
    expect(effects.order.at(-1)).toBe('navigate:/403');
    // The layout's catch-all draws the matching page meanwhile (no 404 flash before /403).
    expect(selectRefusalOf(actor.getSnapshot(), '/menu')).toBe('forbidden');
    expect(selectRefusalOf(actor.getSnapshot(), '/nowhere')).toBe('notFound');
  });

  it('signed in, the login page goes on to /index', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    go('/login');
    expect(effects.order.at(-1)).toBe('navigate:/index');
  });

  it('losing the session drops the routes and sends the page to /login with its redirect', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    go('/dept');
    actor.send({ type: 'route.signedOut' });
    expect(effects.order.slice(-2)).toEqual(['resetRoutes', 'navigate:/login?redirect=%2Fdept']);
    expect(selectRoutes(actor.getSnapshot())).toEqual([]);
    expect(selectAsideMenu(actor.getSnapshot())).toEqual([]);
  });

  it('losing the session on a login-free page stays there', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedIn' });
    go('/register');
    actor.send({ type: 'route.signedOut' });
    expect(effects.order.at(-1)).toBe('resetRoutes');
    expect(effects.order.filter((e) => e.startsWith('navigate:/login'))).toEqual([]);
  });
});

describe('routeGuard: replaying a deep link', () => {
  it('a deep link that no menu route matches goes to /404 once the routes are in', () => {
    const { actor, effects, go } = startGuard();
    go('/nowhere', '?a=1');
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order).toEqual(['patchRoutes:/dept', 'navigate:/404']);
    expect(selectAreRoutesReady(actor.getSnapshot())).toBe(true);
  });

  it('a deep link to a console page the user may not open goes to /403 once the routes are in', () => {
    const { actor, effects, go } = startGuard();
    go('/role', '?a=1');
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order).toEqual(['patchRoutes:/dept', 'navigate:/403']);
    expect(selectAreRoutesReady(actor.getSnapshot())).toBe(true);
  });

  it('a deep link to a menu page is replayed with its query', () => {
    const { actor, effects, go } = startGuard();
    go('/dept', '?a=1');
    actor.send({ type: 'route.signedIn' });
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order).toEqual(['patchRoutes:/dept', 'navigate:/dept?a=1']);
  });
});

describe('routeGuard: leaving the login page', () => {
  it('signing in on the login page goes to its redirect at once, before the menus (a failed start-up shows its error there)', () => {
    const { actor, effects, go } = startGuard();
    actor.send({ type: 'route.signedOut' });
    go('/login', '?redirect=%2Fdept');
    actor.send({ type: 'route.signedIn' });
    expect(effects.order).toEqual(['navigate:/dept']);
    expect(selectIsAwaitingMenus(actor.getSnapshot())).toBe(true);
    // The router arrives; when the start-up succeeds (a retry) the routes are patched and /dept replayed.
    go('/dept');
    expect(effects.order).toEqual(['navigate:/dept']);
    actor.send({ type: 'route.menusLoaded', menus });
    expect(effects.order).toEqual(['navigate:/dept', 'patchRoutes:/dept', 'navigate:/dept']);
  });

  it('a reload of the login page with a stored session goes to its redirect without waiting for the menus', () => {
    const { actor, effects, go } = startGuard();
    go('/login', '?redirect=%2Fdept%3Fid%3D1');
    actor.send({ type: 'route.signedIn' });
    expect(effects.order).toEqual(['navigate:/dept?id=1']);
  });

  it('going back to the login page while the menus are awaited returns to the target', () => {
    const { actor, effects, go } = startGuard();
    go('/index');
    actor.send({ type: 'route.signedIn' });
    expect(effects.order).toEqual([]);
    go('/login', '?redirect=%2Fdept');
    expect(effects.order).toEqual(['navigate:/dept']);
    go('/login');
    expect(effects.order).toEqual(['navigate:/dept', 'navigate:/index']);
  });
});

describe('routeGuard: live permissions', () => {
  const roleMenu = {
    ...menus[1],
    id: 9,
    name: '角色管理',
    path: '/role',
    web_path: '/role',
    component: 'system/role/index',
    component_name: 'role',
    menuPermission: ['Create'],
  } as (typeof menus)[number];

  function ready() {
    const t = startGuard();
    t.go('/dept');
    t.actor.send({ type: 'route.signedIn' });
    t.actor.send({ type: 'route.menusLoaded', menus });
    t.go('/dept');
    t.effects.order.length = 0;
    return t;
  }

  it('new menus add their routes, side-menu entries and button grants, without navigating', () => {
    const { actor, effects, go } = ready();
    actor.send({ type: 'route.menusChanged', menus: [...menus, roleMenu] });
    expect(effects.order).toEqual(['patchRoutes:/dept,/role']);
    expect(selectRoutes(actor.getSnapshot()).map((r) => r.path)).toEqual(['/dept', '/role']);
    const system = selectAsideMenu(actor.getSnapshot()).find((item) => item.title === '系统管理');
    expect(system?.children.map((item) => item.title)).toEqual(['部门管理', '角色管理']);
    expect(selectMenuRecords(actor.getSnapshot())).toContain(roleMenu);
    go('/role');
    expect(effects.order).toEqual(['patchRoutes:/dept,/role']);
  });

  it('a revoked menu page is refused from then on (403), though the router cannot drop its route', () => {
    const { actor, effects, go } = ready();
    actor.send({ type: 'route.menusChanged', menus: menus.filter((m) => m.path !== '/dept') });
    expect(effects.order).toEqual(['patchRoutes:']);
    expect(selectRoutes(actor.getSnapshot())).toEqual([]);
    go('/dept');
    expect(effects.order).toEqual(['patchRoutes:', 'navigate:/403']);
  });
});
