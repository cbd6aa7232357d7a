import type { Page } from '@playwright/test';
import { shownCaptchaKey } from './support/captcha.ts';
import {
  captchaField,
  fillLogin,
  openLogin,
  readableRefresh,
  sessionCookies,
  sharedServerForThisFile,
  signIn,
} from './support/console.ts';
import { expect, test } from './support/test.ts';

const server = sharedServerForThisFile();

test('a deep link while signed out lands on /login with the link as redirect', async ({ page }) => {
  await page.goto(`${server().url}/dept?x=1`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdept%3Fx%3D1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('企业级后台管理系统');
  await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible();
  await expect(page).toHaveTitle('后台管理系统 | 登录');
});

test('signed out, /login draws the form in its first render: no loader is shown before it', async ({
  page,
}) => {
  // Records every loader React puts in #root before the form appears (the page's own static spinner is
  // not React's: it is replaced by the first render).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as { __loaders?: string[] }).__loaders = seen;
    new MutationObserver(() => {
      if (document.querySelector('input[type="password"]')) return;
      if (document.querySelector('#root [role="status"]')) seen.push(location.pathname);
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(`${server().url}/login`);
  await expect(page.getByLabel('密码', { exact: true })).toBeEnabled();
  expect(await page.evaluate(() => (globalThis as { __loaders?: string[] }).__loaders)).toEqual([]);
});

test('signed out, /login comes with its captcha and loads no API code until the visitor touches the page', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const key = await openLogin(page, server());
  await page.waitForLoadState('networkidle');
  // the challenge came inlined in the page: no API request, and the network layer (axios, the
  // response schemas: the `app-client` chunk) is not loaded for a visitor who only looks
  expect(key).toMatch(/^\d+$/);
  expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);
  expect(requested.filter((path) => path.includes('/app-client-'))).toEqual([]);
  // the first touch fetches it (with the shell) while they type; the inlined challenge signs in
  await fillLogin(page, server(), { username: 'superadmin', captchaKey: key });
  await expect.poll(() => requested.some((path) => path.includes('/app-client-'))).toBe(true);
  await captchaField(page).press('Enter');
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
});

test('typed into and submitted before the console’s code has arrived, the form signs in once it has', async ({
  page,
}) => {
  // the first paint's form is the entry's; the console (router, charts) comes in its own chunk: hold it back
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = 0;
  await page.route('**/assets/start-console-*.js', async (route) => {
    holding += 1;
    await held;
    await route.continue();
  });
  await page.goto(`${server().url}/login`);
  const key = await shownCaptchaKey(page);
  await fillLogin(page, server(), { username: 'superadmin', captchaKey: key });
  await captchaField(page).press('Enter');
  await expect(page.getByLabel('用户名')).toHaveValue('superadmin');
  await expect(page).toHaveURL(/\/login$/);
  // (index.html's prefetch and the import: with a route on the page, the browser's cache is off)
  expect(holding, 'the console’s chunk was held while the form was used').toBeGreaterThan(0);
  release();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  expect((await sessionCookies(page)).token).toBeTruthy();
});

/** Holds every script of the build until `release()`: the page as it is before any of them has run. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('before any script has run, /login’s form is on screen and takes the sign-in, carried out once they arrive', async ({
  page,
}) => {
  const release = await holdScripts(page);
  // (not waiting for `load`, which waits for the held scripts)
  await page.goto(`${server().url}/login`, { waitUntil: 'commit' });
  await expect(page.getByLabel('用户名')).toBeEditable();
  await expect(page.locator('form[data-server-drawn]')).toHaveCount(1);
  const key = await shownCaptchaKey(page);
  await fillLogin(page, server(), { username: 'superadmin', captchaKey: key });
  await captchaField(page).press('Enter');
  // held by the page's inline guard: no navigation, nothing typed in any URL
  await expect(page.locator('form[data-queued-submit]')).toHaveCount(1);
  expect(page.url()).toBe(`${server().url}/login`);
  release();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  expect((await sessionCookies(page)).token).toBeTruthy();
});

test('the form the server drew looks as the console’s that replaces it: every part in the same place', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(`${server().url}/login`, { waitUntil: 'commit' });
  await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
  const parts = [
    page.getByRole('heading', { level: 1 }),
    page.getByLabel('用户名'),
    page.getByLabel('密码', { exact: true }),
    captchaField(page),
    page.getByRole('button', { name: '登录' }),
  ];
  const boxes = async () => Promise.all(parts.map((part) => part.boundingBox()));
  const drawn = await boxes();
  release();
  await expect(page.locator('form')).not.toHaveAttribute('data-server-drawn');
  expect(await boxes()).toEqual(drawn);
  // styled by the built stylesheet (the renderer's class names are the SPA's), not the browser's defaults
  expect(drawn[4]?.height).toBeGreaterThan(36);
});

test('when the console’s code cannot load, the page says so in its language and offers a reload', async ({
  page,
}) => {
  await page.route('**/assets/start-console-*.js', (route) => route.abort('connectionreset'));
  await page.goto(`${server().url}/login`);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: '页面出错了' })).toBeVisible();
  await expect(alert.getByRole('button', { name: '重新加载' })).toBeVisible();
  // a reload with the code reachable again is the console
  await page.unroute('**/assets/start-console-*.js');
  await alert.getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByLabel('用户名')).toBeEditable();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('signing in with the captcha lands on the deep link', async ({ page }) => {
  const key = await openLogin(page, server(), '/dept?x=1');
  expect(key).toBeDefined();
  await fillLogin(page, server(), { username: 'superadmin', captchaKey: key });
  await captchaField(page).press('Enter');
  await expect(page).toHaveURL(`${server().url}/dept?x=1`);
  await expect(page.getByTestId('user-menu')).toContainText('你好 超级管理员');
  const cookies = await sessionCookies(page);
  expect(cookies.token).toBeTruthy();
  expect(cookies.refresh).toBeTruthy();
  expect(cookies.uuid).toBe('1');
});

