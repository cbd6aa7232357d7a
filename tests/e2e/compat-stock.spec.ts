import { apiCall, apiGet, apiSignIn } from './support/api.ts';
import { signIn, startServerForThisFile } from './support/console.ts';
import { actAsStock21 } from './support/stock21.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * Issue 18 on the reference server, shaped like a stock dvadmin 2.1: the `test` user loses the
 * department-list grant (as stock's seeded user has none), and stock's 前端错误日志 menu is added; the
 * system trees and the role permission dialog run through a layer that answers as stock 2.1 does
 * (./support/stock21.ts: no `lazy`, roots-only department list, no 2.0 roleId_get_menu). That layer rewrites
 * queries, so this server checks no signature. Changes roles and menus: a server of its own.
 */
const server = startServerForThisFile({ env: { SIGNATURE: 'off' } });

const rowOf = (table: Locator, text: string) => table.locator('tr[data-row]').filter({ hasText: text });
/** A page opened by address reloads the shell and its chunk: generous on a loaded 2-core machine. */
const PAGE_LOAD = { timeout: 60_000 };
/** Opens a console page without reloading the shell (as a menu click does: the router follows history). */
const openInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

test('a user without the department-list grant enters the console; the skipped list is logged and said', async ({
  page,
}) => {
  const { access } = await apiSignIn(server());
  const role = await apiCall<Record<string, unknown> & { permission: number[] }>(
    server(),
    access,
    'GET',
    '/api/system/role/2/',
  );
  const buttons = await apiGet<{ data: { id: number; api: string; method: number }[] }>(
    server(),
    access,
    '/api/system/menu_button/',
    { limit: '999' },
  );
  const deptList = buttons.data
    .filter((b) => b.api === '/api/system/dept/' && b.method === 0)
    .map((b) => b.id);
  await apiCall(server(), access, 'PUT', '/api/system/role/2/', {
    ...role,
    permission: role.permission.filter((id) => !deptList.includes(id)),
  });
  const user = await apiSignIn(server(), 'test');
  await expect(apiCall(server(), user.access, 'GET', '/api/system/dept/')).rejects.toThrow(/4000/);

  await signIn(page, server(), 'test');
  await expect(page.getByTestId('startup-error')).toHaveCount(0);
  await expect(page.locator('[data-stat="departments"]')).toContainText('无权限查看');
  await page.getByTestId('log-badge').click();
  await expect(page.getByTestId('log-message').filter({ hasText: '未加载部门列表' })).toBeVisible();
});

test('stock’s 前端错误日志 menu opens the frontend log page, not the 404 page', async ({ page }) => {
  const { access } = await apiSignIn(server());
  await apiCall(server(), access, 'POST', '/api/system/menu/', {
    name: '前端错误日志',
    icon: 'bug',
    sort: 98,
    web_path: '/frontendLog',
    component: 'system/log/frontendLog/index',
    component_name: 'frontendLog',
    cache: false,
    is_catalog: false,
    is_link: false,
    visible: true,
    status: true,
  });
  await signIn(page, server());
  await page.goto(`${server().url}/frontendLog`);
  await expect(page.getByTestId('frontend-log')).toBeVisible(PAGE_LOAD);
  await expect(page.getByTestId('frontend-log')).toContainText('前端错误日志');
});

test('on a stock 2.1 backend each system tree shows every row once, where the backend puts it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { access } = await apiSignIn(server());
  for (let i = 1; i <= 9; i++)
    await apiCall(server(), access, 'POST', '/api/system/area/', {
      name: `测试省${i}`,
      code: `9${i}0000`,
      level: 1,
      enable: true,
    });
  const sent = await actAsStock21(page);
  await signIn(page, server());

  // menus: stock lists every menu flat; each shows once, under its parent
  await openInApp(page, '/menu');
  const menus = page.getByTestId('crud-table-menu');
  await expect(rowOf(menus, '系统管理')).toHaveCount(1, PAGE_LOAD);
  await expect(rowOf(menus, '部门管理')).toHaveCount(0);
  await rowOf(menus, '系统管理').getByRole('button', { name: '展开' }).click();
  await expect(rowOf(menus, '部门管理')).toHaveCount(1);

  // dictionaries: groups and items come mixed; the items show under their group
  await openInApp(page, '/dictionary');
  const dictionaries = page.getByTestId('crud-table-dictionary');
  await expect(rowOf(dictionaries, '系统按钮')).toHaveCount(1, PAGE_LOAD);
  await expect(rowOf(dictionaries, 'Retrieve')).toHaveCount(0);
  await rowOf(dictionaries, '系统按钮').getByRole('button', { name: '展开' }).click();
  await expect(rowOf(dictionaries, 'Retrieve')).toHaveCount(1);

  // areas: the provinces (level=1) with a pager past a page, a province's cities by its code
  await openInApp(page, '/areas');
  const areas = page.getByTestId('crud-table-areas');
  await expect(page.getByTestId('crud-total').filter({ visible: true })).toHaveText('共 13 条', PAGE_LOAD);
  await expect(areas.locator('tr[data-row]')).toHaveCount(10);
  await rowOf(areas, '广东省').getByRole('button', { name: '展开' }).click();
  await expect(rowOf(areas, '广州市')).toHaveCount(1);
  await page.getByRole('button', { name: '2', exact: true }).filter({ visible: true }).click();
  await expect(areas.locator('tr[data-row]')).toHaveCount(3);
  expect(
    sent.some((u) => u.pathname === '/api/system/area/' && u.searchParams.get('pcode') === '440000'),
  ).toBe(true);

  // departments: the roots, a level by parent; an edit under an open row keeps it open (item 8)
  await openInApp(page, '/dept');
  const depts = page.getByTestId('crud-table-dept');
  await expect(rowOf(depts, 'DVAdmin团队')).toHaveCount(1, PAGE_LOAD);
  await rowOf(depts, 'DVAdmin团队').getByRole('button', { name: '展开' }).click();
  await rowOf(depts, '运营部').getByRole('button', { name: '编辑' }).click();
  await page.getByRole('dialog').getByLabel('负责人').fill('运营负责人');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(rowOf(depts, '运营部')).toContainText('运营负责人');
  await expect(rowOf(depts, '技术部')).toHaveCount(1);

  expect(
    sent.filter((u) => u.searchParams.has('lazy') && !u.pathname.startsWith('/api/system/dept/')),
  ).toEqual([]);
});

