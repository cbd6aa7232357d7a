import { apiCall, apiSignIn } from './support/api.ts';
import { signInDirectly, startServerForThisFile } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

const server = startServerForThisFile();

/** Demo pages (src/ui/views/demo) added as menus through the admin API, as an operator would. */
const PAGES = [
  {
    name: '示例表单',
    path: '/demoForm',
    component: 'demo/form/index',
    component_name: 'demoForm',
    cache: true,
  },
  { name: '示例甲', path: '/demoA', component: 'demo/notes/index', component_name: 'demoA', cache: false },
  { name: '示例乙', path: '/demoB', component: 'demo/notes/index', component_name: 'demoB', cache: false },
  { name: '示例丙', path: '/demoC', component: 'demo/notes/index', component_name: 'demoC', cache: false },
] as const;

test.beforeAll(async () => {
  const s = server();
  const { access } = await apiSignIn(s);
  for (const [index, page] of PAGES.entries()) {
    await apiCall(s, access, 'POST', '/api/system/menu/', {
      name: page.name,
      icon: 'file',
      sort: 30 + index,
      web_path: page.path,
      component: page.component,
      component_name: page.component_name,
      cache: page.cache,
      is_catalog: false,
      is_link: false,
      visible: true,
      status: true,
    });
  }
});

const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const tab = (page: Page, name: string) => tabBar(page).getByRole('tab', { name });
const tabNames = (page: Page) =>
  tabBar(page)
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => t.querySelector('span')?.textContent ?? ''));

async function open(page: Page, title: string) {
  await page.getByRole('navigation', { name: '侧栏菜单' }).getByText(title, { exact: true }).click();
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
}

async function contextCommand(page: Page, title: string, command: string) {
  await tab(page, title).click({ button: 'right' });
  await page.getByTestId('tab-context-menu').getByRole('menuitem', { name: command }).click();
}

test('close left, right, others and all from the tab menu and the dropdown', async ({ page }) => {
  await signInDirectly(page, server());
  for (const p of PAGES.slice(1)) await open(page, p.name);
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '示例甲', '示例乙', '示例丙']);

  // The index tab only offers 关闭全部.
  await tab(page, '控制台').click({ button: 'right' });
  await expect(page.getByTestId('tab-context-menu').getByRole('menuitem')).toHaveText(['关闭全部']);
  await page.keyboard.press('Escape');

  await tab(page, '示例乙').click({ button: 'right' });
  await expect(page.getByTestId('tab-context-menu').getByRole('menuitem')).toHaveText([
    '刷新',
    '固定',
    '关闭左侧',
    '关闭右侧',
    '关闭其它',
    '关闭全部',
  ]);
  await page.getByTestId('tab-context-menu').getByRole('menuitem', { name: '关闭右侧' }).click();
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '示例甲', '示例乙']);
  await expect(page).toHaveURL(/\/demoB$/);

  await contextCommand(page, '示例乙', '关闭左侧');
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '示例乙']);

  await open(page, '示例甲');
  await open(page, '示例丙');
  await page.getByRole('button', { name: '更多操作' }).click();
  await page.getByTestId('tab-dropdown').getByRole('menuitem', { name: '关闭其它' }).click();
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '示例丙']);

  await open(page, '示例甲');
  await page.getByRole('button', { name: '关闭全部' }).click();
  await expect.poll(() => tabNames(page)).toEqual(['控制台']);
  await expect(page).toHaveURL(/\/index$/);
});

test('tabs reorder by dragging and all come back in order after a reload', async ({ page }) => {
  await signInDirectly(page, server());
  for (const p of PAGES.slice(1)) await open(page, p.name);
  await tab(page, '示例丙').dragTo(tab(page, '示例甲'));
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '示例丙', '示例甲', '示例乙']);
  await page.reload();
  await expect(tab(page, '示例丙')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/demoC$/);
  await expect.poll(() => tabNames(page)).toEqual(['控制台', '示例丙', '示例甲', '示例乙']);
});

test('a cached page keeps what was typed while hidden; refreshing its tab clears it', async ({ page }) => {
  await signInDirectly(page, server());
  await open(page, '示例表单');
  const note = page.getByTestId('demo-note');
  await note.fill('保留的内容');
  await open(page, '示例甲');
  await expect(note).toBeHidden();
  await tab(page, '示例表单').click();
  await expect(note).toBeVisible();
  await expect(note).toHaveValue('保留的内容');

  await contextCommand(page, '示例表单', '刷新');
  await expect(page.getByTestId('demo-note')).toHaveValue('');
});

test('the component size survives a reload', async ({ page }) => {
  await signInDirectly(page, server());
  await expect(page.getByTestId('shell-root')).toHaveAttribute('data-size', 'default');
  // changes count once the user's saved preferences are restored (the restore sets data-theme)
  await expect(page.locator('html')).toHaveAttribute('data-theme', /.+/);
  await page.getByTestId('header-size').click();
  await page.getByRole('menuitem', { name: '小', exact: true }).click();
  await expect(page.getByTestId('shell-root')).toHaveAttribute('data-size', 'small');
  await expect(page).toHaveURL(/\/index$/);
  await page.reload();
  await expect(page.getByTestId('shell-root')).toHaveAttribute('data-size', 'small');
});
