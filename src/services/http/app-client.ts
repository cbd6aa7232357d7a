import { type AppConfig, getConfig } from '../config.ts';
import { getSessionCookies, type SessionCookies } from '../cookies.ts';
import { currentLanguage, t } from '../i18n/index.ts';
import { showNotice } from '../notify.ts';
import { createHttpClient } from './client.ts';
import type { AuthExpiryReason } from './errors.ts';
import type { HttpClient, HttpClientOptions, LogFn, NotifyFn } from './types.ts';

/**
 * The browser's http client with the page's defaults filled in: base URL and secret from the app config,
 * the token from the `token` cookie, Mantine toasts, the app's i18n (and its language as Accept-Language).
 * The session wiring (`refreshAccessToken`, `onAuthExpired`) and the frontend log come from the caller
 * (src/services/app-system.ts), which owns the actors.
 */
export type AppHttpDeps = {
  refreshAccessToken(usedToken: string | undefined): Promise<string>;
  onAuthExpired(reason: AuthExpiryReason, message: string): void;
  log: LogFn;
  notify?: NotifyFn;
  config?: AppConfig;
  cookies?: SessionCookies;
  /** Anything else to override (tests: `adapter`, `now`). */
  overrides?: Partial<HttpClientOptions>;
};

export function createAppHttpClient(deps: AppHttpDeps): HttpClient {
  const config = deps.config ?? getConfig();
  const cookies = deps.cookies ?? getSessionCookies();
  return createHttpClient({
    baseURL: config.apiBase,
    signSecret: config.signSecret,
    getAccessToken: () => cookies.getToken(),
    refreshAccessToken: deps.refreshAccessToken,
    onAuthExpired: deps.onAuthExpired,
    notify: deps.notify ?? showNotice,
    log: deps.log,
    t,
    getLanguage: () => currentLanguage(),
    ...deps.overrides,
  });
}
