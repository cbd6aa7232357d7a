import { COOKIE_DAYS, Cookies } from '../contract/index.ts';

/**
 * Cookies of the session (seed §4, §9): `uuid`, `token`, `refresh` and `lang`, 1-day expiry, `path=/`,
 * SameSite=Lax; and `refresh_mode=cookie` when the server keeps the refresh token in an HttpOnly cookie of
 * its own (then no `refresh` cookie is written: JavaScript never sees that token). A token cookie whose value is the text `undefined` (what a dvadmin console writes after a
 * failed login) reads as absent. No dependency: `document.cookie` is enough for four names.
 */
export type CookieName = (typeof Cookies)[keyof typeof Cookies];

/** The part of `Document` the cookie jar needs, so tests can pass a fake. */
export type CookieDocument = { cookie: string };

export type CookieJar = {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: { days?: number }): void;
  remove(name: string): void;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function createCookieJar(doc: CookieDocument, now: () => number = Date.now): CookieJar {
  return {
    get(name) {
      const prefix = `${encodeURIComponent(name)}=`;
      for (const part of doc.cookie.split(';')) {
        const item = part.trim();
        if (!item.startsWith(prefix)) continue;
        const raw = item.slice(prefix.length);
        try {
          return decodeURIComponent(raw);
        } catch {
          return raw;
        }
      }
      return undefined;
    },
    set(name, value, options) {
      const days = options?.days ?? COOKIE_DAYS;
      const expires = new Date(now() + days * DAY_MS).toUTCString();
      doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
    },
    remove(name) {
      doc.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
    },
  };
}

/** Typed access to the session cookies. */
export type SessionCookies = {
  getToken(): string | undefined;
  getRefresh(): string | undefined;
  getUuid(): string | undefined;
  /** `cookie` when the server holds the refresh token (HttpOnly); `body` otherwise (dvadmin). */
  getRefreshMode(): 'body' | 'cookie';
  getLang(): string | undefined;
  /** Login: token, uuid and (body mode) refresh, each for 1 day; `refresh_mode` in cookie mode. */
  setSession(values: {
    token: string;
    refresh: string | null;
    refreshMode?: 'body' | 'cookie';
    uuid: string | number;
  }): void;
  /** Refresh: the new access token, and the refresh token when the server rotated it. */
  setTokens(values: { token: string; refresh?: string | undefined }): void;
  /** Logout / expiry: removes token, uuid, refresh and refresh_mode (lang stays). */
  clearSession(): void;
  setLang(value: string): void;
};

/** An empty value or the text `undefined`/`null` counts as no value (seed §4). */
function present(value: string | undefined): string | undefined {
  if (value === undefined || value === '' || value === 'undefined' || value === 'null') return undefined;
  return value;
}

export function createSessionCookies(jar: CookieJar): SessionCookies {
  return {
    getToken: () => present(jar.get(Cookies.token)),
    getRefresh: () => present(jar.get(Cookies.refresh)),
    getUuid: () => present(jar.get(Cookies.uuid)),
    getRefreshMode: () => (jar.get(Cookies.refreshMode) === 'cookie' ? 'cookie' : 'body'),
    getLang: () => present(jar.get(Cookies.lang)),
    setSession({ token, refresh, refreshMode = 'body', uuid }) {
      jar.set(Cookies.token, token);
      if (refreshMode === 'cookie' || !refresh) jar.remove(Cookies.refresh);
      else jar.set(Cookies.refresh, refresh);
      if (refreshMode === 'cookie') jar.set(Cookies.refreshMode, 'cookie');
      else jar.remove(Cookies.refreshMode);
      jar.set(Cookies.uuid, String(uuid));
    },
    setTokens({ token, refresh }) {
      jar.set(Cookies.token, token);
      if (refresh) jar.set(Cookies.refresh, refresh);
    },
    clearSession() {
      jar.remove(Cookies.token);
      jar.remove(Cookies.uuid);
      jar.remove(Cookies.refresh);
      jar.remove(Cookies.refreshMode);
    },
    setLang: (value) => jar.set(Cookies.lang, value),
  };
}

let browserCookies: SessionCookies | undefined;

/** The page's session cookies (browser only). */
export function getSessionCookies(): SessionCookies {
  if (!browserCookies) browserCookies = createSessionCookies(createCookieJar(document));
  return browserCookies;
}
