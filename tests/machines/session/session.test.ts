import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor } from 'xstate';
import type { MenuRecord } from '../../../src/contract/index.ts';
import { REFRESH_LEAD_MS } from '../../../src/machines/session/jwt.ts';
import { sessionMenusRefetchMachine } from '../../../src/machines/session/menusRefetch.machine.ts';
import {
  selectIsConfirmingLogout,
  selectIsReady,
  selectLoginActor,
  selectSessionStatus,
  selectStartupError,
} from '../../../src/machines/session/selectors.ts';
import { sessionMachine } from '../../../src/machines/session/session.machine.ts';
import type {
  LoginResult,
  PeerMessage,
  RefreshedTokens,
  RefreshInput,
  SessionEmitted,
  StartupOutput,
  StoredSession,
} from '../../../src/machines/session/types.ts';
import { controllable, recordEffects, resolvesWith, settle } from '../support/fakes.ts';
import { accessToken } from '../support/jwt.ts';
import {
  LOGIN_TOKEN,
  loginResult,
  menus,
  NOW,
  networkError,
  PEER_TOKEN,
  REFRESHED_TOKEN,
  RESTORED_TOKEN,
  refusedError,
  startupFailed,
  startupOk,
  stored,
  storedUndefinedToken,
  user,
} from './data.ts';

const EFFECTS = [
  'persistSession',
  'persistToken',
  'forgetServerRefresh',
  'clearCookies',
  'cacheMenus',
  'clearMenuCache',
  'clearSearchIndex',
  'notify',
  'goToLogin',
  'reloadPage',
] as const;

/** The session started with fakes; restore answers with `restored`, start-up and refresh wait for the test. */
function startSession(restored: StoredSession = stored, extra: Record<string, AnyActorLogic> = {}) {
  const effects = recordEffects(EFFECTS, {
    notify: (p: { reason: { key: string } }) => p.reason.key,
    forgetServerRefresh: (p: { mode: string }) => p.mode,
  });
  // Told apart from the other effects so the orders above stay about this tab's own work.
  const told: PeerMessage[] = [];
  const startup = controllable<StartupOutput>();
  const refresh = controllable<RefreshedTokens, RefreshInput>();
  const logout = controllable<void, { refresh: string | null }>();
  const clearLocalDatabase = controllable<void>();
  const login = controllable<LoginResult>();
  const machine = sessionMachine.provide({
    actors: {
      readStoredSession: resolvesWith(restored),
      startup: startup.logic,
      refreshToken: refresh.logic,
      logout: logout.logic,
      clearLocalDatabase: clearLocalDatabase.logic,
      login: login.logic,
      ...extra,
    } as never,
    actions: { ...effects.actions, tellPeers: (_: unknown, message: PeerMessage) => told.push(message) },
  });
  const actor = createActor(machine);
  const emitted: SessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as SessionEmitted));
  actor.start();
  return { actor, effects, startup, refresh, logout, clearLocalDatabase, login, emitted, told };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('session: restore', () => {
  it('a token cookie "undefined" is no token: the session starts signed out with the login page', async () => {
    const { actor, emitted } = startSession(storedUndefinedToken);
    await settle();
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(selectLoginActor(actor.getSnapshot())).toBeDefined();
    expect(emitted).toEqual([{ type: 'session.signedOut', reason: 'restore' }]);
  });

  it('a stored token signs in at once and starts loading the user data', async () => {
    const { actor, startup, emitted } = startSession();
    await settle();
    expect(
      actor.getSnapshot().matches({ signedIn: { data: 'loading', token: 'valid', logout: 'idle' } }),
    ).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      token: RESTORED_TOKEN,
      refresh: 'refresh-1',
      uuid: '1',
    });
    expect(startup.calls).toHaveLength(1);
    expect(emitted).toEqual([{ type: 'session.signedIn', uuid: '1' }]);
  });
});

