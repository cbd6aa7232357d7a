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

export type StartupData = {
  user: UserInfo;
  settings: Settings;
  dictionaries: Dictionaries;
  departments: Departments;
  menus: MenuRecord[];
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

/** What the restore effect read: the three cookies, the menu cache and the time it read them (ms). */
export type StoredSession = {
  token?: string | null;
  refresh?: string | null;
  uuid?: string | null;
  menus?: MenuRecord[] | null;
  receivedAt: number;
};

/** A refreshed pair: `refresh` only when the server rotated it; `receivedAt` stamped by the effect (ms). */
export type RefreshedTokens = { access: string; refresh?: string; receivedAt: number };

/** Why the http client ended the session (CONTRACT.md, code 401). */
export type ExpiryReason = 'token_not_valid' | 'user_not_found' | 'unauthorized';

export type SessionContext = {
  token: string | null;
  refresh: string | null;
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
  | { type: 'session.refreshRequested'; token?: string }
  /** The http client ended the session (401 after its one refresh try, or `user_not_found`). */
  | { type: 'session.expired'; reason: ExpiryReason; message?: string }
  /** The start-up failed and the user asked to try again. */
  | { type: 'session.startupRetried' }
  /** The personal-info page saved the user (header name and avatar follow). */
  | { type: 'session.userUpdated'; user: UserInfo }
  /** The system-config page saved and read `/api/init/settings/` again (header name and logo follow). */
  | { type: 'session.settingsUpdated'; settings: Settings }
  | { type: 'session.logoutRequested' }
  | { type: 'session.logoutCancelled' }
  | { type: 'session.logoutConfirmed' };

/** Events the session emits (`actor.on(type, …)`): the app forwards some, the http client awaits the rest. */
export type SessionEmitted =
  | { type: 'session.signedIn'; uuid: string | null }
  | { type: 'session.signedOut'; reason: 'restore' | 'expired' | 'logout' }
  | { type: 'session.ready'; user: UserInfo; menus: MenuRecord[] }
  | { type: 'session.refreshed'; token: string }
  | { type: 'session.refreshFailed' };

/** A toast; `reason.text` wins over the translated `reason.key`. */
export type Notice = { kind: 'info' | 'success' | 'warning' | 'error'; reason: Reason };

/** What the `refreshToken` actor gets: the refresh token, and whose it is (tabs of another user differ). */
export type RefreshInput = { refresh: string | null; uuid: string | null };
