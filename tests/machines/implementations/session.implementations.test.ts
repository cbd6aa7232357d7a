import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { MenuRecord } from '../../../src/contract/index.ts';
import { sessionMachine } from '../../../src/machines/session/session.machine.ts';
import { ApiError } from '../../../src/services/http/errors.ts';
import { EffectFailure, toEffectFailure } from '../../../src/services/implementations/effects.ts';
import {
  createSessionImplementations,
  type SessionApi,
  type SessionDeps,
} from '../../../src/services/implementations/session.ts';
import {
  createSessionBridge,
  requestTokenRefresh,
} from '../../../src/services/implementations/sessionBridge.ts';
import { NOW, REFRESHED_TOKEN, RESTORED_TOKEN, startupData } from '../session/data.ts';
import { settle } from '../support/fakes.ts';

function fakeDeps(overrides: Partial<SessionDeps> = {}) {
  const cookies = new Map<string, string>([
    ['token', RESTORED_TOKEN],
    ['refresh', 'refresh-1'],
    ['uuid', '1'],
  ]);
  let refreshCalls = 0;
  let releaseRefresh: (() => void) | undefined;
  const api: SessionApi = {
    getSettings: async () => startupData.settings,
    getCaptchaEnabled: async () => false,
    getCaptcha: async () => null,
    login: async () => ({ access: 'a', refresh: 'r', userId: 1 }),
    refreshToken: (refresh) => {
      refreshCalls++;
      return new Promise((resolve) => {
        releaseRefresh = () => resolve({ access: REFRESHED_TOKEN, refresh: `${refresh}-rotated` });
      });
    },
    logout: async () => {},
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
      setSession: ({ token, refresh, uuid }) => {
        cookies.set('token', token).set('refresh', refresh).set('uuid', String(uuid));
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
    release: () => releaseRefresh?.(),
  };
}

function start(deps: SessionDeps) {
  return createActor(sessionMachine.provide(createSessionImplementations(deps))).start();
}

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

  it('two callers of the bridge share one refresh call and both get the new token; cookies follow', async () => {
    const { deps, cookies, refreshes, release } = fakeDeps();
    const session = start(deps);
    await settle(30);
    const first = requestTokenRefresh(session, RESTORED_TOKEN);
    const second = requestTokenRefresh(session, RESTORED_TOKEN);
    await settle();
    expect(refreshes()).toBe(1);
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([REFRESHED_TOKEN, REFRESHED_TOKEN]);
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
    const a = requestTokenRefresh(tabA, RESTORED_TOKEN);
    const b = requestTokenRefresh(tabB, RESTORED_TOKEN);
    await settle();
    expect(refreshes()).toBe(1);
    release();
    await expect(Promise.all([a, b])).resolves.toEqual([REFRESHED_TOKEN, REFRESHED_TOKEN]);
    expect(refreshes()).toBe(1);
    expect(cookies.get('refresh')).toBe('refresh-1-rotated');
    expect(tabB.getSnapshot().context.refresh).toBe('refresh-1-rotated');
  });

  it('a pair another user left in the cookies is not taken: the tab refreshes its own', async () => {
    const { deps, cookies, refreshes, release } = fakeDeps();
    const session = start(deps);
    await settle(30);
    cookies.set('uuid', '2').set('refresh', 'someone-else').set('token', 'their-token');
    const refreshed = requestTokenRefresh(session, RESTORED_TOKEN);
    await settle();
    expect(refreshes()).toBe(1);
    release();
    await expect(refreshed).resolves.toBe(REFRESHED_TOKEN);
  });

  it('signed out, the bridge rejects at once', async () => {
    const { deps } = fakeDeps();
    deps.cookies.clearSession();
    const session = start(deps);
    await settle();
    await expect(requestTokenRefresh(session)).rejects.toThrow('token refresh failed');
  });

  it("the http client's verdict ends the session with the translated message and clears the cookies", async () => {
    const { deps, cookies, notify } = fakeDeps();
    const session = start(deps);
    await settle(30);
    createSessionBridge(session).onAuthExpired('user_not_found', '');
    expect(notify).toHaveBeenCalledWith({
      kind: 'error',
      message: 't(session:expired.userInvalid)',
      durationMs: 5000,
    });
    expect(cookies.size).toBe(0);
    expect(session.getSnapshot().value).toBe('signedOut');
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

describe('effect errors', () => {
  it('network failures and timeouts are transient; refused requests are not', () => {
    const make = (kind: 'network' | 'timeout' | 'body') =>
      new ApiError({ kind, message: kind, url: '/token/refresh/' });
    expect(toEffectFailure(make('network')).transient).toBe(true);
    expect(toEffectFailure(make('timeout')).transient).toBe(true);
    expect(toEffectFailure(make('body'))).toMatchObject({ transient: false, message: 'body' });
    expect(toEffectFailure('text').message).toBe('text');
    const failure = new EffectFailure('x', true);
    expect(toEffectFailure(failure)).toBe(failure);
  });
});
