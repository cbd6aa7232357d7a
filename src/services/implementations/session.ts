/**
 * Binds the `session` chart (and its `login` and `startup` children) to real effects:
 * `sessionMachine.provide(createSessionImplementations(deps))`, or through `createAppImplementations`.
 *
 * `deps` are plain functions and objects the UI builds from src/services: the `Api` (api/), the session
 * cookies (cookies.ts `getSessionCookies()` fits `cookies` as is), the menu cache (storage/menu-cache.ts),
 * the local store's delete, the router's navigate, a reload, the notify toast and i18n's `t`.
 */
import { fromPromise } from 'xstate';
import { LOGIN_PATH, type MenuRecord, type Settings } from '../../contract/index.ts';
import { loginMachine } from '../../machines/session/login.machine.ts';
import type { sessionMachine } from '../../machines/session/session.machine.ts';
import { startupMachine } from '../../machines/session/startup.machine.ts';
import type {
  CaptchaChallenge,
  Departments,
  Dictionaries,
  LoginOutcome,
  LoginRequest,
  Notice,
  RefreshedTokens,
  RefreshInput,
  StoredSession,
} from '../../machines/session/types.ts';
import type { Api } from '../api/types.ts';
import {
  type EffectErrorHandler,
  EffectFailure,
  guarded,
  NOTICE_DURATION_MS,
  normalised,
} from './effects.ts';

/** The session cookies (uuid, token, refresh; 1 day each). Matches `SessionCookies` of cookies.ts. */
export type SessionCookieStore = {
  getToken(): string | undefined;
  getRefresh(): string | undefined;
  getUuid(): string | undefined;
  /** Login: writes all three, each for 1 day. */
  setSession(values: { token: string; refresh: string; uuid: string | number }): void;
  /** Refresh: the new access token, and the refresh token when the server rotated it. */
  setTokens(values: { token: string; refresh?: string | undefined }): void;
  /** Removes token, uuid and refresh. */
  clearSession(): void;
};

/** `sessionStorage.menuData` (storage/menu-cache.ts: `readMenuCache`, `writeMenuCache`, `clearMenuCache`). */
export type MenuCacheStore = {
  read(): MenuRecord[] | null | undefined;
  write(menus: MenuRecord[]): void;
  clear(): void;
};

export type SessionApi = Pick<
  Api,
  | 'getSettings'
  | 'getCaptchaEnabled'
  | 'getCaptcha'
  | 'login'
  | 'refreshToken'
  | 'logout'
  | 'getUserInfo'
  | 'getWebRouter'
  | 'getDictionaries'
  | 'getDepartments'
>;

export type SessionDeps = {
  api: SessionApi;
  cookies: SessionCookieStore;
  menuCache: MenuCacheStore;
  /** Deletes the local (Dexie) database; may reject (the chart goes on after `localDataTimeout`). */
  clearLocalDatabase(): Promise<void>;
  /** Empties the menu search pool of the header search. */
  clearSearchIndex(): void;
  /** The router's navigate. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** `location.reload()`. */
  reload(): void;
  /** A toast (notify.ts `showNotice` fits). */
  notify(notice: { kind: Notice['kind']; message: string; durationMs: number }): void;
  /** i18next's `t`; keys come with their namespace (`session:logout.cancelled`). */
  t(key: string): string;
  /** Clock (ms since the epoch) used to time the token refresh. */
  now(): number;
  /** Where a failing synchronous effect is reported (default: console.error). */
  onError?: EffectErrorHandler;
  /**
   * Runs a token refresh holding a lock shared by the user's tabs (`webLocksRefresh` below), so that two
   * tabs never spend the same refresh token: with rotation the server would take the second use for
   * theft and revoke the session. Absent: no cross-tab coordination.
   */
  withRefreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
};

/** `withRefreshLock` on the Web Locks API (one lock per origin); runs unlocked where it is missing. */
export function webLocksRefresh<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('xy-admin:token-refresh', run) : run();
}

type SessionImplementations = Parameters<(typeof sessionMachine)['provide']>[0];

