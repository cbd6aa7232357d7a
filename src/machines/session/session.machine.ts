/**
 * Session: who is signed in, their tokens and the data the shell needs (systemId `session`).
 *
 * Lifecycle: `restoring` reads the cookies (a token equal to the text 'undefined' is no token) → `signedIn`,
 * or `signedOut`, which invokes the `login` chart for the /login page (views reach it with
 * `selectLoginActor`). `signedIn` is parallel:
 * - `data`: `loading` (invokes the `startup` chart: user info, settings, dictionaries, departments, menus,
 *   one at a time with a timeout each) → `ready` (`session.userUpdated` and `session.settingsUpdated` keep
 *   the header current), or `failed` with retry (`session.startupRetried`) and sign-out. The start-up lives here, not in
 *   `routeGuard`: it loads the user's data, which is cleared with the session; `routeGuard` gets the menus
 *   through the emitted `session.ready`.
 * - `token`: `valid` refreshes `refreshLead` before `exp` and on `session.refreshRequested` from the http
 *   client; a request carrying an older token than the current one is answered at once. `refreshing` is
 *   single-flight: requests that arrive meanwhile join it, and every caller hears the one result through
 *   the emitted `session.refreshed` / `session.refreshFailed`. A network failure waits (`waitingToRetry`);
 *   any other failure ends the session with 登录超时，请重新登录！.
 * - `logout`: `idle` ⇄ `confirmingLogout` (the view greys the page with a modal); cancel says so.
 * `session.expired` (the http client's 401 after its one refresh try; `user_not_found`) ends the session
 * with its message, clears cookies, user, menus, search index and `menuData`, and returns to `signedOut`;
 * `routeGuard` then sends the user to /login?redirect=….
 * A confirmed logout goes through `signingOut` (logout API, failure ignored, bounded by `logoutTimeout`;
 * then clear everything including the local database) to `loggedOut`, which goes to /login and reloads the
 * page: a new page load starts a clean app, so `loggedOut` has no way out.
 *
 * Every state and transition is taken by the generated paths (no exceptions).
 * Not modelled: single-login kick-out (arrives as a 401), remembering the user across browser restarts.
 */

import { EXPIRY_REASONS, emptySession, expiryReason, sessionSetup } from './session.setup.ts';
import type { Notice, SessionContext, StartupOutput } from './types.ts';

/** The effects and updates of every involuntary end of the session, after `recordSignOut`. */
const endSession = [
  {
    type: 'notify',
    params: ({ context }: { context: SessionContext }): Notice => ({
      kind: 'error',
      reason: context.signOutReason ?? { key: EXPIRY_REASONS.token_not_valid },
    }),
  },
  'clearCookies',
  'clearSessionData',
  'clearMenuCache',
  'clearSearchIndex',
  { type: 'emitSignedOut', params: { reason: 'expired' } },
] as const;

