import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

// Navigation inside the layout (issue 16): breadcrumbs, the 403 / 404 pages, pinned tabs, the tab limit and
// the scrolling tab bar. Every change here is the browser's own (preferences and tabs live in its local
// database), so the run's shared server serves it.
const server = sharedServerForThisFile();

const aside = (page: Page) => page.getByRole('navigation', { name: '侧栏菜单' });
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: '面包屑导航' });
const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const tab = (page: Page, name: string) => tabBar(page).getByRole('tab', { name });
const tabNames = (page: Page) =>
  tabBar(page)
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => t.querySelector('span')?.textContent ?? ''));

/** Business pages under 业务管理, in menu order. */
const BUSINESS = ['商品', '商品过滤', '卖家', '用户', '手机', '任务', '消息', '反馈'];

/**
 * Tests that open several pages and reload: each page loads its view and data, which on a shared 2-core
 * machine running other browsers can take most of the default two minutes.
 */
const MANY_PAGES_MS = 240_000;

/** Opens a page of 业务管理 from the side menu (unfolding the catalog when it is closed). */
async function open(page: Page, title: string) {
  const link = aside(page).getByRole('link', { name: title, exact: true });
  if (!(await link.isVisible())) await aside(page).getByRole('button', { name: '业务管理' }).click();
  await link.click();
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
}

async function tabCommand(page: Page, title: string, command: string) {
  await tab(page, title).click({ button: 'right' });
  const menu = page.getByTestId('tab-context-menu');
  await menu.getByRole('menuitem', { name: command }).click();
  await expect(menu).toBeHidden();
}

/** The theme dialog, once the user's saved preferences are restored (changes before are ignored). */
async function openLayoutSettings(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', /.+/);
  await page.getByTestId('header-theme').click();
  const settings = page.getByTestId('layout-settings');
  await expect(settings).toBeVisible();
  return settings;
}

/** Reloads and waits for the shell (as long as signing in may take on a loaded machine). */
async function reload(page: Page) {
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
}

/** Notes in the page whether a text was ever drawn (a flash counts). */
async function watchForText(page: Page, text: string) {
  await page.addInitScript((watched) => {
    const w = window as unknown as { __sawText?: boolean };
    w.__sawText = false;
    new MutationObserver(() => {
      if (!w.__sawText && document.body?.textContent?.includes(watched)) w.__sawText = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}

test('breadcrumbs follow the menu tree, a crumb opens its page, and the preference hides them for good', async ({
  page,
}) => {
  await signInDirectly(page, server(), 'superadmin', '/dictionary');
  const trail = breadcrumbs(page);
  await expect(trail).toContainText('字典管理');
  await expect(trail).toHaveText(/^\s*控制台\s*\/\s*系统管理\s*\/\s*常规配置\s*\/\s*字典管理\s*$/);
  // Pages are links (the current one marked), catalogs are not.
  await expect(trail.getByRole('link')).toHaveText(['控制台', '字典管理']);
  await expect(trail.getByRole('link', { name: '字典管理' })).toHaveAttribute('aria-current', 'page');

  await trail.getByRole('link', { name: '控制台' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(tab(page, '控制台')).toHaveAttribute('aria-selected', 'true');
  await expect(trail.getByRole('link')).toHaveText(['控制台']);

  const settings = await openLayoutSettings(page);
  const toggle = settings.getByRole('switch', { name: '显示面包屑' });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(toggle).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(breadcrumbs(page)).toHaveCount(0);

  await reload(page);
  await expect(tab(page, '控制台')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', /.+/);
  await expect(breadcrumbs(page)).toHaveCount(0);
});

test('the test user opening /menu gets 403 inside the layout, never 404; an unknown path gets 404 there', async ({
  page,
}) => {
  await watchForText(page, '页面不存在');
  await signInDirectly(page, server(), 'test', '/menu');
  await expect(page).toHaveURL(`${server().url}/403`);
  await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible();
  // Inside the layout: header, side menu, tabs, breadcrumbs.
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(aside(page)).toContainText('部门管理');
  await expect(tabBar(page)).toBeVisible();
  await expect(breadcrumbs(page)).toContainText('无权访问');
  expect(await page.evaluate(() => (window as unknown as { __sawText?: boolean }).__sawText)).toBe(false);

  await page.getByRole('link', { name: '返回控制台' }).click();
  await expect(page).toHaveURL(/\/index$/);

  await page.goto(`${server().url}/no-such-page`);
  await expect(page).toHaveURL(`${server().url}/404`);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(aside(page)).toContainText('部门管理');
});

test('a pinned tab survives close others and close all, and is still pinned after a reload', async ({
  page,
}) => {
  test.setTimeout(MANY_PAGES_MS);
  await signInDirectly(page, server());
  for (const title of ['商品', '卖家', '任务']) await open(page, title);
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '商品', '卖家', '任务']);

  await tabCommand(page, '卖家', '固定');
  await expect(tab(page, '卖家').getByTestId('tab-pin')).toBeVisible();
  await expect(tab(page, '卖家').getByRole('button')).toHaveCount(0);

  await tabCommand(page, '任务', '关闭其它');
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '卖家', '任务']);
  await page.getByRole('button', { name: '关闭全部' }).click();
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '卖家']);
  await expect(page).toHaveURL(/\/index$/);

  await reload(page);
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '卖家']);
  await expect(tab(page, '卖家').getByTestId('tab-pin')).toBeVisible();
  await tab(page, '卖家').click({ button: 'right' });
  await expect(
    page.getByTestId('tab-context-menu').getByRole('menuitem', { name: '取消固定' }),
  ).toBeVisible();
});

