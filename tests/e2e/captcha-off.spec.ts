import { captchaField, openLogin, sessionCookies, startServerForThisFile } from './support/console.ts';
import { expect, test } from './support/test.ts';

// The setting is flipped with the management CLI against the server's own (PGlite) database before it starts.
const server = startServerForThisFile({
  persistent: true,
  manage: [['seed'], ['setting', 'base.captcha_state', 'false']],
});

test('with captcha off the 验证码 row is absent and username + password sign in', async ({ page }) => {
  await openLogin(page, server(), '/login', false);
  await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
  await expect(captchaField(page)).toHaveCount(0);
  await expect(page.getByTestId('captcha-image')).toHaveCount(0);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('admin123456');
  await page.getByLabel('密码', { exact: true }).press('Enter');
  await expect(page).toHaveURL(`${server().url}/index`);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect((await sessionCookies(page)).token).toBeTruthy();
});

test('empty fields are refused on the page with a message per field', async ({ page }) => {
  await openLogin(page, server(), '/login', false);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入用户名', { exact: true })).toBeVisible();
  await expect(page.getByText('请输入密码', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
