import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, test } from './support/test.ts';

const server = sharedServerForThisFile();

test('a failed start-up says which step failed, and retry recovers', async ({ page }) => {
  await signInDirectly(page, server());
  // The departments request fails on the next start-up (the page is reloaded, the session restored).
  await page.route('**/api/system/dept/**', (route) => route.abort('failed'));
  await page.reload();
  const screen = page.getByTestId('startup-error');
  await expect(screen).toBeVisible();
  await expect(screen).toContainText('控制台启动失败');
  await expect(screen).toContainText('部门');
  await expect(screen.getByRole('button', { name: '退出登录' })).toBeVisible();
  await page.unroute('**/api/system/dept/**');
  await screen.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(screen).toBeHidden();
});

test('signing out from the start-up error asks first, then returns to /login', async ({ page }) => {
  await signInDirectly(page, server());
  await page.route('**/api/system/user/user_info/**', (route) =>
    route.fulfill({ status: 500, body: 'boom' }),
  );
  await page.reload();
  const screen = page.getByTestId('startup-error');
  await expect(screen).toContainText('用户信息');
  await screen.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog', { name: '注销用户' }).getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(`${server().url}/login`);
  // drop the interception before teardown, so a request still in flight cannot hold the context open
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
