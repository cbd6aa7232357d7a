import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn, startServerForThisFile } from './support/console.ts';

const server = startServerForThisFile();

const deptTable = (page: Page) => page.getByTestId('crud-table-dept');
const dialog = (page: Page) => page.getByRole('dialog');

test('a department is created, edited and deleted; a validation error keeps the typed values', async ({
  page,
}) => {
  await signIn(page, server(), 'superadmin', '/login?redirect=%2Fdept');
  await page.goto(`${server().url}/dept`);
  await expect(deptTable(page)).toContainText('DVAdmin团队');
  await expect(deptTable(page).getByText('启用').first()).toBeVisible();

  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(dialog(page)).toContainText('新增部门');
  await dialog(page).getByLabel('部门名称').fill('测试部');
  await dialog(page).getByLabel('负责人').fill('张三');
  await dialog(page).getByLabel('邮箱').fill('not-an-email');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  // the server's "邮箱:<message>" lands under the e-mail field, and nothing typed is lost
  await expect(dialog(page).getByText('请输入合法的邮件地址', { exact: false })).toBeVisible();
  await expect(dialog(page).getByLabel('部门名称')).toHaveValue('测试部');
  await expect(dialog(page).getByLabel('负责人')).toHaveValue('张三');

  await dialog(page).getByLabel('邮箱').fill('qa@example.com');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();
  const row = deptTable(page).getByRole('row').filter({ hasText: '测试部' });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: '编辑' }).click();
  await dialog(page).getByLabel('部门名称').fill('测试部二');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();
  const renamed = deptTable(page).getByRole('row').filter({ hasText: '测试部二' });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(deptTable(page).getByRole('row').filter({ hasText: '测试部二' })).toHaveCount(0);
});

test('the test user does not see 新增 on the dept page', async ({ page }) => {
  await signIn(page, server(), 'test', '/login?redirect=%2Fdept');
  await page.goto(`${server().url}/dept`);
  await expect(deptTable(page)).toContainText('技术部');
  await expect(page.getByRole('button', { name: '查询' })).toBeVisible();
  await expect(page.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);
});

test('exporting users downloads an .xlsx workbook', async ({ page }) => {
  await signIn(page, server());
  await page.goto(`${server().url}/user`);
  await expect(page.getByTestId('crud-table-user')).toContainText('superadmin');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = readFileSync(await file.path());
  expect(bytes.length).toBeGreaterThan(100);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});
