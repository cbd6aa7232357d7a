// Issue 16, live permissions: an administrator changes a role's menus over the API; the signed-in `test`
// user's console follows within seconds, without a reload — a granted menu appears in the side menu, and
// the tab of a revoked one closes with a message naming it.

import { apiCall, apiGet, apiSignIn } from './support/api.ts';
import { signInDirectly, startServerForThisFile } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

// Roles change: a server of its own.
const server = startServerForThisFile();

type Row = { id: number; [key: string]: unknown };
/** A list's rows, whether the answer is paginated (`{data: [...]}`) or a plain list. */
const rows = (data: unknown): Row[] => (Array.isArray(data) ? data : (data as { data: Row[] }).data);

const aside = (page: Page) => page.getByRole('navigation', { name: '侧栏菜单' });
const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });

test('a role’s menus changed by an administrator reach the signed-in user’s console within seconds', async ({
  page,
}) => {
  const s = server();
  const { access } = await apiSignIn(s);
  const role = rows(await apiGet(s, access, '/api/system/role/', { key: 'public' })).find(
    (r) => r.key === 'public',
  ) as Row & { menu: number[] };
  const menuId = async (path: string) =>
    (
      rows(await apiGet(s, access, '/api/system/menu/', { web_path: path })).find(
        (m) => m.web_path === path,
      ) as Row
    ).id;
  const roleMenu = await menuId('/role');
  const deptMenu = await menuId('/dept');
  const saveMenus = (menu: number[]) =>
    apiCall(s, access, 'PUT', `/api/system/role/${role.id}/`, { ...role, menu });

  // socket.io's CONNECT answer (`40…`) on the page's socket: the user is in its room from then on
  let socketConnected = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('40')) socketConnected = true;
    }),
  );
  await signInDirectly(page, s, 'test', '/dept');
  await expect(tabBar(page).getByRole('tab', { name: '部门管理' })).toHaveAttribute('aria-selected', 'true');
  await expect(aside(page)).not.toContainText('角色管理');
  // The socket is up before the change (the event is not replayed to a socket that connects later).
  await expect.poll(() => socketConnected, { timeout: 30_000 }).toBe(true);
  // A mark on this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { __live?: string }).__live = 'same page';
  });

  // Granted: the menu shows up, and its page opens.
  await saveMenus([...role.menu, roleMenu]);
  await expect(aside(page).getByText('角色管理', { exact: true })).toBeVisible({ timeout: 10_000 });
  await aside(page).getByText('角色管理', { exact: true }).click();
  await expect(tabBar(page).getByRole('tab', { name: '角色管理' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/role$/);
  await tabBar(page).getByRole('tab', { name: '部门管理' }).click();
  await expect(page).toHaveURL(/\/dept$/);

  // Revoked while its page is shown: the tab closes with a message, the next tab shows, the menu is gone.
  await saveMenus([...role.menu.filter((id) => id !== deptMenu), roleMenu]);
  await expect(
    page
      .locator('.mantine-Notification-root')
      .filter({ hasText: '权限已变更，已关闭无权访问的页面：部门管理' }),
  ).toBeVisible({ timeout: 10_000 });
  await expect(tabBar(page).getByRole('tab', { name: '部门管理' })).toHaveCount(0);
  await expect(tabBar(page).getByRole('tab', { name: '角色管理' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/role$/);
  await expect(aside(page).getByText('部门管理', { exact: true })).toHaveCount(0);
  // Never reloaded: the same document all along.
  expect(await page.evaluate(() => (window as unknown as { __live?: string }).__live)).toBe('same page');
});
