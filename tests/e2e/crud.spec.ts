import { readFileSync } from 'node:fs';
import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

const server = sharedServerForThisFile();

const deptTable = (page: Page) => page.getByTestId('crud-table-dept');
const dialog = (page: Page) => page.getByRole('dialog');

test('a department is created, edited and deleted; a validation error keeps the typed values', async ({
  page,
}) => {
  await signInDirectly(page, server(), 'superadmin');
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
  await signInDirectly(page, server(), 'test');
  await page.goto(`${server().url}/dept`);
  await expect(deptTable(page)).toContainText('技术部');
  await expect(page.getByRole('button', { name: '查询' })).toBeVisible();
  await expect(page.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);
});

test('exporting users downloads an .xlsx workbook', async ({ page }) => {
  await signInDirectly(page, server());
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

/** The list request of a resource page (not its children, options or exports). */
const isListRequest = (url: URL, path: string) =>
  url.pathname === path && !url.searchParams.has('parent') && !url.pathname.endsWith('/export/');

test('a list whose first load fails (network) shows the failure and its 重试 loads the rows', async ({
  page,
}) => {
  await signInDirectly(page, server());
  let failing = true;
  let attempts = 0;
  // the page's lazy tree roots (the shell's start-up loads every department without `lazy`)
  await page.route(
    (url) => isListRequest(url, '/api/system/dept/') && url.searchParams.get('lazy') === '1',
    (route) => {
      if (route.request().method() !== 'GET' || !failing) return route.continue();
      attempts++;
      return route.abort('failed');
    },
  );
  await page.goto(`${server().url}/dept`);
  const failure = page.getByTestId('crud-load-failed');
  await expect(failure).toBeVisible();
  await expect(deptTable(page)).not.toContainText('DVAdmin团队');
  expect(attempts).toBeGreaterThan(0);

  failing = false;
  await failure.getByRole('button', { name: '重试' }).click();
  await expect(deptTable(page)).toContainText('DVAdmin团队');
  await expect(failure).toBeHidden();
});

test('a list whose first load is refused (4000) shows the server’s message and 重试 loads the rows', async ({
  page,
}) => {
  await signInDirectly(page, server());
  let failing = true;
  await page.route(
    (url) => isListRequest(url, '/api/system/user/'),
    (route) => {
      if (route.request().method() !== 'GET' || !failing) return route.continue();
      return route.fulfill({ json: { code: 4000, msg: '查询条件不合法', data: null } });
    },
  );
  await page.goto(`${server().url}/user`);
  const failure = page.getByTestId('crud-load-failed');
  await expect(failure).toContainText('查询条件不合法');
  await expect(page.getByTestId('crud-table-user')).not.toContainText('superadmin');

  failing = false;
  await failure.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('crud-table-user')).toContainText('superadmin');
  await expect(failure).toBeHidden();
});

test('a failed save keeps every typed value and shows the server’s field error on its field', async ({
  page,
}) => {
  await signInDirectly(page, server(), 'superadmin');
  await page.goto(`${server().url}/dept`);
  await expect(deptTable(page)).toContainText('DVAdmin团队');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const form = dialog(page);
  await form.getByLabel('部门名称').fill('回归测试部');
  await form.getByLabel('关联字符').fill('regress');
  await form.getByLabel('显示排序').fill('7');
  await form.getByLabel('负责人').fill('李四');
  await form.getByLabel('联系电话').fill('13800000000');
  await form.getByLabel('邮箱').fill('not-an-email');
  await form.getByRole('radio', { name: '禁用' }).check();
  const typed = async () => {
    await expect(form.getByLabel('部门名称')).toHaveValue('回归测试部');
    await expect(form.getByLabel('关联字符')).toHaveValue('regress');
    await expect(form.getByLabel('显示排序')).toHaveValue('7');
    await expect(form.getByLabel('负责人')).toHaveValue('李四');
    await expect(form.getByLabel('联系电话')).toHaveValue('13800000000');
    await expect(form.getByRole('radio', { name: '禁用' })).toBeChecked();
  };

  // the real server refuses the e-mail: its message sits on the 邮箱 field, and only there
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByLabel('邮箱')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('邮箱')).toHaveAccessibleDescription(/合法的邮件地址/);
  await expect(form.getByLabel('负责人')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('邮箱')).toHaveValue('not-an-email');
  await typed();

  // a save that never reaches the server keeps the values too, with a 重试 that sends them again
  await form.getByLabel('邮箱').fill('qa@example.com');
  await expect(form.getByLabel('邮箱')).not.toHaveAttribute('aria-invalid', 'true');
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/system/dept/',
    (route) => (route.request().method() === 'POST' && failing ? route.abort('failed') : route.continue()),
  );
  await form.getByRole('button', { name: '保存' }).click();
  const saveFailed = form.getByTestId('crud-save-failed');
  await expect(saveFailed).toBeVisible();
  await typed();
  await expect(form.getByLabel('邮箱')).toHaveValue('qa@example.com');

  failing = false;
  await saveFailed.getByRole('button', { name: '重试' }).click();
  await expect(form).toBeHidden();
  const row = deptTable(page).getByRole('row').filter({ hasText: '回归测试部' });
  await expect(row).toContainText('李四');
  await expect(row).toContainText('禁用');

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(deptTable(page).getByRole('row').filter({ hasText: '回归测试部' })).toHaveCount(0);
});
