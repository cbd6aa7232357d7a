import { expect, type Page, type Route, test } from '@playwright/test';
import { signParams } from '../../../src/contract/sign.ts';
import { loginBody, signSecret } from './api.ts';
import { shownCaptchaKey } from './captcha.ts';
import { type ServerOptions, sharedServer, startServer, type TestServer } from './server.ts';

export const PASSWORD = 'admin123456';

/**
 * The run's shared server (started once by tests/e2e/support/globalSetup.ts, one seeded database for every
 * file that uses it). For tests that change nothing another file can see: their own rows, a browser's own
 * preferences, routes faked in their own page. A test that changes global state (settings, roles, menus,
 * users, messages, login failures) or needs other server options takes `startServerForThisFile` instead.
 */
export function sharedServerForThisFile(): () => TestServer {
  const server = sharedServer();
  return () => server;
}

/**
 * Starts a fresh server of its own before the spec file's tests and stops it (by PID) after them: for
 * tests that change global state, restart or stop the server, or need other settings (environment,
 * management commands).
 */
export function startServerForThisFile(options: ServerOptions = {}): () => TestServer {
  let server: TestServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer(options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

/**
 * Opens `path` (signed out it lands on /login) and waits for the login form with its captcha loaded.
 * Returns the key of the challenge on screen (undefined when `captcha` is false: the server asks none).
 */
export async function openLogin(page: Page, server: TestServer, path = '/login', captcha = true) {
  await page.goto(`${server.url}${path}`);
  await expect(page.getByLabel('用户名')).toBeEditable();
  return captcha ? shownCaptchaKey(page) : undefined;
}

/** Fills the form; with a key, answers the captcha through the server's test hook. */
export async function fillLogin(
  page: Page,
  server: TestServer,
  values: { username: string; password?: string; captchaKey?: string | undefined; captcha?: string },
) {
  await page.getByLabel('用户名').fill(values.username);
  await page.getByLabel('密码', { exact: true }).fill(values.password ?? PASSWORD);
  if (values.captcha !== undefined) await captchaField(page).fill(values.captcha);
  else if (values.captchaKey !== undefined)
    await captchaField(page).fill(await server.captchaAnswer(values.captchaKey));
}

/** Signs in through the form (captcha on) and waits for the shell. */
export async function signIn(page: Page, server: TestServer, username = 'superadmin', path = '/login') {
  const key = await openLogin(page, server, path);
  await fillLogin(page, server, { username, captchaKey: key });
  await captchaField(page).press('Enter');
  // Reaching the shell is the rule here, not its speed (that is `npm run bench`'s): a loaded 2-core machine
  // running two browsers and the servers can take well over the default 10 s to load the shell's chunks.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
}

/**
 * Signs in without the form, for tests about what comes after it (the form is sign-in.spec's): the login
 * API as the console calls it — inside the page's browser context, so the server's HttpOnly refresh cookie
 * lands there — then the cookies the console writes after a login; opens `path` and waits for the shell.
 */
export async function signInDirectly(
  page: Page,
  server: TestServer,
  username = 'superadmin',
  path = '/index',
) {
  const secret = await signSecret(server);
  const body = await loginBody(server, secret, username, PASSWORD);
  const timestamp = Math.floor(Date.now() / 1000);
  const query = { refresh_cookie: '1' };
  const sign = signParams(secret, { ...query, ...body }, timestamp);
  const response = await page.request.post(
    `${server.url}/api/login/?${new URLSearchParams({ ...query, timestamp: String(timestamp), sign })}`,
    { data: body },
  );
  const envelope = (await response.json()) as { code: number; data: { access: string; userId: number } };
  expect(envelope.code, JSON.stringify(envelope)).toBe(2000);
  const cookie = (name: string, value: string) => ({
    name,
    value,
    url: server.url,
    sameSite: 'Lax' as const,
  });
  await page
    .context()
    .addCookies([
      cookie('token', envelope.data.access),
      cookie('uuid', String(envelope.data.userId)),
      cookie('refresh_mode', 'cookie'),
    ]);
  await page.goto(`${server.url}${path}`);
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  // the header's tools (and the `s` key of its search) follow the shell's first paint by a render
  await expect(page.getByTestId('header-search')).toBeVisible();
}

/**
 * The page loaded again after a sign-out: the session ends in `loggedOut`, which goes to /login and then
 * reloads it (a full navigation), so a `goto` made before that reload is done is interrupted by it.
 * Start waiting before the click that signs out; await it before the page navigates again.
 */
export function reloadAfterSignOut(page: Page): Promise<void> {
  return page.waitForEvent('load', { timeout: 60_000 }).then(() => undefined);
}

/**
 * Signs out as a user does (user menu → 注销 → 确定); resolves once the click is made, with the wait for
 * the sign-out's own reload of /login (`reloadAfterSignOut`) to await before navigating again.
 */
export async function confirmLogout(page: Page): Promise<Promise<void>> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '注销' }).click();
  const reloaded = reloadAfterSignOut(page);
  await page.getByRole('dialog', { name: '注销用户' }).getByRole('button', { name: '确定' }).click();
  return reloaded;
}

