import {
  installClock,
  refuseRequests,
  reloadAfterSignOut,
  sessionCookies,
  sharedServerForThisFile,
  signIn,
} from './support/console.ts';
import { expect, test } from './support/test.ts';

const server = sharedServerForThisFile();

async function openLogoutConfirm(page: import('@playwright/test').Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '注销' }).click();
  const dialog = page.getByRole('dialog', { name: '注销用户' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('确定要注销当前用户吗');
  return dialog;
}

test('cancelling the logout confirm keeps the session and says 取消注销操作', async ({ page }) => {
  await signIn(page, server());
  const dialog = await openLogoutConfirm(page);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText('取消注销操作')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${server().url}/index`);
  expect((await sessionCookies(page)).token).toBeTruthy();
});

test('confirming the logout goes back to /login with the session cookies cleared', async ({ page }) => {
  await signIn(page, server());
  const dialog = await openLogoutConfirm(page);
  const logoutCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout/');
  const reloaded = reloadAfterSignOut(page);
  await dialog.getByRole('button', { name: '确定' }).click();
  await logoutCall;
  await expect(page).toHaveURL(`${server().url}/login`);
  await expect(page.getByLabel('用户名')).toBeEditable();
  expect(await sessionCookies(page)).toEqual({ token: undefined, refresh: undefined, uuid: undefined });
  // the session is really over: a protected page sends back to the login
  await reloaded;
  await page.goto(`${server().url}/index`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Findex$/);
});

test('toasts whose container fails to load wait and show once it loads; the console keeps running', async ({
  page,
}) => {
  // the toast container's chunk refused, as when the server is gone at the first toast
  const allow = await refuseRequests(page, /\/assets\/Toasts-[^/]*\.js$/);
  await installClock(page);
  await signIn(page, server());
  const dialog = await openLogoutConfirm(page);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  // the page is still the console (a failed container outside the error boundary used to blank it)
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByText('取消注销操作')).toHaveCount(0);

  await allow();
  await page.clock.runFor(5_000);
  await expect(page.getByText('取消注销操作')).toBeVisible();
});
