import { captchaField, fillLogin, openLogin, sharedServerForThisFile, signIn } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

const server = sharedServerForThisFile();

/** Every API answer arrives `ms` later. */
async function slowApi(page: Page, ms: number) {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => {});
  });
}

/**
 * Notes in the page whether the 404 view was ever drawn (a flash counts: the router showed the layout's
 * catch-all for a menu page before its route was patched in).
 */
async function watchForNotFound(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __sawNotFound?: boolean };
    w.__sawNotFound = false;
    new MutationObserver(() => {
      if (!w.__sawNotFound && document.body?.textContent?.includes('页面不存在')) w.__sawNotFound = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
const sawNotFound = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sawNotFound?: boolean }).__sawNotFound === true);

const MENU_PAGES = [
  ['用户管理', '/user'],
  ['部门管理', '/dept'],
  ['角色管理', '/role'],
] as const;

test('reloading a menu page lands on that page and never shows 404, on a slow network and a busy CPU', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, server());
  await watchForNotFound(page);
  await slowApi(page, 40);
  // A busy machine: the view chunks take long enough to evaluate that a stale match would be drawn.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const [reload, [title, path]] of [...MENU_PAGES, MENU_PAGES[0]].entries()) {
    await page.goto(`${server().url}${path}`);
    // 4× CPU throttling on a shared 2-core machine: the page may take long to come; the rule is "never 404".
    await expect(page.getByRole('tab', { name: title, selected: true })).toBeVisible({ timeout: 45_000 });
    await expect(page).toHaveURL(`${server().url}${path}`);
    await expect(page.getByText('页面不存在')).toHaveCount(0);
    expect(await sawNotFound(page), `${path} (reload ${reload + 1}) showed 404 on the way`).toBe(false);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a deep link signed out goes to /login with its redirect, and signing in lands on the page', async ({
  page,
}) => {
  await slowApi(page, 40);
  const key = await openLogin(page, server(), '/dept');
  await expect(page).toHaveURL(`${server().url}/login?redirect=%2Fdept`);
  await fillLogin(page, server(), { username: 'superadmin', captchaKey: key });
  await captchaField(page).press('Enter');
  await expect(page).toHaveURL(`${server().url}/dept`);
  await expect(page.getByRole('tab', { name: '部门管理', selected: true })).toBeVisible();
  await expect(page.getByText('页面不存在')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a path that is in no menu goes to 404', async ({ page }) => {
  await signIn(page, server());
  await page.goto(`${server().url}/no-such-page`);
  await expect(page).toHaveURL(`${server().url}/404`);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
});

test('signing in while a start-up load fails shows the start-up error; retry lands on the redirect target', async ({
  page,
}) => {
  const userInfo = '**/api/system/user/user_info/**';
  const key = await openLogin(page, server(), '/role');
  await page.route(userInfo, (route) => route.fulfill({ status: 500, body: 'boom' }));
  await fillLogin(page, server(), { username: 'superadmin', captchaKey: key });
  await captchaField(page).press('Enter');
  const screen = page.getByTestId('startup-error');
  await expect(screen).toContainText('用户信息', { timeout: 20_000 });
  await expect(screen.getByRole('button', { name: '退出登录' })).toBeVisible();
  await expect(page.getByLabel('用户名')).toHaveCount(0);
  await page.unroute(userInfo);
  await screen.getByRole('button', { name: '重试' }).click();
  await expect(page).toHaveURL(`${server().url}/role`);
  await expect(page.getByRole('tab', { name: '角色管理', selected: true })).toBeVisible();
  await expect(screen).toHaveCount(0);
});

const sideMenu = (page: Page) => page.getByRole('navigation', { name: '侧栏菜单' });

test('after the user page has been shown, the next side-menu click renders its page and adds its tab', async ({
  page,
}) => {
  // The user page's department tree once set its expanded state on every render, forever (an effect that
  // depended on Mantine's per-render `setExpandedState`); the updates starved the router's transition.
  await signIn(page, server());
  await sideMenu(page).getByText('系统管理').click();
  const open = async (title: string, path: string) => {
    await sideMenu(page).getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(`${server().url}${path}`);
    await expect(page.getByRole('tab', { name: title, selected: true })).toBeVisible();
  };
  await open('用户管理', '/user');
  await expect(page.getByTestId('crud-table-user')).toBeVisible();
  await open('部门管理', '/dept');
  await open('用户管理', '/user');
  await open('角色管理', '/role');
  await open('用户管理', '/user');
  await open('菜单管理', '/menu');
});
