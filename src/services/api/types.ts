import type {
  Captcha,
  Dept,
  DictionaryGroup,
  DictionaryValue,
  MenuRecord,
  Settings,
  TokenPair,
  UserInfo,
  LoginResponse,
} from '../../contract/index.ts';

/** A dictionary group after normalisation: type 1 values are numbers, type 6 booleans. */
export type Dictionaries = Record<string, { label: string; value: DictionaryValue; color?: string }[]>;

/** Departments as the shell keeps them: the flat list, a tree and an id → name map. */
export type Departments = {
  list: Dept[];
  tree: (Dept & { children: Dept[] })[];
  names: Record<number, string>;
};

export type LoginInput = { username: string; password: string; captcha?: string; captchaKey?: string | number };

/**
 * The typed API the charts' effects call (bound in src/services/implementations). Every call rejects with
 * an ApiError on failure (body code ≠ 2000, HTTP error, network error, timeout) and honours `signal`.
 */
export interface Api {
  getSettings(signal?: AbortSignal): Promise<Settings>;
  /** `{state}` from /api/captcha/status/, or the `base.captcha_state` setting on a stock dvadmin. */
  getCaptchaEnabled(settings: Settings | undefined, signal?: AbortSignal): Promise<boolean>;
  /** null when captcha is off (`{}`). */
  getCaptcha(signal?: AbortSignal): Promise<{ key: string | number; image: string } | null>;
  /** Hashes the password to md5 hex before it leaves. */
  login(input: LoginInput, signal?: AbortSignal): Promise<LoginResponse>;
  /** Accepts dvadmin 2.0's raw `{access, refresh}` and 2.1's envelope. */
  refreshToken(refresh: string, signal?: AbortSignal): Promise<TokenPair>;
  logout(refresh: string, signal?: AbortSignal): Promise<void>;
  getUserInfo(signal?: AbortSignal): Promise<UserInfo>;
  getWebRouter(signal?: AbortSignal): Promise<MenuRecord[]>;
  getDictionaries(signal?: AbortSignal): Promise<Dictionaries>;
  getDepartments(signal?: AbortSignal): Promise<Departments>;
}

export type { Captcha, DictionaryGroup };
