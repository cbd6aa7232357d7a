import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { MenuRecord } from '../../../src/contract/index.ts';
import { createAppMachine } from '../../../src/machines/app/app.machine.ts';
import {
  getFullscreenRef,
  getMessagePollerRef,
  getPreferencesRef,
  getRouteGuardRef,
  getSessionRef,
  getSocketRef,
  getTabsRef,
  selectShellStatus,
} from '../../../src/machines/app/selectors.ts';
import { selectPreferences } from '../../../src/machines/preferences/selectors.ts';
import { selectMenuRecords, selectRoutes } from '../../../src/machines/routeGuard/selectors.ts';
import { sessionMenusRefetchMachine } from '../../../src/machines/session/menusRefetch.machine.ts';
import type { StartupOutput, StoredSession } from '../../../src/machines/session/types.ts';
import { createShellMachine } from '../../../src/machines/shell/shell.machine.ts';
import { type UserSlices, validTabPaths } from '../../../src/machines/shell/userData.ts';
import { selectTabs } from '../../../src/machines/tabs/selectors.ts';
import type { TabRoute } from '../../../src/machines/tabs/types.ts';
import { menus, startupOk, stored, storedNothing } from '../session/data.ts';
import { controllable, settle } from '../support/fakes.ts';

const route = (path: string, title: string): TabRoute => ({
  name: path.slice(1),
  fullPath: path,
  params: {},
  query: {},
  meta: { title },
});

/** A shell child, which exists while the shell runs. */
function running<T>(ref: T | undefined): T {
  expect(ref).toBeDefined();
  return ref as T;
}

function startApp(restored: StoredSession, { shellLoads = true } = {}) {
  const slices = controllable<UserSlices, { uuid: string | null }>();
  const startup = controllable<StartupOutput>();
  const chunk = controllable<void>();
  const saveTabs = vi.fn();
  const refetch = controllable<MenuRecord[]>();
  const shell = createShellMachine({
    tabs: { actions: { saveTabs: (_: unknown, p: unknown) => saveTabs(p), navigateTo: () => {} } },
    preferences: { actions: { savePreferences: () => {}, applyTheme: () => {}, applyColor: () => {} } },
    messagePoller: { actors: { ticker: fromCallback(() => () => {}) } },
    shell: { actors: { readUserSlices: slices.logic } },
  });
  const machine = createAppMachine({
    session: {
      actors: {
        readStoredSession: fromPromise(async () => restored),
        startup: startup.logic as never,
        menusRefetch: sessionMenusRefetchMachine.provide({ actors: { loadMenus: refetch.logic } }),
        login: fromPromise(() => new Promise(() => {})) as never,
      },
      actions: { cacheMenus: () => {}, clearCookies: () => {} },
    },
    routeGuard: { actions: { navigate: () => {}, patchRoutes: () => {}, resetRoutes: () => {} } },
    app: { actors: { loadShell: shellLoads ? fromPromise(async () => {}) : chunk.logic, shell } },
  });
  const app = createActor(machine).start();
  return { app, slices, startup, saveTabs, chunk, refetch };
}

describe('app: the shell runs while signed in', () => {
  it('signed out there is no shell: the sign-in page runs without its charts', async () => {
    const { app } = startApp(storedNothing);
    await settle(20);
    expect(selectShellStatus(app.getSnapshot())).toBe('signedOut');
    expect(getTabsRef(app)).toBeUndefined();
  });

  it('signed in, the shell runs tabs, fullscreen, preferences, socket and messagePoller under their system ids', async () => {
    const { app } = startApp(stored);
    await settle(20);
    expect(selectShellStatus(app.getSnapshot())).toBe('running');
    expect(getTabsRef(app)?.id).toBe('tabs');
    expect(getFullscreenRef(app)?.id).toBe('fullscreen');
    expect(getPreferencesRef(app)?.id).toBe('preferences');
    expect(getSocketRef(app)?.id).toBe('socket');
    expect(getMessagePollerRef(app)?.id).toBe('messagePoller');
  });
});