export function createSessionImplementations(deps: SessionDeps) {
  const { api, cookies, menuCache, now } = deps;
  const onError = deps.onError ?? ((error, effect) => console.error(`[session] ${effect} failed`, error));

  const login = loginMachine.provide({
    actors: {
      loadSettings: fromPromise<Settings>(({ signal }) => normalised(() => api.getSettings(signal))),
      loadCaptchaState: fromPromise<boolean, { settings: Settings | null }>(({ input, signal }) =>
        normalised(() => api.getCaptchaEnabled(input.settings ?? undefined, signal)),
      ),
      loadCaptcha: fromPromise<CaptchaChallenge | null>(({ signal }) =>
        normalised(() => api.getCaptcha(signal)),
      ),
      login: fromPromise<LoginOutcome, LoginRequest>(({ input, signal }) =>
        normalised(async () => ({ ...(await api.login(input, signal)), receivedAt: now() })),
      ),
    },
  });

  const startup = startupMachine.provide({
    actors: {
      loadUserInfo: fromPromise(({ signal }) => normalised(() => api.getUserInfo(signal))),
      loadSettings: fromPromise<Settings>(({ signal }) => normalised(() => api.getSettings(signal))),
      loadDictionaries: fromPromise<Dictionaries>(({ signal }) =>
        normalised(() => api.getDictionaries(signal)),
      ),
      loadDepartments: fromPromise<Departments>(({ signal }) => normalised(() => api.getDepartments(signal))),
      loadMenus: fromPromise<MenuRecord[]>(({ signal }) => normalised(() => api.getWebRouter(signal))),
    },
  });

  const withRefreshLock = deps.withRefreshLock ?? ((run) => run());

  return {
    actors: {
      readStoredSession: fromPromise<StoredSession>(async () => ({
        token: cookies.getToken() ?? null,
        refresh: cookies.getRefresh() ?? null,
        uuid: cookies.getUuid() ?? null,
        menus: menuCache.read() ?? null,
        receivedAt: now(),
      })),
      login,
      startup,
      refreshToken: fromPromise<RefreshedTokens, RefreshInput>(({ input, signal }) =>
        normalised(() =>
          withRefreshLock(async () => {
            if (!input.refresh) throw new EffectFailure('no refresh token', false);
            // Another tab of the same user refreshed (and rotated) while this one waited: take its pair.
            const stored = {
              token: cookies.getToken(),
              refresh: cookies.getRefresh(),
              uuid: cookies.getUuid(),
            };
            const sameUser = stored.uuid !== undefined && stored.uuid === input.uuid;
            if (sameUser && stored.token && stored.refresh && stored.refresh !== input.refresh) {
              return { access: stored.token, refresh: stored.refresh, receivedAt: now() };
            }
            const pair = await api.refreshToken(input.refresh, signal);
            // Written before the lock is let go, so a waiting tab sees the rotated pair (the chart's
            // `persistToken` writes the same values again afterwards).
            cookies.setTokens({ token: pair.access, refresh: pair.refresh });
            return pair.refresh
              ? { access: pair.access, refresh: pair.refresh, receivedAt: now() }
              : { access: pair.access, receivedAt: now() };
          }),
        ),
      ),
      logout: fromPromise<void, { refresh: string | null }>(async ({ input, signal }) => {
        if (input.refresh) await api.logout(input.refresh, signal);
      }),
      clearLocalDatabase: fromPromise<void>(() => normalised(() => deps.clearLocalDatabase())),
    },
    actions: {
      persistSession: guarded(
        'persistSession',
        (_: unknown, params: { token: string; refresh: string; uuid: string }) => cookies.setSession(params),
        onError,
      ),
      persistToken: guarded(
        'persistToken',
        (_: unknown, params: { token: string; refresh?: string }) => cookies.setTokens(params),
        onError,
      ),
      clearCookies: guarded('clearCookies', () => cookies.clearSession(), onError),
      cacheMenus: guarded(
        'cacheMenus',
        (_: unknown, params: { menus: MenuRecord[] }) => menuCache.write(params.menus),
        onError,
      ),
      clearMenuCache: guarded('clearMenuCache', () => menuCache.clear(), onError),
      clearSearchIndex: guarded('clearSearchIndex', () => deps.clearSearchIndex(), onError),
      notify: guarded(
        'notify',
        (_: unknown, { kind, reason }: Notice) =>
          deps.notify({ kind, message: reason.text ?? deps.t(reason.key), durationMs: NOTICE_DURATION_MS }),
        onError,
      ),
      goToLogin: guarded('goToLogin', () => deps.navigate(LOGIN_PATH, { replace: true }), onError),
      reloadPage: guarded('reloadPage', () => deps.reload(), onError),
    },
  } satisfies SessionImplementations;
}