describe('session: login', () => {
  it('a successful login stores the three cookies and the user, and starts loading', async () => {
    const { actor, login, effects, startup } = startSession(storedUndefinedToken);
    await settle();
    login.last.resolve(loginResult);
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { data: 'loading' } })).toBe(true);
    expect(effects.actions.persistSession).toHaveBeenCalledWith(expect.anything(), {
      token: LOGIN_TOKEN,
      refresh: 'refresh-login',
      refreshMode: 'body',
      uuid: '1',
    });
    expect(startup.calls).toHaveLength(1);
    expect(startup.last.input).toEqual({ cachedMenus: null });
    // The header can greet the user before the start-up brings the full user info.
    expect(actor.getSnapshot().context.user).toEqual({
      id: 1,
      username: 'admin',
      name: '超级管理员',
      avatar: null,
    });
  });
});

describe('session: start-up', () => {
  it('a completed start-up keeps user, settings, dictionaries, departments and menus, and caches the menus', async () => {
    const { actor, startup, effects, emitted } = startSession();
    await settle();
    startup.last.resolve(startupOk);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(selectIsReady(snapshot)).toBe(true);
    expect(snapshot.context).toMatchObject({
      user,
      menus,
      settings: startupOk.ok ? startupOk.data.settings : null,
    });
    expect(effects.actions.cacheMenus).toHaveBeenCalledWith(expect.anything(), { menus });
    expect(emitted).toContainEqual({ type: 'session.ready', user, menus });
  });

  it('a failed start-up shows the failed step and retrying runs it again', async () => {
    const { actor, startup } = startSession();
    await settle();
    startup.last.resolve(startupFailed);
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { data: 'failed' } })).toBe(true);
    expect(selectStartupError(actor.getSnapshot())).toEqual({
      step: 'dictionaries',
      reason: { key: 'session:startup.timeout' },
    });
    actor.send({ type: 'session.startupRetried' });
    expect(actor.getSnapshot().matches({ signedIn: { data: 'loading' } })).toBe(true);
    expect(startup.calls).toHaveLength(2);
  });

  it('saved system settings replace the session settings (header name and logo follow)', async () => {
    const { actor, startup } = startSession();
    await settle();
    startup.last.resolve(startupOk);
    await settle();
    const settings = { 'login.site_name': '二手监控中心', 'login.site_logo': '/media/logo.png' };
    actor.send({ type: 'session.settingsUpdated', settings });
    expect(actor.getSnapshot().context.settings).toEqual(settings);
    expect(selectIsReady(actor.getSnapshot())).toBe(true);
  });

  it('the menus cached in sessionStorage are handed to the start-up', async () => {
    const { startup } = startSession({ ...stored, menus });
    await settle();
    expect(startup.last.input).toEqual({ cachedMenus: menus });
  });
});

