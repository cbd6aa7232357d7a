/** Generated-path fixtures: every event and every invoked actor outcome the chart distinguishes. */
import { loginMachine } from '../../../src/machines/session/login.machine.ts';
import { menusRefetchMachine } from '../../../src/machines/session/menusRefetch.machine.ts';
import { sessionMachine } from '../../../src/machines/session/session.machine.ts';
import { startupMachine } from '../../../src/machines/session/startup.machine.ts';
import type { LoginContext, SessionContext, StartupContext } from '../../../src/machines/session/types.ts';
import type { ChartFixture } from '../support/paths.ts';
import {
  LOGIN_TOKEN,
  loginResult,
  menus,
  NOW,
  networkError,
  PEER_TOKEN,
  REFRESHED_TOKEN,
  RESTORED_TOKEN,
  ROTATED_TOKEN,
  refusedError,
  settings,
  startupData,
  startupFailed,
  startupOk,
  stored,
  storedNothing,
  storedUndefinedToken,
  user,
} from './data.ts';

const failure = new Error('boom');

/** Each fixture token by name (their tails alike, a slice of the text would not tell them apart). */
const TOKEN_NAMES = new Map([
  [RESTORED_TOKEN, 'restored'],
  [REFRESHED_TOKEN, 'refreshed'],
  [ROTATED_TOKEN, 'rotated'],
  [LOGIN_TOKEN, 'login'],
  [PEER_TOKEN, 'peer'],
]);
/** A refusal (no permission) as the services report it: optional start-up steps skip it. */
const refused = Object.assign(new Error('您没有执行该操作的权限。'), { refused: true });

export const sessionFixture: ChartFixture = {
  machine: sessionMachine,
  events: [
    { type: 'session.refreshRequested' },
    { type: 'session.refreshRequested', token: 'an-older-token' },
    // Refused again with the token a requested refresh produced: the session ends.
    {
      type: 'session.refreshRequested',
      token: REFRESHED_TOKEN,
      reason: 'unauthorized',
      message: '未认证，请登录',
    },
    { type: 'session.expired', reason: 'token_not_valid' },
    { type: 'session.expired', reason: 'user_not_found' },
    { type: 'session.expired', reason: 'unauthorized', message: '未认证' },
    { type: 'session.startupRetried' },
    { type: 'session.userUpdated', user: { ...user, name: 'Renamed' } },
    { type: 'session.settingsUpdated', settings: { 'login.site_name': '新站点' } },
    // The socket's `permissions` (live permissions).
    { type: 'session.permissionsChanged' },
    { type: 'session.menusRefetched', menus },
    { type: 'session.logoutRequested' },
    { type: 'session.logoutCancelled' },
    { type: 'session.logoutConfirmed' },
    // The console's other tabs (the `peers` actor).
    { type: 'session.peerSignedIn', session: stored },
    { type: 'session.peerRefreshed', uuid: '1', token: PEER_TOKEN, receivedAt: NOW },
    { type: 'session.peerSignedOut' },
  ],
  inert: ['peers', 'menusRefetch'],
  actors: {
    readStoredSession: { done: [stored, storedUndefinedToken, storedNothing], error: [failure] },
    login: { done: [loginResult] },
    startup: { done: [startupOk, startupFailed] },
    refreshToken: {
      done: [
        { access: REFRESHED_TOKEN, receivedAt: NOW },
        { access: ROTATED_TOKEN, refresh: 'refresh-2', receivedAt: NOW },
      ],
      error: [networkError, refusedError],
    },
    logout: { done: [undefined], error: [failure] },
    clearLocalDatabase: { done: [undefined], error: [failure] },
  },
  limit: 200_000,
  summarize: (c: SessionContext) => ({
    token: c.token === null ? null : (TOKEN_NAMES.get(c.token) ?? c.token.slice(-12)),
    refresh: c.refresh,
    renewedOnRequest: c.renewedOnRequest !== null,
    user: c.user?.name ?? null,
    startupError: c.startupError?.step ?? null,
    signOutReason: c.signOutReason?.key ?? null,
  }),
};

export const loginFixture: ChartFixture = {
  machine: loginMachine,
  events: [
    { type: 'login.submitted', username: ' admin ', password: 'secret', captcha: '21' },
    { type: 'login.submitted', username: 'admin', password: 'secret' },
    { type: 'login.submitted', username: 'admin', password: '' },
    { type: 'login.captchaRefreshRequested' },
  ],
  actors: {
    loadSettings: { done: [settings], error: [failure] },
    loadCaptchaState: { done: [true, false], error: [failure] },
    loadCaptcha: { done: [{ key: 7, image: 'data:image/png;base64,AAAA' }, null], error: [failure] },
    login: {
      done: [{ ...loginResult, username: undefined }],
      error: [{ message: '图片验证码错误' }],
    },
  },
  summarize: (c: LoginContext) => ({
    settings: c.settings !== null,
    captchaEnabled: c.captchaEnabled,
    captcha: c.captcha?.key ?? null,
    username: c.username,
    error: c.error?.text ?? c.error?.key ?? null,
    result: c.result?.username ?? null,
  }),
};

export const startupFixture: ChartFixture = {
  machine: startupMachine,
  inputs: [{ cachedMenus: null }, { cachedMenus: menus }],
  events: [],
  actors: {
    loadUserInfo: { done: [startupData.user], error: [failure] },
    loadSettings: { done: [startupData.settings], error: [failure] },
    loadDictionaries: { done: [startupData.dictionaries], error: [failure] },
    loadDepartments: { done: [startupData.departments], error: [failure, refused] },
    loadMenus: { done: [startupData.menus], error: [failure] },
  },
  summarize: (c: StartupContext) => ({
    loaded: Object.keys(c.data).sort(),
    skipped: c.data.startupSkipped ?? [],
    failure: c.failure ? `${c.failure.step}:${c.failure.reason.key}` : null,
  }),
};

export const menusRefetchFixture: ChartFixture = {
  machine: menusRefetchMachine,
  events: [{ type: 'refetch.requested' }],
  actors: { loadMenus: { done: [menus], error: [failure] } },
  summarize: () => null,
};
