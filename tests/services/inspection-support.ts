/**
 * A real app system (the root chart, session with start-up, route guard, log, and the shell's charts) with
 * fake effects, signed in from a stored session, inspected through an inspection hub: what the live state
 * panel and its report see in the browser, without a browser.
 */
import { type AnyActorRef, createActor, fromCallback, fromPromise } from 'xstate';
import { createAppMachine } from '../../src/machines/app/app.machine.ts';
import { getLogRef, getTabsRef, SYSTEM_IDS } from '../../src/machines/app/selectors.ts';
import { startupMachine } from '../../src/machines/session/startup.machine.ts';
import type { StoredSession } from '../../src/machines/session/types.ts';
import { createShellMachine } from '../../src/machines/shell/shell.machine.ts';
import type { UserSlices, UserSlicesInput } from '../../src/machines/shell/userData.ts';
import { createInspectionHub, type InspectionHub } from '../../src/services/inspection.ts';
import { startupData } from '../machines/session/data.ts';
import { resolvesWith, settle } from '../machines/support/fakes.ts';
import { accessToken } from '../machines/support/jwt.ts';

/** The actors a signed-in system runs (the login chart exists only signed out). */
export const SIGNED_IN_ACTORS: string[] = Object.values(SYSTEM_IDS).filter((id) => id !== SYSTEM_IDS.login);

export const PASSWORD = 'hunter2-secret';

/** Starts the system on `hub`, signed in with a fresh token, shell charts running, then a few user events. */
export async function startSignedInSystem(hub: InspectionHub = createInspectionHub()) {
  const token = accessToken(Date.now() - 10 * 60_000);
  const stored: StoredSession = {
    token,
    refresh: 'refresh-1',
    uuid: '1',
    menus: null,
    receivedAt: Date.now(),
  };
  const logic = createAppMachine({
    session: {
      actors: {
        readStoredSession: resolvesWith(stored),
        startup: startupMachine.provide({
          actors: {
            loadUserInfo: resolvesWith(startupData.user),
            loadSettings: resolvesWith(startupData.settings),
            loadDictionaries: resolvesWith(startupData.dictionaries),
            loadDepartments: resolvesWith(startupData.departments),
            loadMenus: resolvesWith(startupData.menus),
          },
        }),
      },
    },
    routeGuard: { actions: { navigate: () => {}, patchRoutes: () => {}, resetRoutes: () => {} } },
    log: { actors: { watchGlobalErrors: fromCallback(() => () => {}) } },
    app: {
      actors: {
        loadShell: resolvesWith(undefined),
        shell: createShellMachine({
          shell: {
            actors: {
              readUserSlices: fromPromise<UserSlices, UserSlicesInput>(async () => ({
                preferences: undefined,
                tabs: undefined,
              })),
            },
          },
        }),
      },
    },
  } as never);
  const app: AnyActorRef = createActor(logic, { inspect: hub.inspect }).start();
  await settle(40);
  getTabsRef(app)?.send({
    type: 'tab.opened',
    route: { name: 'dept', fullPath: '/dept', params: {}, query: {}, meta: { title: '部门管理' } },
  });
  // A secret in an event: the log hears an http failure carrying the request's headers.
  getLogRef(app).send({
    type: 'log.recorded',
    entry: {
      message: 'request failed',
      type: 'danger',
      time: Date.now(),
      meta: {
        headers: { Authorization: `JWT ${token}`, Cookie: `token=${token}` },
        body: { password: PASSWORD },
      },
    },
  });
  await settle(20);
  return { app, hub, token };
}