describe('session: live permissions', () => {
  /** Signed in and ready, with the `menusRefetch` child's fetch under the test's control. */
  async function readySession() {
    const refetch = controllable<MenuRecord[]>();
    const reportFailure = vi.fn();
    const child = sessionMenusRefetchMachine.provide({
      actors: { loadMenus: refetch.logic },
      actions: { reportFailure },
    });
    const session = startSession(stored, { menusRefetch: child });
    await settle();
    session.startup.last.resolve(startupOk);
    await settle();
    session.effects.actions.cacheMenus.mockClear();
    session.emitted.length = 0;
    return { ...session, refetch, reportFailure };
  }
  const granted: MenuRecord[] = [
    ...menus,
    { id: 9, parent: null, name: '角色管理', path: '/role', component: 'system/role/index', visible: true },
  ] as MenuRecord[];

  it('a permissions change fetches the menus again: they replace the held ones and their cache, and are announced', async () => {
    const { actor, refetch, effects, emitted } = await readySession();
    actor.send({ type: 'session.permissionsChanged' });
    await settle();
    expect(refetch.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.menus).toEqual(menus);
    refetch.last.resolve(granted);
    await settle();
    expect(actor.getSnapshot().context.menus).toEqual(granted);
    expect(effects.actions.cacheMenus).toHaveBeenCalledWith(expect.anything(), { menus: granted });
    expect(emitted).toEqual([{ type: 'session.menusChanged', menus: granted }]);
    expect(selectIsReady(actor.getSnapshot())).toBe(true);
  });

  it('another change while fetching starts the fetch again, so the answer includes it', async () => {
    const { actor, refetch, emitted } = await readySession();
    actor.send({ type: 'session.permissionsChanged' });
    await settle();
    actor.send({ type: 'session.permissionsChanged' });
    await settle();
    expect(refetch.calls).toHaveLength(2);
    expect(refetch.calls[0]?.signal.aborted).toBe(true);
    refetch.last.resolve(granted);
    await settle();
    expect(emitted).toEqual([{ type: 'session.menusChanged', menus: granted }]);
  });

  it('a failed fetch keeps the menus held and changes nothing on screen (a log line only)', async () => {
    const { actor, refetch, effects, emitted, reportFailure } = await readySession();
    actor.send({ type: 'session.permissionsChanged' });
    await settle();
    refetch.last.reject(networkError);
    await settle();
    expect(actor.getSnapshot().context.menus).toEqual(menus);
    expect(effects.actions.cacheMenus).not.toHaveBeenCalled();
    expect(effects.actions.notify).not.toHaveBeenCalled();
    expect(emitted).toEqual([]);
    expect(reportFailure).toHaveBeenCalledTimes(1);
    // The next change fetches again.
    actor.send({ type: 'session.permissionsChanged' });
    await settle();
    expect(refetch.calls).toHaveLength(2);
  });

  it('before the start-up has the menus, a change is left to it (it fetches them itself)', async () => {
    const refetch = controllable<MenuRecord[]>();
    const child = sessionMenusRefetchMachine.provide({ actors: { loadMenus: refetch.logic } });
    const { actor, startup } = startSession(stored, { menusRefetch: child });
    await settle();
    actor.send({ type: 'session.permissionsChanged' });
    await settle();
    expect(refetch.calls).toHaveLength(0);
    expect(startup.calls).toHaveLength(1);
  });
});

