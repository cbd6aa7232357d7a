/** Shared test data for the session charts. */
import type { MenuRecord, Settings, UserInfo } from '../../../src/contract/index.ts';
import type {
  Departments,
  LoginResult,
  StartupData,
  StartupOutput,
  StoredSession,
} from '../../../src/machines/session/types.ts';
import { accessToken } from '../support/jwt.ts';
import { START_TIME } from '../support/paths.ts';

export const NOW = START_TIME;
/** Restored from the cookie: issued 30 min ago, so 90 min left. */
export const RESTORED_TOKEN = accessToken(NOW - 30 * 60_000);
export const REFRESHED_TOKEN = accessToken(NOW, 120, { jti: 'refreshed' });
export const ROTATED_TOKEN = accessToken(NOW, 120, { jti: 'rotated' });
export const LOGIN_TOKEN = accessToken(NOW, 120, { jti: 'login' });
/** What another tab of the console refreshed to (as new as a refresh of this tab's own). */
export const PEER_TOKEN = accessToken(NOW, 120, { jti: 'peer' });

export const settings: Settings = {
  'base.captcha_state': true,
  'login.site_name': '企业级后台管理系统',
  'login.copyright': '2021-2022 django-vue-admin.com 版权所有',
  'login.keep_record': '晋ICP备18005113号-3',
};

export const user: UserInfo = {
  id: 1,
  username: 'admin',
  name: '超级管理员',
  avatar: null,
  is_superuser: true,
};

export const menus: MenuRecord[] = [
  {
    id: 1,
    parent: null,
    name: '系统管理',
    path: '',
    component: '',
    component_name: '',
    is_catalog: true,
    visible: true,
  },
  {
    id: 2,
    parent: 1,
    name: '部门管理',
    path: '/dept',
    component: 'system/dept/index',
    component_name: 'dept',
    cache: true,
    visible: true,
    menuPermission: ['Search', 'Create'],
  },
];

export const stored: StoredSession = {
  token: RESTORED_TOKEN,
  refresh: 'refresh-1',
  uuid: '1',
  menus: null,
  receivedAt: NOW,
};
export const storedWithCache: StoredSession = { ...stored, menus };
/** What a dvadmin console writes after a failed login. */
export const storedUndefinedToken: StoredSession = {
  token: 'undefined',
  refresh: 'undefined',
  uuid: 'undefined',
  receivedAt: NOW,
};
export const storedNothing: StoredSession = { receivedAt: NOW };

export const loginResult: LoginResult = {
  access: LOGIN_TOKEN,
  refresh: 'refresh-login',
  userId: 1,
  name: '超级管理员',
  avatar: null,
  username: 'admin',
  receivedAt: NOW,
};

export const startupData: StartupData & { departments: Departments } = {
  user,
  settings,
  dictionaries: { button_status_bool: [{ label: '启用', value: true }] },
  departments: { list: [], tree: [], names: {} },
  menus,
  startupSkipped: [],
};
export const startupOk: StartupOutput = { ok: true, data: startupData };
export const startupFailed: StartupOutput = {
  ok: false,
  step: 'dictionaries',
  reason: { key: 'session:startup.timeout' },
};

/** An http-client style failure the implementations normalise to `{message, transient}`. */
export const networkError = { message: 'Network Error', transient: true };
export const refusedError = { message: 'Token is invalid or expired', transient: false };
