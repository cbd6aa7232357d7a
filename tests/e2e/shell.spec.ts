import { refuseRequests, sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, test } from './support/test.ts';

const server = sharedServerForThisFile();

test('the aside collapse is the user’s preference: 200 px, 65 px collapsed, kept after a reload', async ({
  page,
}) => {
  await signInDirectly(page, server());
  const aside = page.getByTestId('aside');
  await expect.poll(async () => (await aside.boundingBox())?.width).toBe(200);
  await page.getByRole('button', { name: '折叠/展开侧栏' }).click();
  await expect.poll(async () => (await aside.boundingBox())?.width).toBe(65);
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect.poll(async () => (await aside.boundingBox())?.width).toBe(65);
});

test('/mobile is a phone console outside the layout: the menu pages as a list, one page at a time, no tabs', async ({
  page,
}) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/mobile`);
  const phone = page.getByTestId('mobile-console');
  await expect(phone).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await phone.getByText('部门管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/mobile\?page=%2Fdept$/);
  await expect(phone.getByRole('heading', { name: '部门管理' })).toBeVisible();
  await phone.getByRole('button', { name: '返回' }).click();
  await expect(phone.getByText('部门管理', { exact: true })).toBeVisible();
});

test('a /mobile page whose code cannot load shows the retry page, not an error screen', async ({ page }) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/mobile`);
  const phone = page.getByTestId('mobile-console');
  await expect(phone.getByText('部门管理', { exact: true })).toBeVisible();
  // from here no code arrives, as when the server is gone
  await refuseRequests(page, /\/assets\/.*\.js$/);
  await phone.getByText('部门管理', { exact: true }).click();
  await expect(phone.getByTestId('view-load-failed')).toBeVisible();
  await expect(phone.getByRole('button', { name: '返回' })).toBeVisible();
});
