/**
 * The session chart's vocabulary: effects (placeholders bound by `createSessionImplementations`), context
 * updates, emitted events, guards and delays. The statechart itself is in `session.machine.ts`.
 */
import { assign, emit, fromCallback, sendTo, setup } from 'xstate';
import type { MenuRecord } from '../../contract/index.ts';
import { isTransientError, notProvided } from '../shared/effects.ts';
import { isUsableToken, jwtExpiresAt, refreshDelay } from './jwt.ts';
import { loginMachine } from './login.machine.ts';
import { sessionMenusRefetchMachine } from './menusRefetch.machine.ts';
import { startupMachine } from './startup.machine.ts';
import type {
  ExpiryReason,
  LoginResult,
  LogoutInput,
  Notice,
  PeerMessage,
  PersistedSession,
  Reason,
  RefreshedTokens,
  RefreshInput,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  StartupData,
  StartupFailure,
  StartupOutput,
  StoredSession,
} from './types.ts';

export const EXPIRY_REASONS: Record<ExpiryReason, string> = {
  token_not_valid: 'session:expired.timeout',
  user_not_found: 'session:expired.userInvalid',
  unauthorized: 'session:expired.unauthorized',
};

/** Why the session ended when another tab ended it. */
export const PEER_SIGNED_OUT = 'session:peer.signedOut';

export function expiryReason(reason: ExpiryReason, message: string | undefined): Reason {
  // The seed fixes the wording of the first two; a plain 401 shows the server's own message.
  return reason === 'unauthorized' && message
    ? { key: EXPIRY_REASONS[reason], text: message }
    : { key: EXPIRY_REASONS[reason] };
}

export const emptySession = {
  token: null,
  refresh: null,
  refreshMode: 'body',
  renewedOnRequest: null,
  refreshRequested: false,
  uuid: null,
  tokenExpiresAt: null,
  tokenReceivedAt: 0,
  cachedMenus: null,
  user: null,
  settings: null,
  dictionaries: {},
  departments: null,
  menus: [],
  startupSkipped: [],
  startupError: null,
} satisfies Omit<SessionContext, 'signOutReason'>;