test('on a stock 2.1 backend a non-superuser edits a role’s permissions through role_get_menu', async ({
  page,
}) => {
  const sent = await actAsStock21(page);
  await signIn(page, server(), 'admin');
  await page.goto(`${server().url}/role`);
  await expect(rowOf(page.getByTestId('crud-table-role'), 'public')).toHaveCount(1, PAGE_LOAD);
  await rowOf(page.getByTestId('crud-table-role'), 'public').getByRole('button', { name: '权限' }).click();
  const tree = page.getByTestId('role-permission-tree');
  const deptMenu = tree
    .locator('.mantine-Group-root')
    .filter({ has: page.getByRole('checkbox', { name: '部门管理', exact: true }) });
  await expect(deptMenu.getByRole('checkbox', { name: '部门管理', exact: true })).toBeChecked();
  const updateBox = deptMenu.getByRole('checkbox', { name: '编辑', exact: true });
  await expect(updateBox).not.toBeChecked();
  await updateBox.check();
  const saved = page.waitForRequest(
    (r) => r.method() === 'PUT' && /\/api\/system\/role\/\d+\/$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  const body = (await saved).postDataJSON() as { key: string; permission: number[] };
  expect(body.key).toBe('public');
  await expect(tree).toBeHidden();
  expect(sent.map((u) => u.pathname).filter((p) => p.includes('get_menu'))).toEqual([
    expect.stringMatching(/^\/api\/system\/role\/\d+\/roleId_get_menu\/$/),
    '/api/system/role/role_get_menu/',
  ]);
  await expect(page.getByText('接口地址不正确')).toHaveCount(0);

  // the role holds the new button now: the dialog opens with it checked (the 2.1 route remembered), read from
  // the role as it is now, which this editor may do — not from the list's row, which may not have reloaded yet
  const reread = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/api\/system\/role\/\d+\/$/.test(new URL(r.url()).pathname),
  );
  await rowOf(page.getByTestId('crud-table-role'), 'public').getByRole('button', { name: '权限' }).click();
  expect(((await (await reread).json()) as { code: number }).code).toBe(2000);
  await expect(
    tree
      .locator('.mantine-Group-root')
      .filter({ has: page.getByRole('checkbox', { name: '部门管理', exact: true }) })
      .getByRole('checkbox', { name: '编辑', exact: true }),
  ).toBeChecked();
  expect(sent.filter((u) => u.pathname.includes('roleId_get_menu'))).toHaveLength(1);
});
