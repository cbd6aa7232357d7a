/**
 * Binds the `session` chart (and its `login` and `startup` children) to real effects:
 * `sessionMachine.provide(createSessionImplementations(deps))`, or through `createAppImplementations`.
 *
 * `deps` are plain functions and objects the UI builds from src/services: the `Api` (api/), the session
 * cookies (cookies.ts `getSessionCookies()` fits `cookies` as is), the menu cache (storage/menu-cache.ts),
 * the local store's delete, the router's navigate, a reload, the notify toast and i18n's `t`, and the line to
 * the console's other tabs (session-channel.ts `createPeerChannel()`).
 */
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate';
import { LOGIN_PATH, type MenuRecord, type Settings } from '../../contract/index.ts';
import { loginMachine } from '../../machines/session/login.machine.ts';
import { sessionMenusRefetchMachine } from '../../machines/session/menusRefetch.machine.ts';
import { selectTokenAnswer } from '../../machines/session/selectors.ts';
import type { sessionMachine } from '../../machines/session/session.machine.ts';
import { startupMachine } from '../../machines/session/startup.machine.ts';
import type {
  CaptchaChallenge,
  Departments,
  Dictionaries,
  LoginOutcome,
  LoginRequest,
  LogoutInput,
  Notice,
  PeerMessage,
  PersistedSession,
  RefreshedTokens,
  RefreshInput,
  RefreshMode,
  SessionEvent,
  StartupSkip,
  StoredSession,
} from '../../machines/session/types.ts';
import type { Api } from '../api/types.ts';
import type { BootData } from '../boot.ts';
import type { TokenAnswer, TokenPort } from '../http/types.ts';
import type { PeerChannel } from '../session-channel.ts';
import {
  type EffectErrorHandler,
  EffectFailure,
  guarded,
  NOTICE_DURATION_MS,
  normalised,
} from './effects.ts';

/**
 * The session cookies (uuid, token, refresh, refresh_mode; 1 day each). Matches `SessionCookies` of
 * cookies.ts. Only the session chart's actions write them.
 */
export type SessionCookieStore = {
  getToken(): string | undefined;
  getRefresh(): string | undefined;
  getUuid(): string | undefined;
  getRefreshMode(): RefreshMode;
  /** Login: token, uuid, and the refresh token in body mode (or `refresh_mode=cookie`), each for 1 day. */
  setSession(values: {
    token: string;
    refresh: string | null;
    refreshMode?: RefreshMode;
    uuid: string | number;
  }): void;
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
  /** A frontend log entry (start-up data the server refused this user). */
  log?(message: string, type: 'info' | 'warning' | 'danger'): void;
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
  /**
   * The console's other tabs (session-channel.ts): told of this tab's sign-in, refresh and sign-out, heard
   * for theirs. Absent: each tab keeps to itself.
   */
  peers?: PeerChannel;
  /** The sign-in page's settings, captcha flag and first challenge when the page carries them (src/services/boot.ts). */
  takeBoot?: () => BootData | undefined;
};

/** Resolves after the current task (a macrotask), so the chart's reaction to a resolved promise runs first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** `withRefreshLock` on the Web Locks API (one lock per origin); runs unlocked where it is missing. */
export function webLocksRefresh<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('xy-admin:token-refresh', run) : run();
}

type SessionImplementations = Parameters<(typeof sessionMachine)['provide']>[0];

