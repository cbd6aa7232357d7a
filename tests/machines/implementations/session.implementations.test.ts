import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { MenuRecord } from '../../../src/contract/index.ts';
import { sessionMachine } from '../../../src/machines/session/session.machine.ts';
import type { PeerMessage } from '../../../src/machines/session/types.ts';
import { ApiError } from '../../../src/services/http/errors.ts';
import { EffectFailure, toEffectFailure } from '../../../src/services/implementations/effects.ts';
import {
  createSessionImplementations,
  createTokenPort,
  type SessionApi,
  type SessionDeps,
} from '../../../src/services/implementations/session.ts';
import type { PeerChannel } from '../../../src/services/session-channel.ts';
import { NOW, PEER_TOKEN, REFRESHED_TOKEN, RESTORED_TOKEN, startupData } from '../session/data.ts';
import { settle } from '../support/fakes.ts';

function fakeDeps(overrides: Partial<SessionDeps> = {}, mode: 'body' | 'cookie' = 'body') {
  const cookies = new Map<string, string>([
    ['token', RESTORED_TOKEN],
    ['uuid', '1'],
    ...(mode === 'body' ? [['refresh', 'refresh-1'] as const] : [['refresh_mode', 'cookie'] as const]),
  ]);
  let refreshCalls = 0;
  const refreshedWith: (string | null)[] = [];
  const loggedOutWith: (string | null)[] = [];
  let releaseRefresh: (() => void) | undefined;
  const api: SessionApi = {
    getSettings: async () => startupData.settings,
    getCaptchaEnabled: async () => false,
    getCaptcha: async () => null,
    login: async () => ({ access: 'a', refresh: mode === 'body' ? 'r' : '', userId: 1 }),
    refreshToken: (refresh) => {
      refreshCalls++;
      refreshedWith.push(refresh);
      return new Promise((resolve) => {
        releaseRefresh = () =>
          resolve(
            refresh
              ? { access: REFRESHED_TOKEN, refresh: `${refresh}-rotated` }
              : { access: REFRESHED_TOKEN, refresh: '' },
          );
      });
    },
    logout: async (refresh) => {
      loggedOutWith.push(refresh);
    },
    getUserInfo: async () => startupData.user,
    getWebRouter: async () => startupData.menus,
    getDictionaries: async () => startupData.dictionaries,
    getDepartments: async () => startupData.departments,
  };
  const notify = vi.fn();
  const menuCache: { value: MenuRecord[] | null } = { value: null };
  const deps: SessionDeps = {
    api,
    cookies: {
      getToken: () => cookies.get('token'),
      getRefresh: () => cookies.get('refresh'),
      getUuid: () => cookies.get('uuid'),
      getRefreshMode: () => (cookies.get('refresh_mode') === 'cookie' ? 'cookie' : 'body'),
      setSession: ({ token, refresh, refreshMode, uuid }) => {
        cookies.set('token', token).set('uuid', String(uuid));
        if (refreshMode === 'cookie') cookies.set('refresh_mode', 'cookie').delete('refresh');
        else if (refresh) cookies.set('refresh', refresh).delete('refresh_mode');
      },
      setTokens: ({ token, refresh }) => {
        cookies.set('token', token);
        if (refresh) cookies.set('refresh', refresh);
      },
      clearSession: () => cookies.clear(),
    },
    menuCache: {
      read: () => menuCache.value,
      write: (menus) => {
        menuCache.value = menus;
      },
      clear: () => {
        menuCache.value = null;
      },
    },
    clearLocalDatabase: vi.fn(async () => {}),
    clearSearchIndex: vi.fn(),
    navigate: vi.fn(),
    reload: vi.fn(),
    notify,
    t: (key) => `t(${key})`,
    now: () => NOW,
    ...overrides,
  };
  return {
    deps,
    cookies,
    menuCache,
    notify,
    refreshes: () => refreshCalls,
    refreshedWith,
    loggedOutWith,
    release: () => releaseRefresh?.(),
  };
}

function start(deps: SessionDeps) {
  return createActor(sessionMachine.provide(createSessionImplementations(deps))).start();
}

/** What a refused request hears: the token to retry with (or why not). */
const refreshAfter401 = (session: ReturnType<typeof start>, token?: string) =>
  createTokenPort(() => session).refreshAfter401(token);
const renewed = (token: string) => ({ kind: 'renewed', token });