test('the refresh token is kept out of reach of scripts on the page', async ({ page }) => {
  await signIn(page, server());
  expect((await sessionCookies(page)).refresh).toBeTruthy();
  expect(await readableRefresh(page)).toBeUndefined();
  const cookies = await page.context().cookies();
  const refresh = cookies.filter((c) => c.name === 'xy_refresh');
  expect(refresh.map((c) => [c.path, c.httpOnly, c.sameSite])).toEqual(
    expect.arrayContaining([
      ['/token/refresh', true, 'Strict'],
      ['/api/logout', true, 'Strict'],
    ]),
  );
});

test('signing in from /login goes to the console with the side menu and 控制台 first', async ({ page }) => {
  await signIn(page, server());
  await expect(page).toHaveURL(`${server().url}/index`);
  await expect(page).toHaveTitle('后台管理系统 | 控制台');
  const menu = page.getByRole('navigation', { name: '侧栏菜单' });
  await expect(menu.locator('[data-depth="0"]').first()).toHaveText('控制台');
  await expect(menu.getByText('系统管理')).toBeVisible();
  await expect(page.getByTestId('welcome-dept')).toHaveText('DVAdmin团队');
});

test('a wrong password says why, keeps the username and clears the captcha for a new one', async ({
  page,
}) => {
  const key = await openLogin(page, server());
  await fillLogin(page, server(), { username: 'superadmin', password: 'not-the-password', captchaKey: key });
  const nextCaptcha = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/captcha/');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '账号/密码错误' }).first()).toBeVisible();
  const next = (await (await nextCaptcha).json()) as { data?: { key?: unknown } };
  expect(String(next.data?.key)).not.toBe(String(key));
  await expect(page.getByLabel('用户名')).toHaveValue('superadmin');
  await expect(captchaField(page)).toHaveValue('');
  await expect(page).toHaveURL(/\/login/);
  expect((await sessionCookies(page)).token).toBeUndefined();
});

test('reloading the page keeps the session', async ({ page }) => {
  await signIn(page, server());
  await page.goto(`${server().url}/userInfo`);
  await expect(page.getByRole('heading', { name: '基本信息' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(`${server().url}/userInfo`);
  await expect(page.getByTestId('user-menu')).toContainText('你好 超级管理员');
  await expect(page.getByLabel('用户名')).toHaveCount(0);
});