test('past the tab limit the oldest unpinned tab closes; the limit is kept after a reload', async ({
  page,
}) => {
  await signInDirectly(page, server());
  const settings = await openLayoutSettings(page);
  const limit = settings.getByLabel('最多打开的标签页');
  await expect(limit).toHaveValue('20');
  await limit.fill('3');
  await limit.press('Enter');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await open(page, '商品');
  await open(page, '卖家');
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '商品', '卖家']);
  await tabCommand(page, '商品', '固定');
  await open(page, '任务');
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '商品', '任务']);
  await open(page, '手机');
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '商品', '手机']);

  await reload(page);
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '商品', '手机']);
  await open(page, '消息');
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '商品', '消息']);
  await expect((await openLayoutSettings(page)).getByLabel('最多打开的标签页')).toHaveValue('3');
});

test('overflowing tabs scroll with the arrows and the wheel, and the active tab is always in view', async ({
  page,
}) => {
  test.setTimeout(MANY_PAGES_MS);
  // Narrow enough that nine tabs overflow the bar.
  await page.setViewportSize({ width: 860, height: 800 });
  await signInDirectly(page, server());
  for (const title of BUSINESS) await open(page, title);
  const last = BUSINESS.at(-1) as string;
  const right = page.getByRole('button', { name: '向右滚动标签' });
  const left = page.getByRole('button', { name: '向左滚动标签' });
  await expect(left).toBeEnabled();
  await expect(right).toBeDisabled();
  await expect(tab(page, last)).toBeInViewport();
  await expect(tab(page, '控制台')).not.toBeInViewport();

  const scrolled = () => tabBar(page).evaluate((list) => list.scrollLeft);
  const end = await scrolled();
  await left.click();
  await expect.poll(scrolled).toBeLessThan(end);

  // The wheel scrolls sideways: all the way back to the start.
  await tabBar(page).hover();
  await page.mouse.wheel(0, -10_000);
  await expect.poll(scrolled).toBe(0);
  await expect(tab(page, '控制台')).toBeInViewport();
  await expect(left).toBeDisabled();
  await expect(tab(page, last)).not.toBeInViewport();

  // Going to a page whose tab is out of view brings it into view.
  const hidden = BUSINESS.at(-2) as string;
  await expect(tab(page, hidden)).not.toBeInViewport();
  await open(page, hidden);
  await expect(tab(page, hidden)).toBeInViewport();
  await tabBar(page).hover();
  await page.mouse.wheel(0, 10_000);
  await expect(right).toBeDisabled();
  await expect(tab(page, '控制台')).not.toBeInViewport();
  await breadcrumbs(page).getByRole('link', { name: '控制台' }).click();
  await expect(tab(page, '控制台')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, '控制台')).toBeInViewport();
});
