import { signInDirectly, startServerForThisFile } from './support/console.ts';
import { expect, test } from './support/test.ts';

const server = startServerForThisFile();

test('granting 新增 on 部门管理 to the 用户 role shows the button to the test user', async ({ browser }) => {
  const admin = await browser.newPage();
  await signInDirectly(admin, server());
  await admin.goto(`${server().url}/role`);
  const row = admin.getByTestId('crud-table-role').getByRole('row').filter({ hasText: 'public' });
  await row.getByRole('button', { name: '权限' }).click();
  const tree = admin.getByTestId('role-permission-tree');
  const deptMenu = tree
    .locator('.mantine-Group-root')
    .filter({ has: admin.getByRole('checkbox', { name: '部门管理', exact: true }) });
  await deptMenu.getByRole('checkbox', { name: '新增', exact: true }).check();
  await expect(deptMenu.getByRole('checkbox', { name: '部门管理', exact: true })).toBeChecked();
  const saved = admin.waitForRequest(
    (r) => r.method() === 'PUT' && /\/api\/system\/role\/\d+\/$/.test(new URL(r.url()).pathname),
  );
  await admin.getByRole('button', { name: '保存' }).click();
  expect((await saved).postDataJSON()).toMatchObject({ key: 'public' });
  await expect(tree).toBeHidden();
  await admin.close();

  const user = await browser.newPage();
  await signInDirectly(user, server(), 'test');
  await user.goto(`${server().url}/dept`);
  await expect(user.getByTestId('crud-table-dept')).toContainText('技术部');
  await expect(user.getByRole('button', { name: '新增', exact: true })).toBeVisible();
  await user.close();
});

test('saving a system setting shows in /api/init/settings/ at once', async ({ page }) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/config`);
  await page.getByRole('tab', { name: '登录页配置' }).click();
  await page.getByLabel('网站标题').fill('测试控制台');
  const settings = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/init/settings/');
  await page.getByRole('tabpanel').getByRole('button', { name: '保存' }).click();
  const body = (await (await settings).json()) as { data: Record<string, unknown> };
  expect(body.data['login.site_name']).toBe('测试控制台');
});