/** States without a session answer a refresh request at once. */
const noSessionToRefresh = { 'session.refreshRequested': { actions: 'emitRefreshFailed' } } as const;

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: { ...emptySession, signOutReason: null },
  initial: 'restoring',
  states: {
    restoring: {
      on: noSessionToRefresh,
      invoke: {
        id: 'readStoredSession',
        src: 'readStoredSession',
        onDone: [
          {
            guard: { type: 'hasStoredToken', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'restoreSession', params: ({ event }) => event.output },
          },
          { target: 'signedOut', actions: { type: 'emitSignedOut', params: { reason: 'restore' } } },
        ],
        onError: { target: 'signedOut', actions: { type: 'emitSignedOut', params: { reason: 'restore' } } },
      },
    },
    signedOut: {
      on: noSessionToRefresh,
      invoke: {
        id: 'login',
        src: 'login',
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'acceptLogin', params: ({ event }) => event.output },
            {
              type: 'persistSession',
              params: ({ context }) => ({
                token: context.token!,
                refresh: context.refresh!,
                uuid: context.uuid!,
              }),
            },
          ],
        },
      },
    },
    signedIn: {
      type: 'parallel',
      entry: 'emitSignedIn',
      // Callers still waiting for a refresh get an answer whichever way the session ends.
      exit: 'emitRefreshFailed',
      on: {
        'session.expired': {
          target: 'signedOut',
          actions: [
            { type: 'recordSignOut', params: ({ event }) => expiryReason(event.reason, event.message) },
            ...endSession,
          ],
        },
      },
      states: {
        data: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'startup',
                src: 'startup',
                input: ({ context }) => ({ cachedMenus: context.cachedMenus }),
                onDone: [
                  {
                    guard: { type: 'isStartupComplete', params: ({ event }) => event.output },
                    target: 'ready',
                    actions: [
                      {
                        type: 'storeStartupData',
                        params: ({ event }) => (event.output as Extract<StartupOutput, { ok: true }>).data,
                      },
                      { type: 'cacheMenus', params: ({ context }) => ({ menus: context.menus }) },
                      'emitReady',
                    ],
                  },
                  {
                    target: 'failed',
                    actions: {
                      type: 'storeStartupError',
                      params: ({ event }) => {
                        const { step, reason } = event.output as Extract<StartupOutput, { ok: false }>;
                        return { step, reason };
                      },
                    },
                  },
                ],
              },
            },
            ready: {
              on: {
                'session.userUpdated': { actions: 'storeUser' },
                'session.settingsUpdated': { actions: 'storeSettings' },
              },
            },
            failed: {
              on: { 'session.startupRetried': 'loading' },
            },
          },
        },
        token: {
          initial: 'valid',
          states: {
            valid: {
              after: { refreshLead: 'refreshing' },
              on: {
                'session.refreshRequested': [
                  { guard: 'isStaleToken', actions: 'emitRefreshed' },
                  { target: 'refreshing' },
                ],
              },
            },
            refreshing: {
              // No handler for `session.refreshRequested`: the caller waits for this refresh's result.
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                input: ({ context }) => ({ refresh: context.refresh, uuid: context.uuid }),
                onDone: {
                  target: 'valid',
                  actions: [
                    { type: 'storeRefreshedToken', params: ({ event }) => event.output },
                    {
                      type: 'persistToken',
                      params: ({ context, event }) =>
                        event.output.refresh
                          ? { token: context.token!, refresh: event.output.refresh }
                          : { token: context.token! },
                    },
                    'emitRefreshed',
                  ],
                },
                onError: [
                  {
                    guard: {
                      type: 'isTransientFailure',
                      params: ({ event }: { event: { error: unknown } }) => event.error,
                    },
                    target: 'waitingToRetry',
                    actions: 'emitRefreshFailed',
                  },
                  {
                    target: '#session.signedOut',
                    actions: [
                      { type: 'recordSignOut', params: { key: EXPIRY_REASONS.token_not_valid } },
                      ...endSession,
                    ],
                  },
                ],
              },
            },
            waitingToRetry: {
              after: { refreshRetryDelay: 'refreshing' },
              on: { 'session.refreshRequested': 'refreshing' },
            },
          },
        },
        logout: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'session.logoutRequested': 'confirmingLogout' },
            },
            confirmingLogout: {
              on: {
                'session.logoutCancelled': {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: { kind: 'info', reason: { key: 'session:logout.cancelled' } },
                  },
                },
                'session.logoutConfirmed': '#session.signingOut',
              },
            },
          },
        },
      },
    },
    signingOut: {
      on: noSessionToRefresh,
      // Tell the guard and the other charts (socket, poller) at once: nothing polls with cookies being
      // cleared, and nothing sends the user back into the shell before the reload.
      entry: { type: 'emitSignedOut', params: { reason: 'logout' } },
      initial: 'callingLogoutApi',
      states: {
        callingLogoutApi: {
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ refresh: context.refresh }),
            onDone: 'clearingLocalData',
            onError: 'clearingLocalData',
          },
          after: { logoutTimeout: 'clearingLocalData' },
        },
        clearingLocalData: {
          entry: ['clearCookies', 'clearSessionData', 'clearMenuCache', 'clearSearchIndex'],
          invoke: {
            id: 'clearLocalDatabase',
            src: 'clearLocalDatabase',
            onDone: '#session.loggedOut',
            onError: '#session.loggedOut',
          },
          after: { localDataTimeout: '#session.loggedOut' },
        },
      },
    },
    loggedOut: {
      on: noSessionToRefresh,
      entry: ['goToLogin', 'reloadPage'],
    },
  },
});