/** The 验证码 input (the refresh button's label also mentions 验证码). */
export const captchaField = (page: Page) => page.getByRole('textbox', { name: '验证码', exact: true });

/**
 * The session's cookies. `refresh` is the refresh token wherever it lives: the HttpOnly `xy_refresh` cookie
 * the reference server sets (cookie mode), or the script-readable `refresh` cookie (a stock dvadmin, or a
 * session planted in body mode). `refreshReadable` is only the script-readable one.
 */
export async function sessionCookies(page: Page) {
  const cookies = await page.context().cookies();
  const byName = new Map(cookies.map((c) => [c.name, c]));
  const httpOnlyRefresh = byName.get('xy_refresh');
  return {
    token: byName.get('token')?.value,
    refresh: byName.get('refresh')?.value ?? (httpOnlyRefresh?.httpOnly ? httpOnlyRefresh.value : undefined),
    uuid: byName.get('uuid')?.value,
  };
}

/** The refresh token JavaScript can read (none in cookie mode: the point of the HttpOnly cookie). */
export async function readableRefresh(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('refresh=') || c.startsWith('xy_refresh='))
        ?.split('=')[1],
  );
}

/**
 * Puts the browser context on Playwright's clock (before the page loads; time flows on by itself, and
 * `page.clock.runFor` or `advanceTime` moves it ahead), and starts watching the page's requests so
 * `settleRequests` can wait for the ones a timer started.
 */
export async function installClock(page: Page, options: { time?: number } = {}) {
  inFlight(page);
  await page.clock.install(options);
}

/**
 * Moves time `ms` ahead for the browser (`page.clock`, installed before the page loaded) and the server
 * (a server started with `clock: true`) alike, so tokens the server issued expire in both, without waiting.
 * The browser's clock advances in 1 s steps, each followed by the requests its timers started.
 */
export async function advanceTime(page: Page, server: TestServer, ms: number) {
  await server.advanceClock(ms);
  for (let left = ms; left > 0; left -= 1000) await runBrowserClock(page, Math.min(1000, left));
}

/** The browser's clock `ms` ahead, then the requests its timers started. */
async function runBrowserClock(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await settleRequests(page);
}

/**
 * Waits until no request the page started (since `installClock`) is still in flight; a request loop never
 * settles. The socket is a WebSocket, not a request.
 */
export async function settleRequests(page: Page) {
  await expect.poll(() => inFlight(page), { intervals: [10, 20, 50, 100] }).toBe(0);
}

/**
 * As `advanceTime`, a second at a time for the browser and the server together, stopping as soon as `done()`
 * holds: what the page showed on the way (a toast that lives 5 s) is still there to check. The browser's
 * installed clock also runs in real time, so on a busy machine a sign-in may already have used part of a
 * timer's delay: a fixed jump could run past both the event and its toast.
 */
export async function advanceTimeUntil(
  page: Page,
  server: TestServer,
  maxMs: number,
  done: () => boolean | Promise<boolean>,
) {
  for (let left = maxMs; left > 0 && !(await done()); left -= 1000) {
    const step = Math.min(1000, left);
    await server.advanceClock(step);
    await runBrowserClock(page, step);
  }
}

const pending = new WeakMap<Page, Set<unknown>>();
function inFlight(page: Page): number {
  let requests = pending.get(page);
  if (!requests) {
    const set = new Set<unknown>();
    requests = set;
    pending.set(page, set);
    page.on('request', (r) => set.add(r));
    page.on('requestfinished', (r) => set.delete(r));
    page.on('requestfailed', (r) => set.delete(r));
  }
  return requests.size;
}

/** Refuses the page's requests matching `pattern` (its code chunks), as when the server is gone; returns the undo. */
export async function refuseRequests(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const refuse = (route: Route) => route.abort('connectionrefused');
  await page.route(pattern, refuse);
  return () => page.unroute(pattern, refuse);
}
