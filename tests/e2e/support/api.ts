import type { BrowserContext } from '@playwright/test';
import { md5Hex } from '../../../src/contract/password.ts';
import { signParams } from '../../../src/contract/sign.ts';
import type { TestServer } from './server.ts';

/** The signing secret the server publishes to the SPA (`/app-config.js`). */
export async function signSecret(server: TestServer): Promise<string> {
  const text = await (await fetch(`${server.url}/app-config.js`)).text();
  const match = /"signSecret"\s*:\s*"([^"]*)"/.exec(text);
  if (!match?.[1]) throw new Error(`no signSecret in /app-config.js: ${text}`);
  return match[1];
}

async function call<T>(
  server: TestServer,
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: object,
  token?: string,
  query: Record<string, string> = {},
) {
  const timestamp = Math.floor(Date.now() / 1000);
  // Query parameters are signed like a body's (src/contract/sign.ts).
  const sign = signParams(secret, { ...query, ...body }, timestamp);
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
  if (token) headers.Authorization = `JWT ${token}`;
  const params = new URLSearchParams({ ...query, timestamp: String(timestamp), sign });
  const response = await fetch(`${server.url}${path}?${params}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { code: number; msg: unknown; data: T };
  if (envelope.code !== 2000)
    throw new Error(`${method} ${path}: ${envelope.code} ${JSON.stringify(envelope.msg)}`);
  return envelope.data;
}

/**
 * Signs in over the API, as the console would (captcha answered through the test hook), without a browser:
 * the tokens are used later, e.g. after the access token has expired.
 */
export async function apiSignIn(server: TestServer, username = 'superadmin', password = 'admin123456') {
  const secret = await signSecret(server);
  const body = await loginBody(server, secret, username, password);
  return call<{ access: string; refresh: string; userId: number }>(
    server,
    secret,
    'POST',
    '/api/login/',
    body,
  );
}

export type ApiTokens = Awaited<ReturnType<typeof apiSignIn>>;

/** A session from earlier in this browser: `apiSignIn`'s tokens in the context's cookies, as the console keeps them. */
export async function addSessionCookies(context: BrowserContext, server: TestServer, tokens: ApiTokens) {
  const { hostname } = new URL(server.url);
  const cookies = { token: tokens.access, refresh: tokens.refresh, uuid: String(tokens.userId) };
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value, domain: hostname, path: '/' })),
  );
}

/** The login form's body, the captcha answered through the test hook. */
export async function loginBody(server: TestServer, secret: string, username: string, password: string) {
  const captcha = await call<{ key?: string | number }>(server, secret, 'GET', '/api/captcha/');
  const body: Record<string, unknown> = { username, password: md5Hex(password) };
  if (captcha.key !== undefined) {
    body.captcha = await server.captchaAnswer(captcha.key);
    body.captchaKey = captcha.key;
  }
  return body;
}

/** A signed GET with query parameters as a signed-in user (e.g. a list's `search=`); resolves its data. */
export async function apiGet<T = Record<string, unknown>>(
  server: TestServer,
  token: string,
  path: string,
  query: Record<string, string>,
) {
  return call<T>(server, await signSecret(server), 'GET', path, undefined, token, query);
}

/** A signed API call as a signed-in user (e.g. superadmin creating menus for a test). */
export async function apiCall<T = Record<string, unknown>>(
  server: TestServer,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: object,
) {
  return call<T>(server, await signSecret(server), method, path, body, token);
}

/**
 * Posts items to the ingest as a scraper would (resolves the stored item or items): `Authorization: Token <ingestToken>`, signed like every API
 * call (the body is signed only when it is one object: a list has no top-level parameters).
 */
export async function apiIngest(
  server: TestServer,
  ingestToken: string,
  items: object | object[],
  /** The signing secret, when the caller already has it (one request less per call). */
  knownSecret?: string,
): Promise<unknown> {
  const secret = knownSecret ?? (await signSecret(server));
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = signParams(secret, Array.isArray(items) ? {} : { ...items }, timestamp);
  const response = await fetch(`${server.url}/xy/items/?timestamp=${timestamp}&sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${ingestToken}` },
    body: JSON.stringify(items),
  });
  const envelope = (await response.json()) as { code: number; msg: unknown; data?: unknown };
  if (envelope.code !== 2000) throw new Error(`ingest: ${envelope.code} ${JSON.stringify(envelope.msg)}`);
  return envelope.data;
}
