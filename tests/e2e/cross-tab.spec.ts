import {
  captchaField,
  confirmLogout,
  fillLogin,
  openLogin,
  sessionCookies,
  sharedServerForThisFile,
} from './support/console.ts';
import { expect, type Page, type Request, test } from './support/test.ts';

// Tabs of one console share the session (issue 16): two pages of one browser context are two tabs (same
// cookies, same BroadcastChannel origin). Each test signs in a session of its own on the shared server.
const server = sharedServerForThisFile();
// Two tabs, each loading the shell, and up to two sign-ins: slow on a loaded 2-core machine.
test.describe.configure({ timeout: 300_000 });

const isRefresh = (r: Request) => new URL(r.url()).pathname === '/token/refresh/';
/** Requests that carry the session: the API and the message poll. */
const isSignedRequest = (url: URL) => /^\/(api|xy)\//.test(url.pathname);

/** Signs in through the form; two tabs loading the shell at once are slow on a loaded 2-core machine. */
async function signIn(page: Page) {
  const key = await openLogin(page, server());
  await fillLogin(page, server(), { username: 'superadmin', captchaKey: key });
  await captchaField(page).press('Enter');
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });
}

test('signing out in one tab signs the other out within a second; signing in again brings it back where it was', async ({
  page,
  context,
}) => {
  await signIn(page);
  const other = await context.newPage();
  await other.goto(`${server().url}/userInfo`);
  await expect(other.getByRole('heading', { name: '基本信息' })).toBeVisible({ timeout: 30_000 });

  const reloaded = await confirmLogout(page);
  await expect(other).toHaveURL(`${server().url}/login?redirect=%2FuserInfo`, { timeout: 1_000 });
  // Said while the toast lasts (5 s), before anything slower is checked.
  await expect(other.getByText('已在其他标签页退出登录').first()).toBeVisible({ timeout: 4_000 });
  await expect(other.getByLabel('用户名')).toBeEditable();
  await expect(page).toHaveURL(`${server().url}/login`);
  expect((await sessionCookies(other)).token).toBeUndefined();

  await reloaded;
  await signIn(page);
  await expect(other).toHaveURL(`${server().url}/userInfo`, { timeout: 30_000 });
  await expect(other.getByRole('heading', { name: '基本信息' })).toBeVisible();
  await expect(other.getByTestId('user-menu')).toContainText('你好 超级管理员');
});

test('a tab waiting on the login page goes to the index when another tab signs in', async ({
  page,
  context,
}) => {
  const other = await context.newPage();
  // The first page of a fresh browser loads every chunk: slow on a loaded machine.
  await other.goto(`${server().url}/login`);
  await expect(other.getByLabel('用户名')).toBeEditable({ timeout: 60_000 });
  await signIn(page);
  await expect(other).toHaveURL(`${server().url}/index`, { timeout: 30_000 });
  await expect(other.getByTestId('user-menu')).toContainText('你好 超级管理员');
});

test('a token refreshed in one tab is used by the other, which does not refresh on its own', async ({
  page,
  context,
}) => {
  await signIn(page);
  const other = await context.newPage();
  await other.goto(`${server().url}/index`);
  await expect(other.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  // Every refresh this browser makes (the shared server's own count would include other test files').
  const refreshes: string[] = [];
  context.on('request', (r) => {
    if (isRefresh(r)) refreshes.push(r.url());
  });
  const before = (await sessionCookies(page)).token;

  // The first tab's next signed request (its message poll, within 5 s) is refused as expired: it
  // refreshes once and retries.
  let refused = false;
  await page.route(isSignedRequest, async (route) => {
    if (refused || !route.request().headers().authorization) return route.continue();
    refused = true;
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: 401,
        msg: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
        data: null,
      }),
    });
  });
  const refreshed = await page.waitForResponse((r) => isRefresh(r.request()), { timeout: 60_000 });
  expect(refreshed.status()).toBe(200);
  // The response is in; the tab stores the new token once it has read it.
  await expect.poll(async () => (await sessionCookies(page)).token).not.toBe(before);
  const after = (await sessionCookies(page)).token;
  expect(after).toBeTruthy();

  // The other tab's next signed request carries the new token: it took it from the first tab.
  await other.waitForRequest(
    (r) => isSignedRequest(new URL(r.url())) && r.headers().authorization === `JWT ${after}`,
    { timeout: 60_000 },
  );
  expect(refreshes).toHaveLength(1);
  // Both tabs go on working with it.
  for (const tab of [page, other]) {
    await tab.getByTestId('user-menu').click();
    await tab.getByRole('menuitem', { name: '个人信息' }).click();
    await expect(tab.getByRole('heading', { name: '基本信息' })).toBeVisible();
  }
  expect(refreshes).toHaveLength(1);
});
