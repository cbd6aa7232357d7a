/**
 * Session: who is signed in, their tokens and the data the shell needs (systemId `session`).
 *
 * Lifecycle: `restoring` reads the cookies (a token equal to the text 'undefined' is no token) → `signedIn`,
 * or `signedOut`, which invokes the `login` chart for the /login page (views reach it with
 * `selectLoginActor`). `signedIn` is parallel:
 * - `data`: `loading` (invokes the `startup` chart: user info, settings, dictionaries, departments, menus,
 *   in one parallel wave bounded by one timeout) → `ready` (`session.userUpdated` and `session.settingsUpdated` keep
 *   the header current; live permissions: `session.permissionsChanged`, the socket's `permissions`, is handed
 *   to the invoked `menusRefetch` chart, whose `session.menusRefetched` replaces the menus and their cache and
 *   is emitted as `session.menusChanged`, from which the route guard and the tabs rebuild), or `failed` with retry (`session.startupRetried`) and sign-out. The start-up lives here, not in
 *   `routeGuard`: it loads the user's data, which is cleared with the session; `routeGuard` gets the menus
 *   through the emitted `session.ready`.
 * - `token`: the session is the one owner of the access and refresh tokens (the http client and the socket
 *   ask it through the token port of src/services/implementations/session.ts, and only this chart writes
 *   the token cookies). `valid` refreshes `refreshLead` before `exp` and on `session.refreshRequested` (a
 *   refused request or socket); a request carrying an older token than the current one is answered at
 *   once; a request refused with the very token a requested refresh produced ends the session (refresh
 *   once, then retry or expire). `refreshing` is single-flight: requests that arrive meanwhile join it, and
 *   every caller hears the one result (the emitted `session.refreshed` / `session.refreshFailed`, or the
 *   next state). A network failure waits (`waitingToRetry`); any other failure ends the session with
 *   登录超时，请重新登录！. The refresh token is posted (`refreshMode: 'body'`, dvadmin) or kept by the
 *   server in an HttpOnly cookie (`'cookie'`), as the login answer decided.
 * - `logout`: `idle` ⇄ `confirmingLogout` (the view greys the page with a modal); cancel says so.
 * `session.expired` (a refusal no refresh fixes: `user_not_found`, a plain 401) ends the session
 * with its message, asks the server to forget an HttpOnly refresh cookie, clears cookies, user, menus, search index and `menuData`, and returns to `signedOut`;
 * `routeGuard` then sends the user to /login?redirect=….
 * A confirmed logout goes through `signingOut` (logout API, failure ignored, bounded by `logoutTimeout`;
 * then clear everything including the local database) to `loggedOut`, which goes to /login and reloads the
 * page: a new page load starts a clean app, so `loggedOut` has no way out.
 *
 * Tabs of one console share the cookies, so they share the session (issue 16). The `peers` actor, invoked
 * for the chart's whole life, hears the other tabs (src/services/session-channel.ts: a BroadcastChannel,
 * or the `storage` event); this tab tells them through the `tellPeers` action:
 * - a login (`signedIn`), a refresh (`refreshed`, with the new token) and every end of the session
 *   (`signedOut`: a confirmed logout as it starts, an expiry) are told; restoring and what a peer said are not
 *   (no echo).
 * - `session.peerSignedOut` ends a signed-in session like an expiry, minus what the other tab already did
 *   (no logout call, no cookie to clear): an info toast, the data forgotten, `session.signedOut` with reason
 *   `peer` (routeGuard sends a protected page to /login?redirect=…).
 * - `session.peerSignedIn` takes a signed-out tab in with the session the peer stored (as a restore does),
 *   so routeGuard replays the login page's redirect: the tab comes back to where it was, or to /index.
 * - `session.peerRefreshed` (`isNewerPeerToken`: this user's, newer than the held one) replaces the token in
 *   `valid` (re-entered, so the refresh timer restarts from the new `exp`: no second refresh here) and in
 *   `waitingToRetry`. `refreshing` ignores it: its refresh waits for the tabs' shared Web Lock and then takes
 *   the pair the other tab stored without calling the server. "Refresh once, then retry or expire" is unchanged:
 *   a request refused with an adopted token may still ask for one refresh of this tab's own.
 *
 * Every state and transition is taken by the generated paths (no exceptions).
 * Not modelled: single-login kick-out (arrives as a 401), remembering the user across browser restarts, a
 * peer's sign-in while this tab is signed in (its login page sends a signed-in tab on to the shell, so it
 * needs two login forms submitted at once; the cookies then hold the last one and a reload follows it).
 */

import {
  EXPIRY_REASONS,
  emptySession,
  expiryReason,
  PEER_SIGNED_OUT,
  sessionSetup,
} from './session.setup.ts';
import type { Notice, SessionContext, SessionEvent, StartupOutput } from './types.ts';

/** This tab's session ended: the other tabs of the console end theirs too (before the uuid is cleared). */
const tellPeersSignedOut = {
  type: 'tellPeers',
  params: ({ context }: { context: SessionContext }) => ({ kind: 'signedOut' as const, uuid: context.uuid }),
} as const;

/** The effects and updates of every involuntary end of the session, after `recordSignOut`. */
const endSession = [
  {
    type: 'notify',
    params: ({ context }: { context: SessionContext }): Notice => ({
      kind: 'error',
      reason: context.signOutReason ?? { key: EXPIRY_REASONS.token_not_valid },
    }),
  },
  // In cookie mode the refresh token is out of the page's reach: the server is asked to forget it (and
  // clear its HttpOnly cookie) before the session's data goes.
  {
    type: 'forgetServerRefresh',
    params: ({ context }: { context: SessionContext }) => ({ mode: context.refreshMode }),
  },
  tellPeersSignedOut,
  'clearCookies',
  'clearSessionData',
  'clearMenuCache',
  'clearSearchIndex',
  { type: 'emitSignedOut', params: { reason: 'expired' } },
] as const;