describe('session: token refresh', () => {
  it('two refresh requests while refreshing cause one refresh call, and both callers hear the result', async () => {
    const { actor, refresh, emitted } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested', token: RESTORED_TOKEN });
    actor.send({ type: 'session.refreshRequested', token: RESTORED_TOKEN });
    actor.send({ type: 'session.refreshRequested' });
    expect(refresh.calls).toHaveLength(1);
    expect(refresh.last.input).toEqual({
      refresh: 'refresh-1',
      mode: 'body',
      uuid: stored.uuid,
      token: RESTORED_TOKEN,
    });
    refresh.last.resolve({ access: REFRESHED_TOKEN, receivedAt: NOW });
    await settle();
    expect(actor.getSnapshot().context.token).toBe(REFRESHED_TOKEN);
    expect(actor.getSnapshot().context.refresh).toBe('refresh-1');
    expect(emitted.filter((e) => e.type === 'session.refreshed')).toEqual([
      { type: 'session.refreshed', token: REFRESHED_TOKEN },
    ]);
  });

  it('the new token replaces the token cookie, and a rotated refresh token the refresh cookie', async () => {
    const { actor, refresh, effects } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested' });
    refresh.last.resolve({ access: REFRESHED_TOKEN, refresh: 'refresh-2', receivedAt: NOW });
    await settle();
    expect(effects.actions.persistToken).toHaveBeenCalledWith(expect.anything(), {
      token: REFRESHED_TOKEN,
      refresh: 'refresh-2',
    });
    expect(actor.getSnapshot().context.refresh).toBe('refresh-2');
  });

  it('a request that failed with an older token is told the current token without a refresh', async () => {
    const { actor, refresh, emitted } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested', token: 'a-token-from-before' });
    expect(refresh.calls).toHaveLength(0);
    expect(emitted).toContainEqual({ type: 'session.refreshed', token: RESTORED_TOKEN });
  });

  it('the access token is refreshed 60 s before it expires', async () => {
    vi.useFakeTimers({ now: NOW });
    const { refresh } = startSession();
    await settle();
    // The restored token was issued 30 minutes ago and lives 120: the refresh is due in 90 min - 60 s.
    const due = 90 * 60_000 - REFRESH_LEAD_MS;
    vi.advanceTimersByTime(due - 1);
    expect(refresh.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(refresh.calls).toHaveLength(1);
  });

  it('an already expired access token is refreshed at once', async () => {
    vi.useFakeTimers({ now: NOW });
    const { refresh } = startSession({ ...stored, receivedAt: NOW + 3 * 60 * 60_000 });
    await settle();
    vi.advanceTimersByTime(0);
    expect(refresh.calls).toHaveLength(1);
  });

  it('a refused refresh ends the session with 登录超时，请重新登录！ and answers the waiting callers', async () => {
    const { actor, refresh, effects, emitted } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested' });
    refresh.last.reject(refusedError);
    await settle();
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(effects.order).toEqual([
      'notify:session:expired.timeout',
      'forgetServerRefresh:body',
      'clearCookies',
      'clearMenuCache',
      'clearSearchIndex',
    ]);
    expect(emitted).toContainEqual({ type: 'session.refreshFailed' });
    expect(emitted).toContainEqual({ type: 'session.signedOut', reason: 'expired' });
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, menus: [] });
  });

  it('an involuntary end in cookie mode asks the server to forget its HttpOnly refresh cookie', async () => {
    const { actor, refresh, effects } = startSession({ ...stored, refresh: null, refreshMode: 'cookie' });
    await settle();
    actor.send({ type: 'session.refreshRequested' });
    refresh.last.reject(refusedError);
    await settle();
    expect(effects.order.slice(0, 3)).toEqual([
      'notify:session:expired.timeout',
      'forgetServerRefresh:cookie',
      'clearCookies',
    ]);
  });

  it('a network failure of the refresh keeps the session and tries again after 10 s', async () => {
    vi.useFakeTimers({ now: NOW });
    const { actor, refresh, emitted } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested' });
    refresh.last.reject(networkError);
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { token: 'waitingToRetry' } })).toBe(true);
    expect(emitted).toContainEqual({ type: 'session.refreshFailed' });
    vi.advanceTimersByTime(9_999);
    expect(refresh.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(refresh.calls).toHaveLength(2);
  });

  it('token_not_valid refreshes once before logging out with 登录超时，请重新登录！', async () => {
    const { actor, refresh, effects } = startSession();
    await settle();
    // The http client's first 401: one refresh.
    actor.send({ type: 'session.refreshRequested', token: RESTORED_TOKEN });
    refresh.last.resolve({ access: REFRESHED_TOKEN, receivedAt: NOW });
    await settle();
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn');
    // The retried request is refused again: the client ends the session.
    actor.send({ type: 'session.expired', reason: 'token_not_valid' });
    expect(refresh.calls).toHaveLength(1);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(effects.order).toEqual([
      'persistToken',
      'notify:session:expired.timeout',
      'forgetServerRefresh:body',
      'clearCookies',
      'clearMenuCache',
      'clearSearchIndex',
    ]);
  });

  it('a request refused again with the token its own refresh produced ends the session without a second refresh', async () => {
    const { actor, refresh } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested', token: RESTORED_TOKEN });
    refresh.last.resolve({ access: REFRESHED_TOKEN, receivedAt: NOW });
    await settle();
    actor.send({
      type: 'session.refreshRequested',
      token: REFRESHED_TOKEN,
      reason: 'unauthorized',
      message: '未认证，请登录',
    });
    expect(refresh.calls).toHaveLength(1);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context.signOutReason).toEqual({
      key: 'session:expired.unauthorized',
      text: '未认证，请登录',
    });
  });

  it('a token refreshed by the timer may still be refreshed once when a request is refused with it', async () => {
    vi.useFakeTimers({ now: NOW });
    const { actor, refresh } = startSession({ ...stored, receivedAt: NOW + 3 * 60 * 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    refresh.last.resolve({ access: REFRESHED_TOKEN, receivedAt: NOW });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'session.refreshRequested', token: REFRESHED_TOKEN });
    expect(refresh.calls).toHaveLength(2);
  });

  it('a verdict on an older token than the current one is ignored', async () => {
    const { actor } = startSession();
    await settle();
    actor.send({ type: 'session.expired', reason: 'unauthorized', message: '认证失败', token: 'old' });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn');
  });

  it('user_not_found logs out with 用户无效，请重新登录！', async () => {
    const { actor, effects } = startSession();
    await settle();
    actor.send({ type: 'session.expired', reason: 'user_not_found' });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(effects.order[0]).toBe('notify:session:expired.userInvalid');
    expect(actor.getSnapshot().context.signOutReason).toEqual({ key: 'session:expired.userInvalid' });
  });

  it('a plain 401 shows the server message', async () => {
    const { actor, effects } = startSession();
    await settle();
    actor.send({ type: 'session.expired', reason: 'unauthorized', message: '账号已被禁用' });
    expect(effects.actions.notify).toHaveBeenCalledWith(expect.anything(), {
      kind: 'error',
      reason: { key: 'session:expired.unauthorized', text: '账号已被禁用' },
    });
  });

  it('signed out, a refresh request fails at once', async () => {
    const { actor, emitted } = startSession(storedUndefinedToken);
    await settle();
    actor.send({ type: 'session.refreshRequested' });
    expect(emitted.at(-1)).toEqual({ type: 'session.refreshFailed' });
  });
});