describe('app: forwarding the session to the shell charts', () => {
  it('signing in reads the user’s slices and restores the preferences from them', async () => {
    const { app, slices } = startApp(stored);
    await settle(20);
    expect(slices.last.input).toEqual({ uuid: '1' });
    slices.last.resolve({ preferences: { size: 'small', asideCollapse: true }, tabs: null });
    await settle();
    const preferences = running(getPreferencesRef(app)).getSnapshot();
    expect(preferences.matches('ready')).toBe(true);
    expect(selectPreferences(preferences)).toMatchObject({ size: 'small', asideCollapse: true });
  });

  it('an unreadable local database restores the default preferences', async () => {
    const { app, slices } = startApp(stored);
    await settle(20);
    slices.last.reject(new Error('private mode'));
    await settle();
    const preferences = running(getPreferencesRef(app)).getSnapshot();
    expect(preferences.matches('ready')).toBe(true);
    expect(selectPreferences(preferences).size).toBe('default');
  });

  it('the saved tabs come back once the menus are known, only those whose route exists, in saved order', async () => {
    const { app, slices, startup } = startApp(stored);
    await settle(20);
    const saved = {
      version: 1,
      tabs: [route('/userInfo', '个人信息'), route('/gone', 'x'), route('/dept', '部门')],
    };
    slices.last.resolve({ preferences: {}, tabs: saved });
    await settle();
    expect(running(getTabsRef(app)).getSnapshot().matches('restoring')).toBe(true);
    startup.last.resolve(startupOk);
    await settle(20);
    const tabs = running(getTabsRef(app)).getSnapshot();
    expect(tabs.matches('ready')).toBe(true);
    expect(selectTabs(tabs).map((t) => t.key)).toEqual(['/index', '/userInfo', '/dept']);
  });

  it('menus that arrive before the saved list still restore the tabs when the list arrives', async () => {
    const { app, slices, startup } = startApp(stored);
    await settle(20);
    startup.last.resolve(startupOk);
    await settle(20);
    expect(running(getTabsRef(app)).getSnapshot().matches('restoring')).toBe(true);
    slices.last.resolve({ preferences: {}, tabs: { version: 1, tabs: [route('/dept', '部门')] } });
    await settle();
    expect(selectTabs(running(getTabsRef(app)).getSnapshot()).map((t) => t.key)).toEqual(['/index', '/dept']);
  });

  it('signing in starts the socket and the message poller; signing out stops the whole shell', async () => {
    const { app, slices, startup } = startApp(stored);
    await settle(20);
    expect(running(getSocketRef(app)).getSnapshot().matches('active')).toBe(true);
    expect(running(getMessagePollerRef(app)).getSnapshot().matches('active')).toBe(true);
    slices.last.resolve({ preferences: {}, tabs: { version: 1, tabs: [route('/dept', '部门')] } });
    startup.last.resolve(startupOk);
    await settle(20);
    const children = [
      getSocketRef(app),
      getMessagePollerRef(app),
      getTabsRef(app),
      getPreferencesRef(app),
    ].map(running);
    getSessionRef(app).send({ type: 'session.expired', reason: 'token_not_valid' });
    await settle();
    expect(selectShellStatus(app.getSnapshot())).toBe('signedOut');
    expect(children.map((child) => child.getSnapshot().status)).toEqual([
      'stopped',
      'stopped',
      'stopped',
      'stopped',
    ]);
    expect(getSocketRef(app)).toBeUndefined();
    expect(getTabsRef(app)).toBeUndefined();
  });

  it('live permissions: the menus fetched again reach the route guard and the tabs (revoked tabs close)', async () => {
    const { app, slices, startup, refetch } = startApp(stored);
    await settle(20);
    slices.last.resolve({ preferences: {}, tabs: { version: 1, tabs: [route('/dept', '部门')] } });
    startup.last.resolve(startupOk);
    await settle(20);
    expect(selectTabs(running(getTabsRef(app)).getSnapshot()).map((t) => t.key)).toEqual(['/index', '/dept']);
    const role = { ...menus[1], id: 9, name: '角色管理', path: '/role', component: 'system/role/index' };
    const changed = [...menus.filter((m) => m.path !== '/dept'), role] as MenuRecord[];
    getSessionRef(app).send({ type: 'session.permissionsChanged' });
    await settle();
    refetch.last.resolve(changed);
    await settle(20);
    const guard = getRouteGuardRef(app).getSnapshot();
    expect(selectRoutes(guard).map((r) => r.path)).toEqual(['/role']);
    expect(selectMenuRecords(guard)).toEqual(changed);
    expect(selectTabs(running(getTabsRef(app)).getSnapshot()).map((t) => t.key)).toEqual(['/index']);
    expect(app.getSnapshot().context.menus).toEqual(changed);
  });

  it('a refreshed access token reaches the socket', async () => {
    const { app } = startApp(stored);
    await settle(20);
    app.send({ type: 'session.refreshed', token: 'fresh-token' });
    expect(running(getSocketRef(app)).getSnapshot().context.token).toBe('fresh-token');
  });
});

describe('app: the shell loads once a session exists', () => {
  it('a session that began before the shell loaded is handed over as input (user, menus)', async () => {
    const { app, slices, startup, chunk } = startApp(stored, { shellLoads: false });
    await settle(20);
    expect(selectShellStatus(app.getSnapshot())).toBe('loading');
    startup.last.resolve(startupOk);
    await settle(20);
    expect(getTabsRef(app)).toBeUndefined();
    chunk.last.resolve();
    await settle(20);
    expect(slices.last.input).toEqual({ uuid: '1' });
    slices.last.resolve({
      preferences: { size: 'mini' },
      tabs: { version: 1, tabs: [route('/dept', '部门')] },
    });
    await settle(20);
    expect(running(getSocketRef(app)).getSnapshot().matches('active')).toBe(true);
    expect(running(getMessagePollerRef(app)).getSnapshot().matches('active')).toBe(true);
    expect(selectPreferences(running(getPreferencesRef(app)).getSnapshot()).size).toBe('mini');
    expect(selectTabs(running(getTabsRef(app)).getSnapshot()).map((t) => t.key)).toEqual(['/index', '/dept']);
  });

  it('a chunk that fails to load is shown as failed, and a retry loads it again', async () => {
    const { app, chunk } = startApp(stored, { shellLoads: false });
    await settle(20);
    chunk.last.reject(new Error('Failed to fetch dynamically imported module'));
    await settle();
    expect(selectShellStatus(app.getSnapshot())).toBe('failed');
    app.send({ type: 'app.retryShell' });
    await settle();
    expect(selectShellStatus(app.getSnapshot())).toBe('loading');
    chunk.last.resolve();
    await settle(20);
    expect(selectShellStatus(app.getSnapshot())).toBe('running');
  });
});

describe('app: valid tab paths', () => {
  it('are the static routes plus the menu routes (catalogs and links make none)', () => {
    const paths = validTabPaths(menus);
    expect(paths).toContain('/dept');
    expect(paths).toContain('/userInfo');
    expect(paths).not.toContain('');
    expect(paths.some((p) => p.includes('*'))).toBe(false);
  });
});