export function createSessionImplementations(deps: SessionDeps) {
  const { api, cookies, menuCache, now } = deps;
  const onError = deps.onError ?? ((error, effect) => console.error(`[session] ${effect} failed`, error));

  // The captcha status is asked together with the settings (only its fallback, on a backend without the
  // status endpoint, reads them): the chart's `checkingCaptcha` then takes the answer already on its way
  // instead of starting a second round trip after the first.
  let captchaState: Promise<boolean> | undefined;
  // The first challenge, when the page carries it: the chart's first `loadCaptcha` takes it (once).
  let inlinedCaptcha: CaptchaChallenge | undefined;
  const login = loginMachine.provide({
    actors: {
      loadSettings: fromPromise<Settings>(({ signal }) => {
        // Inlined by the server in /login's HTML: no request before the form (the first page only).
        const boot = deps.takeBoot?.();
        if (boot) {
          captchaState = Promise.resolve(boot.captchaEnabled);
          inlinedCaptcha = boot.captcha;
          return Promise.resolve(boot.settings);
        }
        const settings = normalised(() => api.getSettings(signal));
        captchaState = normalised(() =>
          api.getCaptchaEnabled(
            settings.catch(() => undefined),
            signal,
          ),
        );
        captchaState.catch(() => undefined); // handled when `checkingCaptcha` takes it
        return settings;
      }),
      loadCaptchaState: fromPromise<boolean, { settings: Settings | null }>(({ input, signal }) => {
        const early = captchaState;
        captchaState = undefined;
        return early ?? normalised(() => api.getCaptchaEnabled(input.settings ?? undefined, signal));
      }),
      loadCaptcha: fromPromise<CaptchaChallenge | null>(({ signal }) => {
        const first = inlinedCaptcha;
        inlinedCaptcha = undefined;
        return first ? Promise.resolve(first) : normalised(() => api.getCaptcha(signal));
      }),
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
    actions: {
      reportSkipped: (_, skip: StartupSkip) =>
        deps.log?.(
          `${deps.t(`session:startup.skipped.${skip.step}`)}: ${skip.reason.text ?? deps.t(skip.reason.key)}`,
          'warning',
        ),
    },
  });

  const menusRefetch = sessionMenusRefetchMachine.provide({
    actors: {
      loadMenus: fromPromise<MenuRecord[]>(({ signal }) => normalised(() => api.getWebRouter(signal))),
    },
    actions: {
      reportFailure: (_, { error }: { error: unknown }) =>
        deps.log?.(
          `${deps.t('session:permissions.refetchFailed')}: ${error instanceof Error ? error.message : String(error)}`,
          'warning',
        ),
    },
  });

  const withRefreshLock = deps.withRefreshLock ?? ((run) => run());

  /** The refresh itself, under the cross-tab lock. Reads the cookies; never writes them (the chart does). */
  async function refreshUnderLock(input: RefreshInput, signal: AbortSignal): Promise<RefreshedTokens> {
    if (input.mode === 'body' && !input.refresh) throw new EffectFailure('no refresh token', false);
    // Another tab of the same user refreshed (and rotated) while this one waited: take its pair.
    const stored = { token: cookies.getToken(), refresh: cookies.getRefresh(), uuid: cookies.getUuid() };
    const sameUser = stored.uuid !== undefined && stored.uuid === input.uuid;
    if (sameUser && stored.token && stored.token !== input.token) {
      if (input.mode === 'cookie') return { access: stored.token, receivedAt: now() };
      if (stored.refresh && stored.refresh !== input.refresh)
        return { access: stored.token, refresh: stored.refresh, receivedAt: now() };
    }
    // The cookies hold this tab's access token beside another refresh token: a peer rotated it and this tab
    // took the access token without it (the `storage` fallback carries no token). The cookie's is the live one.
    const refresh =
      sameUser && stored.token === input.token && stored.refresh ? stored.refresh : input.refresh;
    const pair = await api.refreshToken(input.mode === 'cookie' ? null : refresh, signal);
    return pair.refresh && input.mode === 'body'
      ? { access: pair.access, refresh: pair.refresh, receivedAt: now() }
      : { access: pair.access, receivedAt: now() };
  }

  /** A peer's message as the chart's event; tokens the message leaves out are read from the shared cookies. */
  function peerEvent(message: PeerMessage): SessionEvent | null {
    if (message.kind === 'signedOut') return { type: 'session.peerSignedOut' };
    const token = message.token ?? cookies.getToken();
    const refresh = message.refresh === undefined ? (cookies.getRefresh() ?? null) : message.refresh;
    if (message.kind === 'refreshed')
      return token
        ? { type: 'session.peerRefreshed', uuid: message.uuid, token, refresh, receivedAt: now() }
        : null;
    return {
      type: 'session.peerSignedIn',
      session: {
        token: token ?? null,
        refresh,
        uuid: message.uuid ?? cookies.getUuid() ?? null,
        refreshMode: message.refreshMode,
        menus: null,
        receivedAt: now(),
      },
    };
  }

  return {
    actors: {
      peers: fromCallback<SessionEvent>(({ sendBack }) => {
        if (!deps.peers) return () => {};
        return deps.peers.subscribe((message) => {
          const event = peerEvent(message);
          if (event) sendBack(event);
        });
      }),
      readStoredSession: fromPromise<StoredSession>(async () => ({
        token: cookies.getToken() ?? null,
        refresh: cookies.getRefresh() ?? null,
        uuid: cookies.getUuid() ?? null,
        refreshMode: cookies.getRefreshMode(),
        menus: menuCache.read() ?? null,
        receivedAt: now(),
      })),
      login,
      startup,
      refreshToken: fromPromise<RefreshedTokens, RefreshInput>(
        ({ input, signal }) =>
          new Promise<RefreshedTokens>((resolve, reject) => {
            // The lock is held until the chart has stored the pair: the chart's `persistToken` runs when
            // this promise resolves (same task), the lock is let go a task later, so a tab waiting for it
            // reads the rotated pair from the cookies instead of spending the old refresh token.
            const held = withRefreshLock(async () => {
              try {
                resolve(await normalised(() => refreshUnderLock(input, signal)));
              } catch (error) {
                reject(error);
              }
              await nextTask();
            });
            held.catch(reject);
          }),
      ),
      menusRefetch,
      logout: fromPromise<void, LogoutInput>(async ({ input, signal }) => {
        if (input.refresh || input.mode === 'cookie')
          await api.logout(input.mode === 'cookie' ? null : input.refresh, signal);
      }),
      clearLocalDatabase: fromPromise<void>(() => normalised(() => deps.clearLocalDatabase())),
    },
    actions: {
      persistSession: guarded(
        'persistSession',
        (_: unknown, params: PersistedSession) => cookies.setSession(params),
        onError,
      ),
      persistToken: guarded(
        'persistToken',
        (_: unknown, params: { token: string; refresh?: string }) => cookies.setTokens(params),
        onError,
      ),
      forgetServerRefresh: guarded(
        'forgetServerRefresh',
        (_: unknown, { mode }: { mode: 'body' | 'cookie' }) => {
          if (mode === 'cookie') void api.logout(null).catch(() => {});
        },
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
      tellPeers: guarded(
        'tellPeers',
        (_: unknown, message: PeerMessage) => deps.peers?.post(message),
        onError,
      ),
    },
  } satisfies SessionImplementations;
}

/** The slice of the session actor the token port uses (`system.get('session')`). */
export type SessionActorLike = Pick<
  ActorRefFrom<typeof sessionMachine>,
  'send' | 'getSnapshot' | 'subscribe'
>;

/**
 * The token port the http client and the socket use: the session chart owns the token, they ask it.
 * `session()` is the running session actor (undefined before the root actor exists: no token yet).
 */
export function createTokenPort(session: () => SessionActorLike | undefined): TokenPort {
  return {
    getAccess: () => session()?.getSnapshot().context.token ?? undefined,
    refreshAfter401(failedToken, why) {
      const actor = session();
      if (!actor) return Promise.resolve({ kind: 'ended' });
      actor.send({
        type: 'session.refreshRequested',
        ...(failedToken ? { token: failedToken } : {}),
        ...(why ? { reason: why.reason, message: why.message } : {}),
      });
      return new Promise<TokenAnswer>((resolve) => {
        const answer = (snapshot: ReturnType<SessionActorLike['getSnapshot']>) =>
          snapshot.status !== 'active'
            ? ({ kind: 'ended' } as const)
            : selectTokenAnswer(snapshot, failedToken);
        const now = answer(actor.getSnapshot());
        if (now) return resolve(now);
        const subscription = actor.subscribe({
          next: (snapshot) => {
            const next = answer(snapshot);
            if (!next) return;
            subscription.unsubscribe();
            resolve(next);
          },
          complete: () => resolve({ kind: 'ended' }),
          error: () => resolve({ kind: 'ended' }),
        });
      });
    },
    expire(reason, message, token) {
      session()?.send({
        type: 'session.expired',
        reason,
        ...(message ? { message } : {}),
        ...(token ? { token } : {}),
      });
    },
  };
}
