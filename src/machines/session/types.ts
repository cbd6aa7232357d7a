import type {
  Dept,
  DictionaryValue,
  LoginResponse,
  MenuRecord,
  Settings,
  UserInfo,
} from '../../contract/index.ts';
import type { Reason } from '../shared/effects.ts';

export type { Reason };

/* ---------- login (the /login page while signed out) ---------- */

/** A captcha challenge as the page shows it (`image` is a data: URL). */
export type CaptchaChallenge = { key: string | number; image: string };

/** What the login effect sends (the service hashes the password). */
export type LoginRequest = {
  username: string;
  password: string;
  captcha?: string;
  captchaKey?: string | number;
};

/** A successful login: the server's answer, stamped by the effect with the time it arrived (ms). */
export type LoginOutcome = LoginResponse & { receivedAt: number };
/** The login chart's output: the outcome plus the username that signed in. */
export type LoginResult = LoginOutcome & { username: string };

export type LoginContext = {
  /** `GET /api/init/settings/` before sign-in: site name, logo, copyright, keep_record, captcha flag. */
  settings: Settings | null;
  captchaEnabled: boolean;
  /** The current challenge; null while loading, after a failure or when captcha is off. */
  captcha: CaptchaChallenge | null;
  /** Kept across failed attempts so the form can prefill it. */
  username: string;
  /** Why the last attempt (or the captcha) failed. */
  error: Reason | null;
  result: LoginResult | null;
};

export type LoginEvent =
  /** The form was submitted (values are read from the form, never kept except the username). */
  | { type: 'login.submitted'; username: string; password: string; captcha?: string }
  /** The user clicked the captcha image (also raised after a failed login). */
  | { type: 'login.captchaRefreshRequested' };

/* ---------- start-up (the ordered loads after sign-in) ---------- */

// Same shapes as src/services/api/types.ts (charts may not import services; structural typing joins them).
/** One dictionary entry after normalisation: type 1 values are numbers, type 6 booleans. */
export type DictionaryEntry = { label: string; value: DictionaryValue; color?: string; type?: number };
/** Dictionary groups by key. */
export type Dictionaries = Record<string, DictionaryEntry[]>;
export type DeptTreeNode = Dept & { children: DeptTreeNode[] };
/** Departments as the shell keeps them: the flat list, a tree and an id → name map. */
export type Departments = { list: Dept[]; tree: DeptTreeNode[]; names: Record<number, string> };

export const STARTUP_STEPS = ['userInfo', 'settings', 'dictionaries', 'departments', 'menus'] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];
/**
 * Steps whose data a user may be refused (stock dvadmin answers the department list with 4000 to users
 * without its grant): a refusal skips them (null data, named in `startupSkipped`) instead of failing.
 */
export const OPTIONAL_STARTUP_STEPS = ['departments'] as const satisfies readonly StartupStep[];
export type OptionalStartupStep = (typeof OPTIONAL_STARTUP_STEPS)[number];
/** A refused optional step, as the chart reports it to the frontend log. */
export type StartupSkip = { step: OptionalStartupStep; reason: Reason };

export type StartupData = {
  user: UserInfo;
  settings: Settings;
  dictionaries: Dictionaries;
  /** Null when the user may not read the department list (skipped). */
  departments: Departments | null;
  menus: MenuRecord[];
  /** The optional steps skipped because the server refused them. */
  startupSkipped: OptionalStartupStep[];
};

export type StartupInput = {
  /** The `menuData` session-storage cache read at restore: used when the menu request fails. */
  cachedMenus: MenuRecord[] | null;
};
export type StartupFailure = { step: StartupStep; reason: Reason };
export type StartupOutput = { ok: true; data: StartupData } | ({ ok: false } & StartupFailure);

export type StartupContext = {
  cachedMenus: MenuRecord[] | null;
  data: Partial<StartupData>;
  failure: StartupFailure | null;
};

/* ---------- session ---------- */

/**
 * Where the refresh token lives: `body` (dvadmin: the login answer carries it, the client keeps it in the
 * `refresh` cookie and posts it) or `cookie` (the server set it HttpOnly and answered `refresh: ""`; the
 * refresh and logout calls post `{}` and the browser sends the cookie).
 */
export type RefreshMode = 'body' | 'cookie';

/** What the restore effect read: the cookies, the menu cache and the time it read them (ms). */
export type StoredSession = {
  token?: string | null;
  refresh?: string | null;
  uuid?: string | null;
  /** The `refresh_mode` cookie (absent: `body`, as a stock dvadmin console). */
  refreshMode?: RefreshMode;
  menus?: MenuRecord[] | null;
  receivedAt: number;
};

/** A refreshed pair: `refresh` only when the server rotated it; `receivedAt` stamped by the effect (ms). */
export type RefreshedTokens = { access: string; refresh?: string; receivedAt: number };

/** Why the http client ended the session (CONTRACT.md, code 401). */
export type ExpiryReason = 'token_not_valid' | 'user_not_found' | 'unauthorized';

