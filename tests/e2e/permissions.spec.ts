import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, test } from './support/test.ts';

const server = sharedServerForThisFile();

test('the test user sees only its own menus, in the side menu and in search', async ({ page }) => {
  await signInDirectly(page, server(), 'test');
  await page.locator('body').press('s');
  await expect(page.getByPlaceholder('搜索页面')).toBeFocused();
  const paths = await page
    .getByTestId('search-result')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')));
  expect(paths).toEqual(expect.arrayContaining(['/index', '/dept', '/items', '/messages', '/knowledge']));
  expect(paths).not.toContain('/user');
  expect(paths).not.toContain('/menu');
  expect(paths).not.toContain('/role');
  await page.keyboard.press('Escape');
  const aside = page.getByRole('navigation', { name: '侧栏菜单' });
  await expect(aside).toContainText('部门管理');
  await expect(aside).not.toContainText('用户管理');
  await expect(aside).not.toContainText('角色管理');
});

test('the superadmin sees every menu in search', async ({ page }) => {
  await signInDirectly(page, server());
  await page.getByTestId('header-search').click();
  const input = page.getByPlaceholder('搜索页面');
  await input.fill('用户管理');
  await expect(page.getByTestId('search-result').first()).toHaveAttribute('data-path', '/user');
});
