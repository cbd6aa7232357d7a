import { type AppConfig, getConfig } from '../config.ts';
import { currentLanguage, t } from '../i18n/index.ts';
import { showNotice } from '../notify.ts';
import { createHttpClient } from './client.ts';
import type { HttpClient, HttpClientOptions, LogFn, NotifyFn, TokenPort } from './types.ts';

/**
 * The browser's http client with the page's defaults filled in: base URL and secret from the app config,
 * Mantine toasts, the app's i18n (and its language as Accept-Language). The session's token port and the
 * frontend log come from the caller (src/services/app-system.ts), which owns the actors.
 */
export type AppHttpDeps = {
  /** The session's token port (`createTokenPort` of src/services/implementations/session.ts). */
  tokens: TokenPort;
  log: LogFn;
  notify?: NotifyFn;
  config?: AppConfig;
  /** Anything else to override (tests: `adapter`, `now`). */
  overrides?: Partial<HttpClientOptions>;
};

export function createAppHttpClient(deps: AppHttpDeps): HttpClient {
  const config = deps.config ?? getConfig();
  return createHttpClient({
    baseURL: config.apiBase,
    signSecret: config.signSecret,
    tokens: deps.tokens,
    notify: deps.notify ?? showNotice,
    log: deps.log,
    t,
    getLanguage: () => currentLanguage(),
    ...deps.overrides,
  });
}