export type SessionContext = {
  token: string | null;
  /** The refresh token in `body` mode; null in `cookie` mode (JavaScript cannot read it) or without one. */
  refresh: string | null;
  refreshMode: RefreshMode;
  /**
   * The access token a refresh asked for by a refused request produced. When a request carrying it is
   * refused too, no refresh will help: the session ends (refresh once, then retry or expire).
   */
  renewedOnRequest: string | null;
  /** The refresh under way was asked for by a refused request (not by the timer). */
  refreshRequested: boolean;
  uuid: string | null;
  /** Access token expiry (ms since the epoch) from its `exp` claim; null when unreadable. */
  tokenExpiresAt: number | null;
  /** When the current access token was read or issued (ms), stamped by the effect that produced it. */
  tokenReceivedAt: number;
  cachedMenus: MenuRecord[] | null;
  user: UserInfo | null;
  settings: Settings | null;
  dictionaries: Dictionaries;
  departments: Departments | null;
  menus: MenuRecord[];
  /** Start-up data the server refused to this user (the pages needing it say so). */
  startupSkipped: OptionalStartupStep[];
  startupError: StartupFailure | null;
  /** Why the last session ended (shown as a toast; the login page may show it too). */
  signOutReason: Reason | null;
};

export type SessionEvent =
  /**
   * The http client needs a fresh access token (a 401, or `token_not_valid`). `token` is the access token
   * the failed request carried: when the session already holds a newer one, the caller just retries.
   * Answered with the emitted `session.refreshed` / `session.refreshFailed`.
   */
  | { type: 'session.refreshRequested'; token?: string; reason?: ExpiryReason; message?: string }
  /**
   * A request was refused in a way no refresh fixes (`user_not_found`, a plain 401 with its message).
   * `token` is the access token it carried: a verdict on an older token than the current one is ignored.
   */
  | { type: 'session.expired'; reason: ExpiryReason; message?: string; token?: string }
  /** The start-up failed and the user asked to try again. */
  | { type: 'session.startupRetried' }
  /** The personal-info page saved the user (header name and avatar follow). */
  | { type: 'session.userUpdated'; user: UserInfo }
  /** The system-config page saved and read `/api/init/settings/` again (header name and logo follow). */
  | { type: 'session.settingsUpdated'; settings: Settings }
  /** The server said this user's grants changed (the socket's `permissions`): fetch the menus again. */
  | { type: 'session.permissionsChanged' }
  /** The `menusRefetch` child's answer: the user's menus now. */
  | { type: 'session.menusRefetched'; menus: MenuRecord[] }
  | { type: 'session.logoutRequested' }
  | { type: 'session.logoutCancelled' }
  | { type: 'session.logoutConfirmed' }
  /* ---------- from the console's other tabs (the `peers` actor; src/services/session-channel.ts) ---------- */
  /** Another tab signed in: `session` is what it wrote to the shared cookies (as the restore reads them). */
  | { type: 'session.peerSignedIn'; session: StoredSession }
  /**
   * Another tab refreshed the shared access token (and, in `body` mode, rotated the refresh token): this tab
   * takes the pair instead of refreshing on its own. `receivedAt` is stamped by the actor (ms).
   */
  | {
      type: 'session.peerRefreshed';
      uuid: string | null;
      token: string;
      refresh?: string | null;
      receivedAt: number;
    }
  /** Another tab signed out, or its session ended: the shared cookies are gone, this session ends too. */
  | { type: 'session.peerSignedOut' };

/** Events the session emits (`actor.on(type, …)`): the app forwards some, the http client awaits the rest. */
export type SessionEmitted =
  | { type: 'session.signedIn'; uuid: string | null }
  | { type: 'session.signedOut'; reason: 'restore' | 'expired' | 'logout' | 'peer' }
  | { type: 'session.ready'; user: UserInfo; menus: MenuRecord[] }
  /** The menus were fetched again after `session.permissionsChanged` (live permissions, issue 16). */
  | { type: 'session.menusChanged'; menus: MenuRecord[] }
  | { type: 'session.refreshed'; token: string }
  | { type: 'session.refreshFailed' };

/**
 * What this tab tells the console's other tabs (the `tellPeers` action): it signed in, it refreshed the
 * shared token, or its session ended. Tokens are left out where the transport would store them on disk
 * (the peer then reads the cookies); `refresh` only in `body` mode.
 */
export type PeerMessage =
  | {
      kind: 'signedIn';
      uuid: string | null;
      refreshMode: RefreshMode;
      token?: string;
      refresh?: string | null;
    }
  | { kind: 'refreshed'; uuid: string | null; token?: string; refresh?: string | null }
  | { kind: 'signedOut'; uuid: string | null };

/** A toast; `reason.text` wins over the translated `reason.key`. */
export type Notice = { kind: 'info' | 'success' | 'warning' | 'error'; reason: Reason };

/** What the `refreshToken` actor gets: the refresh token, and whose it is (tabs of another user differ). */
export type RefreshInput = {
  refresh: string | null;
  mode: RefreshMode;
  uuid: string | null;
  /** The access token this tab holds: another tab's newer one in the cookies is taken instead of a call. */
  token: string | null;
};

/** What the login effect persists: `refresh` only in `body` mode. */
export type PersistedSession = {
  token: string;
  refresh: string | null;
  refreshMode: RefreshMode;
  uuid: string;
};

/** What the `logout` actor gets: the refresh token to revoke (`body` mode) or none (`cookie` mode). */
export type LogoutInput = { refresh: string | null; mode: RefreshMode };