describe('session implementations', () => {
  it('restores from the cookies, loads the start-up data through the api and caches the menus', async () => {
    const { deps, menuCache } = fakeDeps();
    const session = start(deps);
    await settle(30);
    expect(session.getSnapshot().context).toMatchObject({
      token: RESTORED_TOKEN,
      uuid: '1',
      user: startupData.user,
    });
    expect(session.getSnapshot().matches({ signedIn: { data: 'ready' } })).toBe(true);
    expect(menuCache.value).toEqual(startupData.menus);
  });

  it('a department list stock dvadmin refuses (4000, no permission) is skipped with a log entry: the console still enters', async () => {
    const log = vi.fn();
    const { deps } = fakeDeps({ log });
    deps.api = {
      ...deps.api,
      getDepartments: async () => {
        throw new ApiError({
          kind: 'body',
          code: 4000,
          message: '您没有执行该操作的权限。 (GET: /api/system/dept/)',
          url: '/api/system/dept/',
        });
      },
    };
    const session = start(deps);
    await settle(30);
    expect(session.getSnapshot().matches({ signedIn: { data: 'ready' } })).toBe(true);
    expect(session.getSnapshot().context).toMatchObject({
      departments: null,
      startupSkipped: ['departments'],
    });
    expect(log).toHaveBeenCalledWith(
      't(session:startup.skipped.departments): 您没有执行该操作的权限。 (GET: /api/system/dept/)',
      'warning',
    );
  });

  it('two refused requests share one refresh call through the token port and both get the new token; cookies follow', async () => {
    const { deps, cookies, refreshes, release } = fakeDeps();
    const session = start(deps);
    await settle(30);
    const port = createTokenPort(() => session);
    expect(port.getAccess()).toBe(RESTORED_TOKEN);
    const first = port.refreshAfter401(RESTORED_TOKEN);
    const second = port.refreshAfter401(RESTORED_TOKEN);
    await settle();
    expect(refreshes()).toBe(1);
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([
      renewed(REFRESHED_TOKEN),
      renewed(REFRESHED_TOKEN),
    ]);
    expect(port.getAccess()).toBe(REFRESHED_TOKEN);
    expect(cookies.get('token')).toBe(REFRESHED_TOKEN);
    expect(cookies.get('refresh')).toBe('refresh-1-rotated');
  });

  it('tabs share a refresh lock: a tab that waited takes the pair another tab rotated, spending no token', async () => {
    // One origin's tabs share cookies and the Web Lock; here both sessions share the fakes and a mutex.
    let chain: Promise<unknown> = Promise.resolve();
    const withRefreshLock = <T>(run: () => Promise<T>): Promise<T> => {
      const result = chain.then(run);
      chain = result.catch(() => undefined);
      return result;
    };
    const { deps, cookies, refreshes, release } = fakeDeps({ withRefreshLock });
    const tabA = start(deps);
    const tabB = start(deps);
    await settle(30);
    const a = refreshAfter401(tabA, RESTORED_TOKEN);
    const b = refreshAfter401(tabB, RESTORED_TOKEN);
    await settle();
    expect(refreshes()).toBe(1);
    release();
    await expect(Promise.all([a, b])).resolves.toEqual([renewed(REFRESHED_TOKEN), renewed(REFRESHED_TOKEN)]);
    expect(refreshes()).toBe(1);
    expect(cookies.get('refresh')).toBe('refresh-1-rotated');
    expect(tabB.getSnapshot().context.refresh).toBe('refresh-1-rotated');
  });

  it('a pair another user left in the cookies is not taken: the tab refreshes its own', async () => {
    const { deps, cookies, refreshes, release } = fakeDeps();
    const session = start(deps);
    await settle(30);
    cookies.set('uuid', '2').set('refresh', 'someone-else').set('token', 'their-token');
    const refreshed = refreshAfter401(session, RESTORED_TOKEN);
    await settle();
    expect(refreshes()).toBe(1);
    release();
    await expect(refreshed).resolves.toEqual(renewed(REFRESHED_TOKEN));
  });

  it('signed out, the token port answers at once that the session ended', async () => {
    const { deps } = fakeDeps();
    deps.cookies.clearSession();
    const session = start(deps);
    await settle();
    await expect(refreshAfter401(session)).resolves.toEqual({ kind: 'ended' });
  });

  it('a request refused again with the token its refresh produced ends the session: refresh once, then expire', async () => {
    const { deps, cookies, refreshes, release } = fakeDeps();
    const session = start(deps);
    await settle(30);
    const port = createTokenPort(() => session);
    const first = port.refreshAfter401(RESTORED_TOKEN);
    await settle();
    release();
    await expect(first).resolves.toEqual(renewed(REFRESHED_TOKEN));
    const why = { reason: 'unauthorized' as const, message: '未认证，请登录' };
    await expect(port.refreshAfter401(REFRESHED_TOKEN, why)).resolves.toEqual({ kind: 'ended' });
    expect(refreshes()).toBe(1);
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(session.getSnapshot().context.signOutReason).toEqual({
      key: 'session:expired.unauthorized',
      text: '未认证，请登录',
    });
    expect(cookies.size).toBe(0);
  });

  it('a verdict about an older token than the session holds is ignored', async () => {
    const { deps } = fakeDeps();
    const session = start(deps);
    await settle(30);
    createTokenPort(() => session).expire('unauthorized', '认证失败', 'a-token-from-before');
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
  });

  it("the http client's verdict ends the session with the translated message and clears the cookies", async () => {
    const { deps, cookies, notify } = fakeDeps();
    const session = start(deps);
    await settle(30);
    createTokenPort(() => session).expire('user_not_found', '', RESTORED_TOKEN);
    expect(notify).toHaveBeenCalledWith({
      kind: 'error',
      message: 't(session:expired.userInvalid)',
      durationMs: 5000,
    });
    expect(cookies.size).toBe(0);
    expect(session.getSnapshot().value).toBe('signedOut');
  });

  it('an ended session asks the server to forget its HttpOnly refresh cookie; in body mode nothing is posted', async () => {
    for (const mode of ['body', 'cookie'] as const) {
      const { deps, loggedOutWith } = fakeDeps({}, mode);
      const session = start(deps);
      await settle(30);
      createTokenPort(() => session).expire('user_not_found', '', RESTORED_TOKEN);
      await settle(30);
      expect(session.getSnapshot().value).toBe('signedOut');
      expect(loggedOutWith).toEqual(mode === 'cookie' ? [null] : []);
    }
  });

  it('the sign-in page asks for the captcha status together with the settings, not one round trip later', async () => {
    const { deps } = fakeDeps();
    deps.cookies.clearSession();
    let releaseSettings: (() => void) | undefined;
    const asked: string[] = [];
    deps.api.getSettings = () =>
      new Promise((resolve) => {
        asked.push('settings');
        releaseSettings = () => resolve(startupData.settings);
      });
    deps.api.getCaptchaEnabled = async (settings) => {
      asked.push('captcha status');
      // a backend without the status endpoint answers by the settings' flag, once they arrive
      return (await settings)?.['base.captcha_state'] === true;
    };
    const session = start(deps);
    await settle(30);
    expect(asked).toEqual(['settings', 'captcha status']);
    expect(session.getSnapshot().children.login?.getSnapshot().value).toBe('loadingSettings');
    releaseSettings?.();
    await settle(30);
    expect(session.getSnapshot().children.login?.getSnapshot().matches('ready')).toBe(true);
    expect(asked).toEqual(['settings', 'captcha status']);
  });

  it('settings inlined in the page draw the sign-in form without a request, once; a later sign-in page asks the API', async () => {
    const { deps } = fakeDeps();
    deps.cookies.clearSession();
    const inlined = { 'login.site_name': '闲鱼监控', 'base.captcha_state': false };
    let boot: { settings: typeof inlined; captchaEnabled: boolean } | undefined = {
      settings: inlined,
      captchaEnabled: false,
    };
    deps.takeBoot = () => {
      const taken = boot;
      boot = undefined;
      return taken;
    };
    const asked: string[] = [];
    deps.api.getSettings = async () => {
      asked.push('settings');
      return startupData.settings;
    };
    deps.api.getCaptchaEnabled = async () => {
      asked.push('captcha status');
      return true;
    };
    const session = start(deps);
    await settle(30);
    const login = session.getSnapshot().children.login?.getSnapshot();
    expect(login?.matches({ ready: { captcha: 'off' } })).toBe(true);
    expect(login?.context.settings).toEqual(inlined);
    expect(asked).toEqual([]);
    // the next sign-in page of this page load (a session that ended without a reload) asks the server
    expect(deps.takeBoot()).toBeUndefined();
  });

  it('the captcha challenge inlined in the page is shown without a request, once; a refresh asks the API', async () => {
    const { deps } = fakeDeps();
    deps.cookies.clearSession();
    const first = { key: 7, image: 'data:image/svg+xml;base64,Zmlyc3Q=' };
    const next = { key: 8, image: 'data:image/svg+xml;base64,bmV4dA==' };
    let boot:
      | { settings: Record<string, unknown>; captchaEnabled: boolean; captcha?: typeof first }
      | undefined = { settings: { 'base.captcha_state': true }, captchaEnabled: true, captcha: first };
    deps.takeBoot = () => {
      const taken = boot;
      boot = undefined;
      return taken as never;
    };
    let asked = 0;
    deps.api.getCaptcha = async () => {
      asked += 1;
      return next;
    };
    const session = start(deps);
    await settle(30);
    const login = () => session.getSnapshot().children.login;
    expect(
      login()
        ?.getSnapshot()
        .matches({ ready: { captcha: 'shown' } }),
    ).toBe(true);
    expect(login()?.getSnapshot().context.captcha).toEqual(first);
    expect(asked).toBe(0);
    login()?.send({ type: 'login.captchaRefreshRequested' });
    await settle(30);
    expect(login()?.getSnapshot().context.captcha).toEqual(next);
    expect(asked).toBe(1);
  });

  it('a login answered with an empty refresh (HttpOnly cookie mode) keeps no refresh token readable and remembers the mode', async () => {
    const { deps, cookies } = fakeDeps({}, 'cookie');
    deps.cookies.clearSession();
    const session = start(deps);
    await settle(30);
    session
      .getSnapshot()
      .children.login?.send({ type: 'login.submitted', username: 'admin', password: 'pw' });
    await settle(30);
    expect(session.getSnapshot().context).toMatchObject({ refresh: null, refreshMode: 'cookie', token: 'a' });
    expect(cookies.get('refresh')).toBeUndefined();
    expect(cookies.get('refresh_mode')).toBe('cookie');
  });

  it('a login answered with a refresh token (stock dvadmin) stores it in the refresh cookie as before', async () => {
    const { deps, cookies } = fakeDeps();
    deps.cookies.clearSession();
    const session = start(deps);
    await settle(30);
    session
      .getSnapshot()
      .children.login?.send({ type: 'login.submitted', username: 'admin', password: 'pw' });
    await settle(30);
    expect(session.getSnapshot().context).toMatchObject({ refresh: 'r', refreshMode: 'body' });
    expect(cookies.get('refresh')).toBe('r');
    expect(cookies.get('refresh_mode')).toBeUndefined();
  });

  it('in cookie mode a refresh posts no token (the server reads its cookie) and stores only the access token', async () => {
    const { deps, cookies, refreshedWith, release } = fakeDeps({}, 'cookie');
    const session = start(deps);
    await settle(30);
    expect(session.getSnapshot().context).toMatchObject({ refresh: null, refreshMode: 'cookie' });
    const answer = refreshAfter401(session, RESTORED_TOKEN);
    await settle();
    release();
    await expect(answer).resolves.toEqual(renewed(REFRESHED_TOKEN));
    expect(refreshedWith).toEqual([null]);
    expect(cookies.get('token')).toBe(REFRESHED_TOKEN);
    expect(cookies.get('refresh')).toBeUndefined();
  });

  it('in cookie mode a tab that waited for the lock takes the access token another tab stored', async () => {
    let chain: Promise<unknown> = Promise.resolve();
    const withRefreshLock = <T>(run: () => Promise<T>): Promise<T> => {
      const result = chain.then(run);
      chain = result.catch(() => undefined);
      return result;
    };
    const { deps, refreshes, release } = fakeDeps({ withRefreshLock }, 'cookie');
    const tabA = start(deps);
    const tabB = start(deps);
    await settle(30);
    const a = refreshAfter401(tabA, RESTORED_TOKEN);
    const b = refreshAfter401(tabB, RESTORED_TOKEN);
    await settle();
    release();
    await expect(Promise.all([a, b])).resolves.toEqual([renewed(REFRESHED_TOKEN), renewed(REFRESHED_TOKEN)]);
    expect(refreshes()).toBe(1);
  });

  it('logout revokes the refresh token: posted in body mode, from the server cookie in cookie mode', async () => {
    for (const mode of ['body', 'cookie'] as const) {
      const { deps, loggedOutWith } = fakeDeps({}, mode);
      const session = start(deps);
      await settle(30);
      session.send({ type: 'session.logoutRequested' });
      session.send({ type: 'session.logoutConfirmed' });
      await settle(30);
      expect(loggedOutWith).toEqual([mode === 'body' ? 'refresh-1' : null]);
    }
  });

  it('logout reloads the page at /login after clearing the local database', async () => {
    const { deps } = fakeDeps();
    const session = start(deps);
    await settle(30);
    session.send({ type: 'session.logoutRequested' });
    session.send({ type: 'session.logoutConfirmed' });
    await settle(30);
    expect(deps.clearLocalDatabase).toHaveBeenCalledTimes(1);
    expect(deps.clearSearchIndex).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('a throwing effect is reported, not fatal to the chart', async () => {
    const onError = vi.fn();
    const { deps } = fakeDeps({ onError, clearSearchIndex: () => Promise.reject(new Error('x')) as never });
    deps.clearSearchIndex = () => {
      throw new Error('search index gone');
    };
    const session = start(deps);
    await settle(30);
    session.send({ type: 'session.expired', reason: 'token_not_valid' });
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 'clearSearchIndex');
    expect(session.getSnapshot().status).toBe('active');
  });
});

/**
 * The tabs of one origin: each `join()` is a tab's channel; a post reaches every other tab at once. With
 * `withoutTokens`, as the `storage` fallback, messages lose their tokens on the way.
 */
function peerHub({ withoutTokens = false } = {}) {
  const tabs = new Set<Set<(message: PeerMessage) => void>>();
  const posted: PeerMessage[] = [];
  const join = (): PeerChannel => {
    const own = new Set<(message: PeerMessage) => void>();
    tabs.add(own);
    return {
      post(message) {
        const sent =
          withoutTokens && message.kind !== 'signedOut'
            ? (({ token: _t, refresh: _r, ...rest }) => rest)(message)
            : message;
        posted.push(sent);
        for (const tab of tabs) if (tab !== own) for (const listener of tab) listener(sent);
      },
      subscribe(listener) {
        own.add(listener);
        return () => own.delete(listener);
      },
      close: () => tabs.delete(own),
    };
  };
  return { join, posted };
}

describe("session implementations: the console's other tabs", () => {
  it('a logout in one tab signs the other out at once; a sign-in in one brings the other back', async () => {
    const hub = peerHub();
    const { deps, cookies, loggedOutWith } = fakeDeps();
    const tabA = start({ ...deps, peers: hub.join() });
    const tabB = start({ ...deps, peers: hub.join() });
    await settle(30);
    tabA.send({ type: 'session.logoutRequested' });
    tabA.send({ type: 'session.logoutConfirmed' });
    expect(tabB.getSnapshot().matches('signedOut')).toBe(true);
    expect(deps.notify).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'info', message: 't(session:peer.signedOut)' }),
    );
    await settle(30);
    // One logout call (tab A's), and tab B went to /login through the route guard, not by reloading.
    expect(loggedOutWith).toEqual(['refresh-1']);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(cookies.get('token')).toBeUndefined();

    // Tab A reloaded at /login: a new page, a new session actor.
    tabA.stop();
    const tabA2 = start({ ...deps, peers: hub.join() });
    await settle(30);
    tabA2.getSnapshot().children.login?.send({ type: 'login.submitted', username: 'admin', password: 'pw' });
    await settle(30);
    expect(tabA2.getSnapshot().matches('signedIn')).toBe(true);
    expect(tabB.getSnapshot().matches({ signedIn: { data: 'ready' } })).toBe(true);
    expect(tabB.getSnapshot().context).toMatchObject({ token: 'a', refresh: 'r', uuid: '1' });
  });

  it('a refresh in one tab is used by the other: one refresh call, and the rotated refresh token follows', async () => {
    const hub = peerHub();
    const { deps, refreshes, release } = fakeDeps();
    const tabA = start({ ...deps, peers: hub.join() });
    const tabB = start({ ...deps, peers: hub.join() });
    await settle(30);
    const answer = refreshAfter401(tabA, RESTORED_TOKEN);
    await settle();
    release();
    await expect(answer).resolves.toEqual(renewed(REFRESHED_TOKEN));
    expect(tabB.getSnapshot().context).toMatchObject({
      token: REFRESHED_TOKEN,
      refresh: 'refresh-1-rotated',
    });
    // Tab B's requests go out with the new token, and its refresh timer waits for that token's exp.
    expect(createTokenPort(() => tabB).getAccess()).toBe(REFRESHED_TOKEN);
    expect(refreshes()).toBe(1);
    expect(hub.posted).toEqual([
      { kind: 'refreshed', uuid: '1', token: REFRESHED_TOKEN, refresh: 'refresh-1-rotated' },
    ]);
  });

  it('in HttpOnly cookie mode a peer refresh causes no second refresh call here', async () => {
    const hub = peerHub();
    const { deps, refreshes, release } = fakeDeps({}, 'cookie');
    const tabA = start({ ...deps, peers: hub.join() });
    const tabB = start({ ...deps, peers: hub.join() });
    await settle(30);
    const answer = refreshAfter401(tabA, RESTORED_TOKEN);
    await settle();
    release();
    await answer;
    expect(tabB.getSnapshot().context).toMatchObject({ token: REFRESHED_TOKEN, refresh: null });
    // A request tab B made with the old token is told the new one: no refresh of its own.
    await expect(refreshAfter401(tabB, RESTORED_TOKEN)).resolves.toEqual(renewed(REFRESHED_TOKEN));
    expect(refreshes()).toBe(1);
  });

  it('without tokens on the channel (the storage fallback) the peer reads them from the shared cookies', async () => {
    const hub = peerHub({ withoutTokens: true });
    const { deps, refreshes, refreshedWith, release } = fakeDeps();
    const tabA = start({ ...deps, peers: hub.join() });
    const tabB = start({ ...deps, peers: hub.join() });
    await settle(30);
    const answer = refreshAfter401(tabA, RESTORED_TOKEN);
    await settle();
    release();
    await answer;
    expect(hub.posted).toEqual([{ kind: 'refreshed', uuid: '1' }]);
    expect(tabB.getSnapshot().context).toMatchObject({
      token: REFRESHED_TOKEN,
      refresh: 'refresh-1-rotated',
    });
    // Its own refresh later posts the rotated refresh token, never the spent one.
    const later = refreshAfter401(tabB, REFRESHED_TOKEN);
    await settle();
    release();
    await later;
    expect(refreshes()).toBe(2);
    expect(refreshedWith).toEqual(['refresh-1', 'refresh-1-rotated']);
  });

  it('a tab that took a peer token without its refresh token refreshes with the one in the cookies', async () => {
    const { deps, cookies, refreshedWith, release } = fakeDeps();
    const session = start(deps);
    await settle(30);
    // Another tab rotated the pair; this tab heard only the access token (the refresh cookie lagged).
    cookies.set('token', PEER_TOKEN).set('refresh', 'peer-refresh');
    session.send({ type: 'session.peerRefreshed', uuid: '1', token: PEER_TOKEN, receivedAt: NOW });
    expect(session.getSnapshot().context).toMatchObject({ token: PEER_TOKEN, refresh: 'refresh-1' });
    const answer = refreshAfter401(session, PEER_TOKEN);
    await settle();
    release();
    await answer;
    expect(refreshedWith).toEqual(['peer-refresh']);
  });
});

describe('effect errors', () => {
  it('network failures, timeouts and a gateway or unavailable status are transient; refused requests are not', () => {
    const make = (kind: 'network' | 'timeout' | 'body' | 'http', status?: number) =>
      new ApiError({ kind, status, message: kind, url: '/token/refresh/' });
    expect(toEffectFailure(make('network')).transient).toBe(true);
    expect(toEffectFailure(make('timeout')).transient).toBe(true);
    // A server being restarted behind a proxy: the session waits and retries instead of ending.
    for (const status of [502, 503, 504]) expect(toEffectFailure(make('http', status)).transient).toBe(true);
    expect(toEffectFailure(make('http', 500)).transient).toBe(false);
    expect(toEffectFailure(make('http', 401)).transient).toBe(false);
    expect(toEffectFailure(make('body'))).toMatchObject({ transient: false, message: 'body' });
    expect(toEffectFailure('text').message).toBe('text');
    const failure = new EffectFailure('x', true);
    expect(toEffectFailure(failure)).toBe(failure);
  });
});