/**
 * Another tab ended the session: it already called the server and cleared the shared cookies, so this tab
 * only forgets its copy (and says why) — nothing is told back, no second logout call.
 */
const endSessionForPeer = [
  { type: 'recordSignOut', params: { key: PEER_SIGNED_OUT } },
  { type: 'notify', params: { kind: 'info', reason: { key: PEER_SIGNED_OUT } } },
  'clearSessionData',
  'clearMenuCache',
  'clearSearchIndex',
  { type: 'emitSignedOut', params: { reason: 'peer' } },
] as const;

/** Another tab refreshed the shared token: take it (callers waiting here hear `session.refreshed`). */
const takePeerToken = [
  {
    type: 'adoptPeerToken',
    params: ({ event }: { event: SessionEvent }) =>
      event.type === 'session.peerRefreshed' ? event : { token: '', receivedAt: 0 },
  },
  'emitRefreshed',
] as const;

/** States without a session answer a refresh request at once. */
const noSessionToRefresh = { 'session.refreshRequested': { actions: 'emitRefreshFailed' } } as const;

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: { ...emptySession, signOutReason: null },
  // The console's other tabs, heard for the chart's whole life (each state decides what a message means).
  invoke: { id: 'peers', src: 'peers' },
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
      on: {
        ...noSessionToRefresh,
        // Another tab signed in: this one follows with the session it wrote (routeGuard replays the redirect).
        'session.peerSignedIn': {
          guard: {
            type: 'hasStoredToken',
            params: ({ event }) =>
              event.type === 'session.peerSignedIn' ? event.session : { receivedAt: 0 },
          },
          target: 'signedIn',
          actions: {
            type: 'restoreSession',
            params: ({ event }) =>
              event.type === 'session.peerSignedIn' ? event.session : { receivedAt: 0 },
          },
        },
      },
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
                refresh: context.refresh,
                refreshMode: context.refreshMode,
                uuid: context.uuid!,
              }),
            },
            {
              type: 'tellPeers',
              params: ({ context }) => ({
                kind: 'signedIn' as const,
                uuid: context.uuid,
                refreshMode: context.refreshMode,
                token: context.token!,
                refresh: context.refresh,
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
          guard: 'isAboutCurrentToken',
          target: 'signedOut',
          actions: [
            { type: 'recordSignOut', params: ({ event }) => expiryReason(event.reason, event.message) },
            ...endSession,
          ],
        },
        'session.peerSignedOut': { target: 'signedOut', actions: endSessionForPeer },
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
                'session.permissionsChanged': { actions: 'requestMenusRefetch' },
                'session.menusRefetched': {
                  actions: [
                    { type: 'storeMenus', params: ({ event }) => event.menus },
                    { type: 'cacheMenus', params: ({ event }) => ({ menus: event.menus }) },
                    'emitMenusChanged',
                  ],
                },
              },
              // Live permissions: the child chart fetches the menus again when the server says so.
              invoke: { id: 'menusRefetch', src: 'menusRefetch' },
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
                // Re-entered: the refresh timer starts again from the peer token's `exp`.
                'session.peerRefreshed': {
                  guard: 'isNewerPeerToken',
                  target: 'valid',
                  reenter: true,
                  actions: takePeerToken,
                },
                'session.refreshRequested': [
                  { guard: 'isStaleToken', actions: 'emitRefreshed' },
                  {
                    guard: 'isRefusedAfterRenewal',
                    target: '#session.signedOut',
                    actions: [
                      {
                        type: 'recordSignOut',
                        params: ({ event }) => expiryReason(event.reason ?? 'token_not_valid', event.message),
                      },
                      ...endSession,
                    ],
                  },
                  { target: 'refreshing', actions: 'markRequestedRefresh' },
                ],
              },
            },
            refreshing: {
              // No handler for `session.refreshRequested`: the caller waits for this refresh's result. None for
              // `session.peerRefreshed` either: this refresh waits for the tabs' shared lock, and once it has it
              // takes the pair the other tab stored instead of calling the server (no second refresh).
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                input: ({ context }) => ({
                  refresh: context.refresh,
                  mode: context.refreshMode,
                  uuid: context.uuid,
                  token: context.token,
                }),
                onDone: {
                  target: 'valid',
                  actions: [
                    { type: 'storeRefreshedToken', params: ({ event }) => event.output },
                    {
                      type: 'persistToken',
                      params: ({ context }) =>
                        context.refresh
                          ? { token: context.token!, refresh: context.refresh }
                          : { token: context.token! },
                    },
                    'emitRefreshed',
                    {
                      type: 'tellPeers',
                      params: ({ context }) => ({
                        kind: 'refreshed' as const,
                        uuid: context.uuid,
                        token: context.token!,
                        refresh: context.refresh,
                      }),
                    },
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
              on: {
                'session.refreshRequested': 'refreshing',
                // Another tab got through where this one met a network failure.
                'session.peerRefreshed': {
                  guard: 'isNewerPeerToken',
                  target: 'valid',
                  actions: takePeerToken,
                },
              },
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
      entry: [{ type: 'emitSignedOut', params: { reason: 'logout' } }, tellPeersSignedOut],
      initial: 'callingLogoutApi',
      states: {
        callingLogoutApi: {
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ refresh: context.refresh, mode: context.refreshMode }),
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
