import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import axios, {
  type AxiosAdapter,
  AxiosError,
  type AxiosResponse,
  CanceledError,
  type InternalAxiosRequestConfig,
} from 'axios';
import { createApi } from '../../src/services/api/index.ts';
import type {
  AuthExpiryReason,
  HttpClientOptions,
  LogEntry,
  Notice,
  TokenAnswer,
  TokenPort,
} from '../../src/services/http/index.ts';
import { createHttpClient } from '../../src/services/http/index.ts';
import { createI18n, preloadNamespaces } from '../../src/services/i18n/index.ts';

/** A fake axios adapter: each request goes to `handler`, which answers like a server would. */
export type Handler = (
  config: InternalAxiosRequestConfig,
  index: number,
) => AxiosResponse | Promise<AxiosResponse>;

import { FIXTURE_DIR } from '../support/shared.ts';

export { FIXTURE_DIR };

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURE_DIR, `${name}.json`), 'utf8');
}

export function fixture(name: string): { code: number; msg?: unknown; data?: unknown } {
  return JSON.parse(fixtureText(name));
}

/** A response as the browser adapter hands it to axios: JSON text, parsed by axios' transformResponse. */
export function reply(
  config: InternalAxiosRequestConfig,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): AxiosResponse {
  return {
    data: typeof body === 'string' ? body : JSON.stringify(body),
    status,
    statusText: String(status),
    headers: { 'content-type': 'application/json', ...headers },
    config,
  };
}

export function replyFixture(config: InternalAxiosRequestConfig, name: string): AxiosResponse {
  return reply(config, fixtureText(name));
}

export function networkError(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
}

export function timeoutError(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config);
}

/** Answers like a real adapter when the signal aborts mid-flight. */
export function hangUntilAborted(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  return new Promise((_, reject) => {
    const signal = config.signal as AbortSignal | undefined;
    signal?.addEventListener('abort', () => reject(new CanceledError(undefined, undefined, config)), {
      once: true,
    });
  });
}

export const zh = createI18n({ cookieLang: 'zh-chs', react: false });
// the lazy namespaces (e.g. `realtime`) arrive before any test of a file that imports the harness
await preloadNamespaces(zh);
export const tZh = (key: string, options?: Record<string, unknown>) => zh.t(key, options ?? {}) as string;

export type Harness = ReturnType<typeof setup>;

export function setup(
  handler: Handler,
  overrides: Partial<HttpClientOptions> & { token?: string | undefined; refreshTo?: string | Error } = {},
) {
  const calls: InternalAxiosRequestConfig[] = [];
  const notices: Notice[] = [];
  const logs: LogEntry[] = [];
  const expired: { reason: AuthExpiryReason; message: string }[] = [];
  const state = {
    token: 'token' in overrides ? overrides.token : 'access-1',
    refreshes: 0,
    refreshedFrom: [] as (string | undefined)[],
  };
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    return handler(config, calls.length - 1);
  };
  const refreshTo = overrides.refreshTo ?? new Error('no refresh token');
  /**
   * A stand-in for the session chart behind the token port (the chart's own rules are tested in
   * tests/machines/session): one shared refresh, a newer token answered at once, a refused renewed token
   * or a failed refresh ends the session (recorded in `expired`), an ended session answers `ended`.
   */
  let refreshing: Promise<TokenAnswer> | undefined;
  let renewed: string | undefined;
  const end = (why: { reason: AuthExpiryReason; message: string }): TokenAnswer => {
    expired.push(why);
    state.token = undefined;
    return { kind: 'ended' };
  };
  const tokens: TokenPort = {
    getAccess: () => state.token,
    async refreshAfter401(usedToken, why = { reason: 'token_not_valid', message: '' }) {
      if (refreshing) return refreshing;
      if (state.token === undefined) return { kind: 'ended' };
      if (usedToken !== state.token) return { kind: 'renewed', token: state.token };
      if (usedToken === renewed) return end(why);
      state.refreshes += 1;
      state.refreshedFrom.push(usedToken);
      refreshing = Promise.resolve().then(() => {
        refreshing = undefined;
        if (refreshTo instanceof Error) return end(why);
        state.token = renewed = refreshTo;
        return { kind: 'renewed' as const, token: refreshTo };
      });
      return refreshing;
    },
    expire: (reason, message, token) => {
      if (token === state.token) end({ reason, message });
    },
  };
  const http = createHttpClient({
    baseURL: 'http://api.test',
    tokens,
    notify: (n) => {
      notices.push(n);
    },
    log: (e) => {
      logs.push(e);
    },
    t: tZh,
    now: () => 1_795_234_574_000,
    adapter,
    ...overrides,
  });
  return { http, api: createApi(http), calls, notices, logs, expired, state };
}

/** The full URL a request went out to (base URL, path and the query through the client's serializer). */
export function urlOf(config: InternalAxiosRequestConfig): URL {
  return new URL(axios.getUri(config));
}

export function queryOf(config: InternalAxiosRequestConfig): URLSearchParams {
  return urlOf(config).searchParams;
}

export function headerOf(config: InternalAxiosRequestConfig, name: string): string | undefined {
  const value =
    config.headers?.get?.(name) ?? (config.headers as Record<string, unknown> | undefined)?.[name];
  return value == null ? undefined : String(value);
}

export function bodyOf(config: InternalAxiosRequestConfig): unknown {
  return typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
}
