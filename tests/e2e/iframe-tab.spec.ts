import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCall, apiSignIn } from './support/api.ts';
import { signInDirectly, startServerForThisFile } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

const server = startServerForThisFile();

/** The framed site: a page with a counter it increments on click, served on its own 127.0.0.1 port. */
const FRAMED_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>framed</title></head><body>
<h1>Framed helpdesk</h1>
<button id="bump" type="button">Bump</button> <output id="count">0</output>
<script>
  let n = 0;
  document.getElementById('bump').addEventListener('click', () => {
    n += 1;
    document.getElementById('count').textContent = String(n);
  });
</script>
</body></html>`;

let site: Server | undefined;
let siteUrl = '';
let pageLoads = 0;

test.beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/helpdesk') {
      pageLoads += 1;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(FRAMED_PAGE);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site?.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/helpdesk`;

  const s = server();
  const { access } = await apiSignIn(s);
  await apiCall(s, access, 'POST', '/api/system/menu/', {
    name: '帮助台',
    icon: 'life-ring',
    sort: 30,
    web_path: siteUrl,
    component: '',
    component_name: '',
    is_catalog: false,
    is_link: true,
    frame_out: false,
    cache: false,
    visible: true,
    status: true,
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const tab = (page: Page, name: string) => tabBar(page).getByRole('tab', { name });

test('an embedded menu link opens as an iframe tab that keeps the framed page across tab switches', async ({
  page,
}) => {
  await signInDirectly(page, server());
  await page.getByRole('navigation', { name: '侧栏菜单' }).getByText('帮助台', { exact: true }).click();

  // A console tab at a stable in-app path, titled by the menu name; no new window.
  await expect(tab(page, '帮助台')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/iframe\/\d+$/);
  expect(page.context().pages()).toHaveLength(1);

  const iframe = page.getByTitle('嵌入页面：帮助台');
  await expect(iframe).toHaveAttribute('src', siteUrl);
  await expect(iframe).toHaveAttribute('referrerpolicy', 'no-referrer');
  const framed = page.frameLocator('iframe[title="嵌入页面：帮助台"]');
  await expect(framed.getByRole('heading', { name: 'Framed helpdesk' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '正在加载' })).toHaveCount(0);

  for (let i = 0; i < 3; i++) await framed.getByRole('button', { name: 'Bump' }).click();
  await expect(framed.locator('#count')).toHaveText('3');

  // Away to the console tab and back: the framed page was neither reloaded nor reset.
  await tab(page, '控制台').click();
  await expect(tab(page, '控制台')).toHaveAttribute('aria-selected', 'true');
  await expect(iframe).toBeHidden();
  await tab(page, '帮助台').click();
  await expect(iframe).toBeVisible();
  await expect(framed.locator('#count')).toHaveText('3');
  expect(pageLoads).toBe(1);

  // The breadcrumbs name the page.
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText('帮助台');

  // Refreshing the tab loads the framed page again (its counter starts over).
  await tab(page, '帮助台').click({ button: 'right' });
  await page.getByTestId('tab-context-menu').getByRole('menuitem', { name: '刷新' }).click();
  await expect(framed.locator('#count')).toHaveText('0');
  expect(pageLoads).toBe(2);

  // Reloading the browser restores the tab at its in-app path (a deep link to the iframe route).
  await page.reload();
  await expect(tab(page, '帮助台')).toHaveAttribute('aria-selected', 'true');
  await expect(framed.getByRole('heading', { name: 'Framed helpdesk' })).toBeVisible();

  // Closing the tab releases the frame.
  await tab(page, '帮助台').getByTestId('tab-close').click();
  await expect(tab(page, '帮助台')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('the phone console opens an embedded menu link as a framed page too', async ({ page }) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/mobile`);
  const phone = page.getByTestId('mobile-console');
  await phone.getByText('帮助台', { exact: true }).click();
  await expect(page).toHaveURL(/\/mobile\?page=%2Fiframe%2F\d+$/);
  const framed = page.frameLocator('iframe[title="嵌入页面：帮助台"]');
  await expect(framed.getByRole('heading', { name: 'Framed helpdesk' })).toBeVisible();
});
