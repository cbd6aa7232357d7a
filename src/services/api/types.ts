import type {
  Captcha,
  Dept,
  DictionaryGroup,
  DictionaryValue,
  LoginResponse,
  MenuRecord,
  Settings,
  TokenPair,
  UserInfo,
} from '../../contract/index.ts';

/** One dictionary entry after normalisation: type 1 values are numbers, type 6 booleans. */
export type DictionaryEntry = {
  label: string;
  value: DictionaryValue;
  /** The item's explicit colour; render with `dictionaryColor(value, color)` for the seed's defaults. */
  color?: string;
  type?: number;
};

/** Dictionary groups by key (`button_status_bool`, `system_button`…). */
export type Dictionaries = Record<string, DictionaryEntry[]>;

/** A department with its children (a tree built by `parent`). */
export type DeptTreeNode = Dept & { children: DeptTreeNode[] };

/** Departments as the shell keeps them: the flat list, a tree and an id → name map. */
export type Departments = {
  list: Dept[];
  tree: DeptTreeNode[];
  names: Record<number, string>;
};

export type LoginInput = {
  username: string;
  password: string;
  captcha?: string;
  captchaKey?: string | number;
};

/**
 * The typed API the charts' effects call (bound in src/services/implementations). Every call rejects with
 * an ApiError on failure (body code ≠ 2000, HTTP error, network error, timeout, response not matching its
 * schema) and honours `signal`.
 */
export interface Api {
  getSettings(signal?: AbortSignal): Promise<Settings>;
  /**
   * `{state}` from /api/captcha/status/, or — quietly, when the endpoint is missing as on a stock dvadmin —
   * the `base.captcha_state` setting (true when unknown). The settings may still be on their way: only
   * that fallback waits for them.
   */
  getCaptchaEnabled(
    settings: Settings | undefined | PromiseLike<Settings | undefined>,
    signal?: AbortSignal,
  ): Promise<boolean>;
  /** null when captcha is off (`{}`). */
  getCaptcha(signal?: AbortSignal): Promise<{ key: string | number; image: string } | null>;
  /**
   * Hashes the password to md5 hex before it leaves. Never enters the token-refresh loop. Asks for the
   * HttpOnly refresh cookie (`?refresh_cookie=1`): a server that sets it answers `refresh: ""`; a stock
   * dvadmin ignores the parameter and answers the refresh token in the body.
   */
  login(input: LoginInput, signal?: AbortSignal): Promise<LoginResponse>;
  /**
   * Accepts dvadmin 2.0's raw `{access, refresh}` and 2.1's envelope. Quiet: the caller reports. `null`:
   * the server holds the refresh token in its HttpOnly cookie; posts `{}` with credentials.
   */
  refreshToken(refresh: string | null, signal?: AbortSignal): Promise<TokenPair>;
  /** Best effort and quiet: a failure never ends the session twice. `null` as for `refreshToken`. */
  logout(refresh: string | null, signal?: AbortSignal): Promise<void>;
  getUserInfo(signal?: AbortSignal): Promise<UserInfo>;
  getWebRouter(signal?: AbortSignal): Promise<MenuRecord[]>;
  /** Every group (`dictionary_key=all`). */
  getDictionaries(signal?: AbortSignal): Promise<Dictionaries>;
  /** One group's entries (`dictionary_key=<key>`). */
  getDictionary(key: string, signal?: AbortSignal): Promise<DictionaryEntry[]>;
  /** `limit=999&status=1`, as the shell asks at start-up. Quiet when refused (the start-up logs it). */
  getDepartments(signal?: AbortSignal): Promise<Departments>;
}

export type { Captcha, DictionaryGroup };
