import { readFileSync } from 'node:fs';
import { readXlsx, writeXlsx } from '../../server/modules/crud/xlsx.ts';
import { TEMPLATE_COLUMNS } from '../../server/modules/user-admin/import.ts';
import { apiGet, apiSignIn } from './support/api.ts';
import { confirmLogout, openLogin, signInDirectly, startServerForThisFile } from './support/console.ts';
import { png } from './support/files.ts';
import { expect, type Page, test } from './support/test.ts';

const server = startServerForThisFile();

type UserRow = {
  id: number;
  username: string;
  avatar: string;
  dept_name: string | null;
  role_info: { key: string }[];
};

const userTable = (page: Page) => page.getByTestId('crud-table-user');
const dialog = (page: Page) => page.getByRole('dialog');

/** The user list's `search=` answer over the API. */
async function usersMatching(search: string): Promise<{ total: number; data: UserRow[] }> {
  const { access } = await apiSignIn(server());
  return apiGet(server(), access, '/api/system/user/', { search, limit: '50' });
}

/** 导入 → 上传导入文件, answering the file chooser with `workbook`. */
async function uploadImport(page: Page, workbook: Buffer) {
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: '上传导入文件' }).click();
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/system/user/import/',
  );
  await (await chooser).setFiles({
    name: 'users.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  return (await (await answer).json()) as { code: number; msg: string };
}

test('users imported from the downloaded template appear; a bad row imports nothing and names the row', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInDirectly(page, server());
  await page.goto(`${server().url}/user`);
  await expect(userTable(page)).toContainText('superadmin');

  await page.getByRole('button', { name: '导入', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: '下载导入模板' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('用户导入模板.xlsx');
  const [headers = []] = readXlsx(readFileSync(await template.path()));
  expect(headers).toEqual(TEMPLATE_COLUMNS.map((c) => c.header.zh));

  const good1 = ['imp_zhao', '赵导入', 'zhao@example.com', '13800000001', '男', '技术部', '用户', '启用'];
  const good2 = ['imp_qian', '钱导入', 'qian@example.com', '13800000002', '女', '运营部', '用户', '禁用'];
  const badDept = [
    'imp_sun',
    '孙导入',
    'sun@example.com',
    '13800000003',
    '男',
    '不存在的部门',
    '用户',
    '启用',
  ];

  // Every row is checked before anything is written: the bad third row (sheet row 4) stops the import.
  const refused = await uploadImport(page, writeXlsx([headers, good1, good2, badDept]));
  expect(refused.code).toBe(4000);
  expect(refused.msg).toMatch(/^第4行 /);
  // the server's message stays next to 导入 (the toast goes away), with a retry
  const importFailed = page.getByTestId('user-import-failed');
  await expect(importFailed).toContainText(/第4行 .*不存在的部门/);
  await expect(importFailed.getByRole('button', { name: '重试' })).toBeVisible();
  expect((await usersMatching('imp_')).total).toBe(0);

  const imported = await uploadImport(page, writeXlsx([headers, good1, good2]));
  expect(imported).toMatchObject({ code: 2000, msg: '导入成功' });
  await expect(page.getByText('导入成功')).toBeVisible();
  await expect(importFailed).toBeHidden();
  await expect(userTable(page).getByRole('row').filter({ hasText: 'imp_zhao' })).toContainText('技术部');
  await expect(userTable(page).getByRole('row').filter({ hasText: 'imp_qian' })).toContainText('运营部');
  const rows = (await usersMatching('imp_')).data;
  expect(rows.map((r) => r.username).sort()).toEqual(['imp_qian', 'imp_zhao']);
  expect(rows.every((r) => r.role_info.map((x) => x.key).join() === 'public')).toBe(true);
});

test('an avatar uploaded in the user form previews at 100×100 and is saved on the user', async ({ page }) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/user`);
  const row = userTable(page).getByRole('row').filter({ hasText: '测试人员' });
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog(page)).toContainText('编辑用户');

  const chooser = page.waitForEvent('filechooser');
  // The upload button is the 头像 field's control: the form label names it.
  await dialog(page).getByRole('button', { name: '头像' }).click();
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/system/file/');
  await (await chooser).setFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: png(32, 32, [230, 80, 60]),
  });
  await uploaded;
  const preview = dialog(page).locator('img[src*="/media/"]');
  await expect(preview).toHaveAttribute('src', /\/media\/files\/.+\.png$/);
  await expect(preview).toHaveJSProperty('complete', true);
  const box = await preview.boundingBox();
  expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([100, 100]);
  const src = (await preview.getAttribute('src')) as string;
  expect((await page.request.get(new URL(src, server().url).href)).ok()).toBe(true);

  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/system\/user\/\d+\/$/.test(new URL(r.url()).pathname),
  );
  await dialog(page).getByRole('button', { name: '保存' }).click();
  expect(((await (await saved).json()) as { code: number }).code).toBe(2000);
  await expect(dialog(page)).toBeHidden();

  const [user] = (await usersMatching('test')).data.filter((u) => u.username === 'test');
  expect(new URL(user?.avatar ?? '', server().url).pathname).toBe(new URL(src, server().url).pathname);
  await expect(row.locator(`img[src="${src}"]`)).toBeVisible();
});

test('a new site name on the config page shows in the header at once and on the login page after signing out', async ({
  page,
}) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/config`);
  await page.getByRole('tab', { name: '登录页配置' }).click();
  await page.getByLabel('网站标题').fill('巡检运维台');
  const settings = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/init/settings/');
  await page.getByRole('tabpanel').getByRole('button', { name: '保存' }).click();
  await settings;
  await expect(page.getByTestId('brand-name')).toHaveText('巡检运维台');

  const reloaded = await confirmLogout(page);
  await expect(page).toHaveURL(`${server().url}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('巡检运维台');

  // A fresh visit (no state left from the session) reads it from the server too; first let the sign-out's
  // own reload of /login settle.
  await reloaded;
  await expect(page.getByLabel('用户名')).toBeEditable();
  await page.context().clearCookies();
  await openLogin(page, server());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('巡检运维台');
});