export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    children: {} as { login: 'login'; startup: 'startup'; menusRefetch: 'menusRefetch' },
  },
  actors: {
    /** Reads the token, refresh and uuid cookies and the `menuData` session-storage cache. */
    readStoredSession: notProvided<StoredSession>('readStoredSession'),
    login: loginMachine,
    startup: startupMachine,
    refreshToken: notProvided<RefreshedTokens, RefreshInput>('refreshToken'),
    /** Fetches the menus again when asked (live permissions); answers `session.menusRefetched`. */
    menusRefetch: sessionMenusRefetchMachine,
    logout: notProvided<void, LogoutInput>('logout'),
    clearLocalDatabase: notProvided<void>('clearLocalDatabase'),
    /**
     * Listens to the console's other tabs for the chart's whole life and sends `session.peerSignedIn`,
     * `session.peerRefreshed` and `session.peerSignedOut`. A placeholder here (it hears nothing).
     */
    peers: fromCallback<SessionEvent>(() => () => {}),
  },
  actions: {
    /**
     * Sets the uuid, token and (in `body` mode) refresh cookies and the non-secret `refresh_mode`, each for
     * 1 day. The session chart is the only writer of these cookies.
     */
    persistSession: (_, _params: PersistedSession) => {},
    /** Replaces the token cookie (and the refresh cookie when the server rotated it). */
    persistToken: (_, _params: { token: string; refresh?: string }) => {},
    clearCookies: () => {},
    /**
     * Fire-and-forget: in `cookie` mode, posts logout so the server revokes the refresh family and clears
     * its HttpOnly cookie (the page cannot); nothing in `body` mode.
     */
    forgetServerRefresh: (_, _params: { mode: SessionContext['refreshMode'] }) => {},
    /** Writes the `menuData` session-storage cache, the source of permission checks. */
    cacheMenus: (_, _params: { menus: MenuRecord[] }) => {},
    clearMenuCache: () => {},
    clearSearchIndex: () => {},
    notify: (_, _params: Notice) => {},
    goToLogin: () => {},
    reloadPage: () => {},
    /** Tells the console's other tabs (fire-and-forget; never delivered back to this tab). */
    tellPeers: (_, _params: PeerMessage) => {},

    restoreSession: assign((_, stored: StoredSession) => {
      const token = stored.token as string;
      return {
        token,
        refresh: stored.refresh ?? null,
        refreshMode: stored.refreshMode ?? 'body',
        uuid: stored.uuid ?? null,
        tokenExpiresAt: jwtExpiresAt(token),
        tokenReceivedAt: stored.receivedAt,
        cachedMenus: stored.menus ?? null,
        signOutReason: null,
      };
    }),
    /** Tokens, and the user as the login answer knows it (name, id, avatar, username) until the start-up. */
    acceptLogin: assign((_, result: LoginResult) => ({
      ...emptySession,
      token: result.access,
      // An empty refresh in the answer: the server keeps it in an HttpOnly cookie.
      refresh: result.refresh || null,
      refreshMode: result.refresh ? ('body' as const) : ('cookie' as const),
      uuid: String(result.userId),
      tokenExpiresAt: jwtExpiresAt(result.access),
      tokenReceivedAt: result.receivedAt,
      user: {
        id: result.userId,
        username: result.username,
        name: result.name ?? null,
        avatar: result.avatar ?? null,
      },
      signOutReason: null,
    })),
    storeRefreshedToken: assign(({ context }, pair: RefreshedTokens) => ({
      token: pair.access,
      refresh: context.refreshMode === 'body' ? (pair.refresh ?? context.refresh) : null,
      renewedOnRequest: context.refreshRequested ? pair.access : null,
      refreshRequested: false,
      tokenExpiresAt: jwtExpiresAt(pair.access),
      tokenReceivedAt: pair.receivedAt,
    })),
    /** The pair another tab refreshed; as `storeRefreshedToken`, but no request of this tab asked for it. */
    adoptPeerToken: assign(
      ({ context }, peer: { token: string; refresh?: string | null; receivedAt: number }) => ({
        token: peer.token,
        refresh: context.refreshMode === 'body' ? (peer.refresh ?? context.refresh) : null,
        renewedOnRequest: null,
        refreshRequested: false,
        tokenExpiresAt: jwtExpiresAt(peer.token),
        tokenReceivedAt: peer.receivedAt,
      }),
    ),
    storeStartupData: assign((_, data: StartupData) => ({ ...data, startupError: null })),
    storeStartupError: assign((_, failure: StartupFailure) => ({ startupError: failure })),
    storeMenus: assign((_, menus: MenuRecord[]) => ({ menus })),
    requestMenusRefetch: sendTo('menusRefetch', { type: 'refetch.requested' }),
    storeUser: assign(({ context, event }) => ({
      user: event.type === 'session.userUpdated' ? event.user : context.user,
    })),
    storeSettings: assign(({ context, event }) => ({
      settings: event.type === 'session.settingsUpdated' ? event.settings : context.settings,
    })),
    recordSignOut: assign((_, reason: Reason) => ({ signOutReason: reason })),
    /** This refresh answers a refused request (not the timer): remembered for `isRefusedAfterRenewal`. */
    markRequestedRefresh: assign({ refreshRequested: true }),
    clearSessionData: assign(emptySession),

    emitSignedIn: emit(({ context }) => ({ type: 'session.signedIn', uuid: context.uuid }) as const),
    emitSignedOut: emit(
      (_, params: { reason: 'restore' | 'expired' | 'logout' | 'peer' }) =>
        ({ type: 'session.signedOut', ...params }) as const,
    ),
    emitReady: emit(
      ({ context }) => ({ type: 'session.ready', user: context.user!, menus: context.menus }) as const,
    ),
    emitMenusChanged: emit(
      ({ context }) => ({ type: 'session.menusChanged', menus: context.menus }) as const,
    ),
    emitRefreshed: emit(
      ({ context }) => ({ type: 'session.refreshed', token: context.token ?? '' }) as const,
    ),
    emitRefreshFailed: emit({ type: 'session.refreshFailed' }),
  },
  guards: {
    hasStoredToken: (_, stored: StoredSession) => isUsableToken(stored.token),
    /** The failed request carried an older token than the one the session holds now: just retry. */
    isStaleToken: ({ context, event }) =>
      event.type === 'session.refreshRequested' && !!event.token && event.token !== context.token,
    /** The refused request carried the token a request-asked refresh produced: refreshing again won't help. */
    isRefusedAfterRenewal: ({ context, event }) =>
      event.type === 'session.refreshRequested' &&
      !!event.token &&
      event.token === context.token &&
      event.token === context.renewedOnRequest,
    /** A verdict about the current token (or about no token in particular), not a late one about an older one. */
    isAboutCurrentToken: ({ context, event }) =>
      event.type !== 'session.expired' || !event.token || event.token === context.token,
    /**
     * Another tab's token for this user, newer than (or as new as) the one held: taken. An echo of this
     * tab's own token, or a late message about an older one, is not.
     */
    isNewerPeerToken: ({ context, event }) =>
      event.type === 'session.peerRefreshed' &&
      event.uuid === context.uuid &&
      isUsableToken(event.token) &&
      event.token !== context.token &&
      (jwtExpiresAt(event.token) ?? 0) >= (context.tokenExpiresAt ?? 0),
    isTransientFailure: (_, error: unknown) => isTransientError(error),
    isStartupComplete: (_, output: StartupOutput) => output.ok,
  },
  delays: {
    /** 60 s before the access token's `exp`, counted from when the token was read or issued. */
    refreshLead: ({ context }) => refreshDelay(context.tokenExpiresAt, context.tokenReceivedAt),
    /** After a network failure of the refresh call. */
    refreshRetryDelay: 10_000,
    /** The logout call must not keep the user waiting. */
    logoutTimeout: 5_000,
    /** Deleting the local database can block on another tab; go on regardless. */
    localDataTimeout: 3_000,
  },
});
