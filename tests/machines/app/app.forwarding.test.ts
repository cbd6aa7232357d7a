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
} from '../../../src/machines/app/selectors.ts';
import { createShellLogic } from '../../../src/machines/app/shell.ts';
import type { UserSlices } from '../../../src/machines/app/userData.ts';
import { validTabPaths } from '../../../src/machines/app/userData.ts';
import { selectPreferences } from '../../../src/machines/preferences/selectors.ts';
import { selectMenuRecords, selectRoutes } from '../../../src/machines/routeGuard/selectors.ts';
import { sessionMenusRefetchMachine } from '../../../src/machines/session/menusRefetch.machine.ts';
import type { StartupOutput, StoredSession } from '../../../src/machines/session/types.ts';
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

function startApp(restored: StoredSession, { shellFirst = true } = {}) {
  const slices = controllable<UserSlices, { uuid: string | null }>();
  const startup = controllable<StartupOutput>();
  const saveTabs = vi.fn();
  const refetch = controllable<MenuRecord[]>();
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
    app: { actors: { readUserSlices: slices.logic } },
  });
  const shell = createShellLogic({
    tabs: { actions: { saveTabs: (_: unknown, p: unknown) => saveTabs(p), navigateTo: () => {} } },
    preferences: { actions: { savePreferences: () => {}, applyTheme: () => {}, applyColor: () => {} } },
    messagePoller: { actors: { ticker: fromCallback(() => () => {}) } },
  });
  const app = createActor(machine).start();
  const loadShell = () => app.send({ type: 'app.shellLoaded', logic: shell });
  if (shellFirst) loadShell();
  return { app, slices, startup, saveTabs, loadShell, refetch };
}

describe('app: the long-lived children', () => {
  it('runs tabs, fullscreen, preferences, socket and messagePoller under their system ids', () => {
    const { app } = startApp(storedNothing);
    expect(getTabsRef(app).id).toBe('tabs');
    expect(getFullscreenRef(app).id).toBe('fullscreen');
    expect(getPreferencesRef(app).id).toBe('preferences');
    expect(getSocketRef(app).id).toBe('socket');
    expect(getMessagePollerRef(app).id).toBe('messagePoller');
  });
});

describe('app: forwarding the session to the shell charts', () => {
  it('signing in reads the user’s slices and restores the preferences from them', async () => {
    const { app, slices } = startApp(stored);
    await settle(20);
    expect(slices.last.input).toEqual({ uuid: '1' });
    slices.last.resolve({ preferences: { size: 'small', asideCollapse: true }, tabs: null });
    await settle();
    const preferences = getPreferencesRef(app).getSnapshot();
    expect(preferences.matches('ready')).toBe(true);
    expect(selectPreferences(preferences)).toMatchObject({ size: 'small', asideCollapse: true });
  });

  it('an unreadable local database restores the default preferences', async () => {
    const { app, slices } = startApp(stored);
    await settle(20);
    slices.last.reject(new Error('private mode'));
    await settle();
    const preferences = getPreferencesRef(app).getSnapshot();
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
    expect(getTabsRef(app).getSnapshot().matches('restoring')).toBe(true);
    startup.last.resolve(startupOk);
    await settle(20);
    const tabs = getTabsRef(app).getSnapshot();
    expect(tabs.matches('ready')).toBe(true);
    expect(selectTabs(tabs).map((t) => t.key)).toEqual(['/index', '/userInfo', '/dept']);
  });

  it('menus that arrive before the saved list still restore the tabs when the list arrives', async () => {
    const { app, slices, startup } = startApp(stored);
    await settle(20);
    startup.last.resolve(startupOk);
    await settle(20);
    expect(getTabsRef(app).getSnapshot().matches('restoring')).toBe(true);
    slices.last.resolve({ preferences: {}, tabs: { version: 1, tabs: [route('/dept', '部门')] } });
    await settle();
    expect(selectTabs(getTabsRef(app).getSnapshot()).map((t) => t.key)).toEqual(['/index', '/dept']);
  });

  it('signing in starts the socket and the message poller; signing out stops them and closes the tabs', async () => {
    const { app, slices, startup } = startApp(stored);
    await settle(20);
    expect(getSocketRef(app).getSnapshot().matches('active')).toBe(true);
    expect(getMessagePollerRef(app).getSnapshot().matches('active')).toBe(true);
    slices.last.resolve({ preferences: {}, tabs: { version: 1, tabs: [route('/dept', '部门')] } });
    startup.last.resolve(startupOk);
    await settle(20);
    getSessionRef(app).send({ type: 'session.expired', reason: 'token_not_valid' });
    await settle();
    expect(getSocketRef(app).getSnapshot().matches('idle')).toBe(true);
    expect(getMessagePollerRef(app).getSnapshot().matches('idle')).toBe(true);
    const tabs = getTabsRef(app).getSnapshot();
    expect(tabs.matches('restoring')).toBe(true);
    expect(selectTabs(tabs).map((t) => t.key)).toEqual(['/index']);
  });

  it('live permissions: the menus fetched again reach the route guard and the tabs (revoked tabs close)', async () => {
    const { app, slices, startup, refetch } = startApp(stored);
    await settle(20);
    slices.last.resolve({ preferences: {}, tabs: { version: 1, tabs: [route('/dept', '部门')] } });
    startup.last.resolve(startupOk);
    await settle(20);
    expect(selectTabs(getTabsRef(app).getSnapshot()).map((t) => t.key)).toEqual(['/index', '/dept']);
    const role = { ...menus[1], id: 9, name: '角色管理', path: '/role', component: 'system/role/index' };
    const changed = [...menus.filter((m) => m.path !== '/dept'), role] as MenuRecord[];
    getSessionRef(app).send({ type: 'session.permissionsChanged' });
    await settle();
    refetch.last.resolve(changed);
    await settle(20);
    const guard = getRouteGuardRef(app).getSnapshot();
    expect(selectRoutes(guard).map((r) => r.path)).toEqual(['/role']);
    expect(selectMenuRecords(guard)).toEqual(changed);
    expect(selectTabs(getTabsRef(app).getSnapshot()).map((t) => t.key)).toEqual(['/index']);
    expect(app.getSnapshot().context.menus).toEqual(changed);
  });

  it('a refreshed access token reaches the socket', async () => {
    const { app } = startApp(stored);
    await settle(20);
    app.send({ type: 'session.refreshed', token: 'fresh-token' });
    expect(getSocketRef(app).getSnapshot().context.token).toBe('fresh-token');
  });
});

describe('app: the shell charts load after the root', () => {
  it('the sign-in page runs without them; a session that began before they loaded is handed over', async () => {
    const { app, slices, startup, loadShell } = startApp(stored, { shellFirst: false });
    expect(app.system.get('tabs')).toBeUndefined();
    await settle(20);
    slices.last.resolve({
      preferences: { size: 'mini' },
      tabs: { version: 1, tabs: [route('/dept', '部门')] },
    });
    startup.last.resolve(startupOk);
    await settle(20);
    loadShell();
    expect(getSocketRef(app).getSnapshot().matches('active')).toBe(true);
    expect(getMessagePollerRef(app).getSnapshot().matches('active')).toBe(true);
    expect(selectPreferences(getPreferencesRef(app).getSnapshot()).size).toBe('mini');
    expect(selectTabs(getTabsRef(app).getSnapshot()).map((t) => t.key)).toEqual(['/index', '/dept']);
  });

  it('a second load changes nothing', () => {
    const { app, loadShell } = startApp(storedNothing);
    const tabs = getTabsRef(app);
    loadShell();
    expect(getTabsRef(app)).toBe(tabs);
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
