// What a benchmark needs to talk to the reference server as the console does: signed API calls (query and
// JSON body signed, src/contract/sign.ts) and signing in through the login form in a browser.
import { type Browser, chromium, type Page } from '@playwright/test';
import { md5Hex } from '../../src/contract/password.ts';
import { signParams } from '../../src/contract/sign.ts';
import { shownCaptchaKey } from '../../tests/e2e/support/captcha.ts';
import type { TestServer } from '../../tests/e2e/support/server.ts';

export type Envelope = { code: number; msg: unknown; data: unknown };

/** The signing secret the server publishes to the SPA. */
export async function signSecret(server: TestServer): Promise<string> {
  const config = await (await fetch(`${server.url}/app-config.js`)).text();
  return /"signSecret"\s*:\s*"([^"]*)"/.exec(config)?.[1] ?? '';
}

/** A signed call with query parameters and an optional JSON body; returns the envelope whatever its code. */
export async function signedFetch(
  server: TestServer,
  secret: string,
  method: string,
  path: string,
  options: { query?: Record<string, string | number>; body?: object; token?: string } = {},
): Promise<Envelope> {
  const timestamp = Math.floor(Date.now() / 1000);
  const query = Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]));
  const sign = signParams(secret, { ...query, ...options.body }, timestamp);
  const params = new URLSearchParams({ ...query, timestamp: String(timestamp), sign });
  const headers: Record<string, string> = options.body ? { 'content-type': 'application/json' } : {};
  if (options.token) headers.Authorization = `JWT ${options.token}`;
  const response = await fetch(`${server.url}${path}?${params}`, {
    method,
    headers,
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return (await response.json()) as Envelope;
}

/** Signs in over the API (captcha answered through the test hook); returns the access token. */
export async function apiAccessToken(
  server: TestServer,
  secret: string,
  username = 'superadmin',
  password = 'admin123456',
): Promise<string> {
  const captcha = (await signedFetch(server, secret, 'GET', '/api/captcha/')).data as { key?: unknown };
  const body: Record<string, unknown> = { username, password: md5Hex(password) };
  if (captcha?.key !== undefined && captcha.key !== null) {
    body.captcha = await server.captchaAnswer(String(captcha.key));
    body.captchaKey = captcha.key;
  }
  const login = await signedFetch(server, secret, 'POST', '/api/login/', { body });
  if (login.code !== 2000) throw new Error(`login: ${JSON.stringify(login.msg)}`);
  return (login.data as { access: string }).access;
}

/** Signs in through the form, the captcha answered through the server's test hook. */
export async function formSignIn(
  page: Page,
  server: TestServer,
  username = 'superadmin',
  password = 'admin123456',
): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('用户名').waitFor({ state: 'visible', timeout: 30_000 });
  const key = await shownCaptchaKey(page);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  const captchaField = page.getByRole('textbox', { name: '验证码', exact: true });
  if (key !== undefined && key !== null) await captchaField.fill(await server.captchaAnswer(String(key)));
  await page.getByLabel('密码', { exact: true }).press('Enter');
  await page.getByTestId('user-menu').waitFor({ state: 'visible', timeout: 30_000 });
}

/**
 * Headless Debian Chromium with one zh-CN page at 1440×900, as the benches drive the console. tsx (esbuild
 * keepNames) wraps named functions in `__name(…)`, also inside page.evaluate callbacks: the init script
 * makes that a no-op in the page.
 */
export async function openBenchPage(timeoutMs = 15_000): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  return { browser, page };
}

/** Used JS heap after forced garbage collections (Chrome DevTools Protocol), bytes. */
export async function usedHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** Marks the first painted frame with the shell's side menu holding a link. */
export const SHELL_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    if (globalThis.__shell !== undefined || !document.querySelector('[data-testid="aside"] a')) return;
    globalThis.__shell = null;
    observer.disconnect();
    requestAnimationFrame(() => { globalThis.__shell = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true });
})();`;

/** The shell probe's mark (ms since navigation), once painted. */
export async function shellPainted(page: Page, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const shell = (globalThis as { __shell?: unknown }).__shell;
      return typeof shell === 'number' ? shell : false;
    },
    undefined,
    { polling: 20, timeout },
  );
  return Number(await handle.jsonValue());
}