describe('session: logout', () => {
  it('cancelling logout keeps the session and says logout cancelled', async () => {
    const { actor, effects, logout } = startSession();
    await settle();
    actor.send({ type: 'session.logoutRequested' });
    expect(selectIsConfirmingLogout(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'session.logoutCancelled' });
    expect(selectIsConfirmingLogout(actor.getSnapshot())).toBe(false);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn');
    expect(effects.actions.notify).toHaveBeenCalledWith(expect.anything(), {
      kind: 'info',
      reason: { key: 'session:logout.cancelled' },
    });
    expect(logout.calls).toHaveLength(0);
  });

  it('a confirmed logout calls the API, clears everything, then goes to /login and reloads', async () => {
    const { actor, effects, logout, clearLocalDatabase } = startSession();
    await settle();
    actor.send({ type: 'session.logoutRequested' });
    actor.send({ type: 'session.logoutConfirmed' });
    expect(logout.last.input).toEqual({ refresh: 'refresh-1', mode: 'body' });
    expect(effects.order).toEqual([]);
    logout.last.resolve();
    await settle();
    expect(effects.order).toEqual(['clearCookies', 'clearMenuCache', 'clearSearchIndex']);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, menus: [] });
    expect(clearLocalDatabase.calls).toHaveLength(1);
    clearLocalDatabase.last.resolve();
    await settle();
    expect(effects.order.slice(3)).toEqual(['goToLogin', 'reloadPage']);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loggedOut');
  });

  it('a failing logout call is ignored', async () => {
    const { actor, effects, logout, clearLocalDatabase } = startSession();
    await settle();
    actor.send({ type: 'session.logoutRequested' });
    actor.send({ type: 'session.logoutConfirmed' });
    logout.last.reject(new Error('500'));
    await settle();
    clearLocalDatabase.last.reject(new Error('blocked'));
    await settle();
    expect(effects.order).toEqual([
      'clearCookies',
      'clearMenuCache',
      'clearSearchIndex',
      'goToLogin',
      'reloadPage',
    ]);
  });

  it('a logout call that hangs is given up after 5 s, a blocked database delete after 3 s', async () => {
    vi.useFakeTimers({ now: NOW });
    const { actor, effects } = startSession();
    await settle();
    actor.send({ type: 'session.logoutRequested' });
    actor.send({ type: 'session.logoutConfirmed' });
    vi.advanceTimersByTime(4_999);
    expect(effects.order).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(effects.order).toEqual(['clearCookies', 'clearMenuCache', 'clearSearchIndex']);
    vi.advanceTimersByTime(2_999);
    expect(effects.actions.reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(effects.actions.reloadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('logout while a refresh is in flight answers the waiting callers', async () => {
    const { actor, emitted } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested' });
    actor.send({ type: 'session.logoutRequested' });
    actor.send({ type: 'session.logoutConfirmed' });
    expect(emitted.slice(-2)).toEqual([
      { type: 'session.refreshFailed' },
      { type: 'session.signedOut', reason: 'logout' },
    ]);
  });

  it('a confirmed logout tells the other charts at once, before the logout call returns', async () => {
    const { actor, emitted } = startSession();
    await settle();
    actor.send({ type: 'session.logoutRequested' });
    expect(emitted).not.toContainEqual({ type: 'session.signedOut', reason: 'logout' });
    actor.send({ type: 'session.logoutConfirmed' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(emitted).toContainEqual({ type: 'session.signedOut', reason: 'logout' });
  });
});

describe("session: the console's other tabs", () => {
  const peerRefreshed = (token = PEER_TOKEN, extra: { uuid?: string | null; refresh?: string | null } = {}) =>
    ({ type: 'session.peerRefreshed', uuid: '1', token, receivedAt: NOW, ...extra }) as const;

  it('a sign-out in another tab ends this session at once: no logout call, no cookie cleared, an info toast', async () => {
    const { actor, effects, logout, emitted, told } = startSession();
    await settle();
    actor.send({ type: 'session.peerSignedOut' });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(effects.order).toEqual(['notify:session:peer.signedOut', 'clearMenuCache', 'clearSearchIndex']);
    expect(logout.calls).toHaveLength(0);
    expect(emitted.at(-1)).toEqual({ type: 'session.signedOut', reason: 'peer' });
    expect(actor.getSnapshot().context).toMatchObject({
      token: null,
      user: null,
      signOutReason: { key: 'session:peer.signedOut' },
    });
    // Nothing is told back: the other tab knows.
    expect(told).toEqual([]);
  });

  it('a sign-in in another tab takes a signed-out tab in with the session it stored', async () => {
    const { actor, startup, emitted, told } = startSession(storedUndefinedToken);
    await settle();
    actor.send({ type: 'session.peerSignedIn', session: { ...stored, token: PEER_TOKEN } });
    expect(actor.getSnapshot().matches({ signedIn: { data: 'loading', token: 'valid' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: PEER_TOKEN, uuid: '1', signOutReason: null });
    expect(emitted.at(-1)).toEqual({ type: 'session.signedIn', uuid: '1' });
    expect(startup.calls).toHaveLength(1);
    expect(told).toEqual([]);
  });

  it('a peer sign-in without a usable token leaves the tab signed out', async () => {
    const { actor } = startSession(storedUndefinedToken);
    await settle();
    actor.send({ type: 'session.peerSignedIn', session: storedUndefinedToken });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
  });

  it('a token another tab refreshed replaces this one, and the refresh timer starts again from its exp', async () => {
    vi.useFakeTimers({ now: NOW });
    const { actor, refresh, emitted } = startSession();
    await settle();
    // The restored token's refresh is due at 90 min - 60 s. An hour in, another tab refreshes: its token
    // lives 120 min from then.
    vi.advanceTimersByTime(60 * 60_000);
    const token = accessToken(Date.now(), 120, { jti: 'peer-later' });
    actor.send({ ...peerRefreshed(token, { refresh: 'refresh-peer' }), receivedAt: Date.now() });
    expect(actor.getSnapshot().context).toMatchObject({ token, refresh: 'refresh-peer' });
    expect(emitted.at(-1)).toEqual({ type: 'session.refreshed', token });
    // The old due time passes without a refresh of this tab's own…
    vi.advanceTimersByTime(30 * 60_000);
    expect(refresh.calls).toHaveLength(0);
    // …the new one is 120 min - 60 s after the peer's token arrived.
    vi.advanceTimersByTime(90 * 60_000 - REFRESH_LEAD_MS - 1);
    expect(refresh.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(refresh.calls).toHaveLength(1);
  });

  it('in cookie mode a peer refresh brings no refresh token: none is kept', async () => {
    const { actor } = startSession({ ...stored, refresh: null, refreshMode: 'cookie' });
    await settle();
    actor.send(peerRefreshed(PEER_TOKEN, { refresh: null }));
    expect(actor.getSnapshot().context).toMatchObject({ token: PEER_TOKEN, refresh: null });
  });

  it("an echo of the held token, an older token or another user's token is not taken", async () => {
    const { actor, emitted } = startSession();
    await settle();
    actor.send(peerRefreshed(PEER_TOKEN, { uuid: '2' }));
    actor.send(peerRefreshed(RESTORED_TOKEN));
    expect(actor.getSnapshot().context.token).toBe(RESTORED_TOKEN);
    actor.send(peerRefreshed(PEER_TOKEN));
    // The restored token (issued 30 min ago) is older than the peer's: a late message about it is dropped.
    actor.send(peerRefreshed(RESTORED_TOKEN));
    expect(actor.getSnapshot().context.token).toBe(PEER_TOKEN);
    expect(emitted.filter((e) => e.type === 'session.refreshed')).toHaveLength(1);
  });

  it('waiting to retry after a network failure, a peer refresh ends the wait with its token', async () => {
    vi.useFakeTimers({ now: NOW });
    const { actor, refresh } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested' });
    refresh.last.reject(networkError);
    await settle();
    actor.send(peerRefreshed());
    expect(actor.getSnapshot().matches({ signedIn: { token: 'valid' } })).toBe(true);
    expect(actor.getSnapshot().context.token).toBe(PEER_TOKEN);
    vi.advanceTimersByTime(10_000);
    expect(refresh.calls).toHaveLength(1);
  });

  it('while refreshing, a peer refresh is left to the refresh in flight (it takes the stored pair under the lock)', async () => {
    const { actor, refresh } = startSession();
    await settle();
    actor.send({ type: 'session.refreshRequested' });
    actor.send(peerRefreshed());
    expect(actor.getSnapshot().matches({ signedIn: { token: 'refreshing' } })).toBe(true);
    refresh.last.resolve({ access: PEER_TOKEN, receivedAt: NOW });
    await settle();
    expect(actor.getSnapshot().context.token).toBe(PEER_TOKEN);
    expect(refresh.calls).toHaveLength(1);
  });

  it('refresh once, then retry or expire, holds with a token taken from a peer', async () => {
    const { actor, refresh } = startSession();
    await settle();
    actor.send(peerRefreshed());
    // A request refused with the peer's token: this tab refreshes once of its own…
    actor.send({ type: 'session.refreshRequested', token: PEER_TOKEN });
    expect(refresh.calls).toHaveLength(1);
    refresh.last.resolve({ access: REFRESHED_TOKEN, receivedAt: NOW });
    await settle();
    // …and refused again with what that refresh produced, the session ends.
    actor.send({ type: 'session.refreshRequested', token: REFRESHED_TOKEN });
    expect(refresh.calls).toHaveLength(1);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
  });

  it('this tab tells the others when it signs in, refreshes, expires or logs out; restoring tells nothing', async () => {
    const signedOut = startSession(storedUndefinedToken);
    await settle();
    signedOut.login.last.resolve(loginResult);
    await settle();
    expect(signedOut.told).toEqual([
      { kind: 'signedIn', uuid: '1', refreshMode: 'body', token: LOGIN_TOKEN, refresh: 'refresh-login' },
    ]);

    const restored = startSession();
    await settle();
    expect(restored.told).toEqual([]);
    restored.actor.send({ type: 'session.refreshRequested' });
    restored.refresh.last.resolve({ access: REFRESHED_TOKEN, refresh: 'refresh-2', receivedAt: NOW });
    await settle();
    expect(restored.told).toEqual([
      { kind: 'refreshed', uuid: '1', token: REFRESHED_TOKEN, refresh: 'refresh-2' },
    ]);
    restored.actor.send({ type: 'session.expired', reason: 'user_not_found' });
    expect(restored.told.at(-1)).toEqual({ kind: 'signedOut', uuid: '1' });

    const leaving = startSession();
    await settle();
    leaving.actor.send({ type: 'session.logoutRequested' });
    leaving.actor.send({ type: 'session.logoutConfirmed' });
    // At once, before the logout call returns.
    expect(leaving.told).toEqual([{ kind: 'signedOut', uuid: '1' }]);
  });
});
