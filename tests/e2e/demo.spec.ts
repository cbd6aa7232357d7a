import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serveDemo } from '../../demo/serve.ts';
import { expect, type Page, test } from './support/test.ts';

// `npm run demo`: the console with no server at all, its API answered in the page (Mock Service Worker).
// The demo is built here into its own directory (never over dist/, which the other specs serve).
const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, '.tmp', 'demo-dist');
const PASSWORD = 'admin123456';

let server: Server | undefined;
let url = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'demo', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`demo build failed:\n${build.stdout}\n${build.stderr}`);
  server = await serveDemo(OUT);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto(`${url}/login`);
  await expect(page.getByLabel('用户名')).toBeEditable();
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: '侧栏菜单' });

test('the demo build carries the mock worker and a static app config of its own', () => {
  const files = readdirSync(OUT);
  expect(files).toEqual(expect.arrayContaining(['index.html', 'mockServiceWorker.js', 'app-config.js']));
  expect(readFileSync(join(OUT, 'app-config.js'), 'utf8')).toContain("apiBase: ''");
});

// `npm test` builds dist/ (the normal build) before Playwright: it must carry no demo code at all.
test('the production build in dist/ has no mock worker, msw or fake feed', () => {
  const dist = join(ROOT, 'dist');
  test.skip(!existsSync(join(dist, 'index.html')), 'no production build in dist/ (npm test builds one)');
  expect(readdirSync(dist)).not.toContain('mockServiceWorker.js');
  const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  expect(assets.length).toBeGreaterThan(5);
  const offenders = assets.filter((f) =>
    /mockServiceWorker|\[MSW\]|DemoSocket|demo-sign-secret/.test(
      readFileSync(join(dist, 'assets', f), 'utf8'),
    ),
  );
  expect(offenders).toEqual([]);
});

test('wrong credentials say 账号或密码不正确 and stay on /login, with no API server anywhere', async ({
  page,
}) => {
  await signIn(page, 'admin', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: '账号或密码不正确' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('demo-banner')).toContainText('admin / editor / user1');
});

test('admin signs in to the workbench, opens a system page with rows, and the live feed stays quiet', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, 'admin');
  await expect(page).toHaveURL(`${url}/index`);
  await expect(page.getByTestId('user-menu')).toContainText('管理员');
  await expect(page.getByTestId('welcome-dept')).toHaveText('DVAdmin团队');
  await expect(sideMenu(page).getByText('系统管理')).toBeVisible();

  // through the side menu, as a visitor would
  await sideMenu(page).getByText('系统管理').click();
  await sideMenu(page).getByText('用户管理').click();
  await expect(page).toHaveURL(`${url}/user`);
  const table = page.getByTestId('crud-table-user');
  await expect(table).toContainText('editor');
  await expect(table).toContainText('user1');
  await expect(page.getByText('连接服务器失败')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('every page of the admin menu opens, and every API answer on the way is a success', async ({ page }) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (!/^\/(api|token|xy)\//.test(pathname)) return;
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('json')) return;
    // A body the page no longer holds (it moved on and the browser discarded it) cannot be read: skip it
    // rather than count it as a failure. Every body that can be read must be a JSON success.
    const text = await response.text().catch(() => undefined);
    if (text === undefined) return;
    let body: { code?: number; msg?: unknown } | null = null;
    try {
      body = JSON.parse(text) as { code?: number; msg?: unknown };
    } catch {
      failures.push(`${pathname}: not JSON: ${text.slice(0, 200)}`);
      return;
    }
    if (body?.code !== 2000) failures.push(`${pathname}: ${JSON.stringify(body)}`);
  });
  await signIn(page, 'admin');
  await expect(page).toHaveURL(`${url}/index`);
  await sideMenu(page).getByText('系统管理').click();
  const pages: [title: string, path: string, catalog?: string][] = [
    ['菜单管理', '/menu'],
    ['部门管理', '/dept'],
    ['角色管理', '/role'],
    ['消息中心', '/messageCenter'],
    ['系统配置', '/config', '常规配置'],
    ['字典管理', '/dictionary', '常规配置'],
    ['地区管理', '/areas', '常规配置'],
    ['附件管理', '/file', '常规配置'],
    ['API白名单', '/apiWhiteList', '常规配置'],
    ['登录日志', '/loginLog', '日志管理'],
    ['操作日志', '/operationLog', '日志管理'],
    // last, so the check below reads its table
    ['用户管理', '/user'],
  ];
  for (const [title, path, catalog] of pages) {
    const link = sideMenu(page).getByRole('link', { name: title, exact: true });
    // a catalog opens on click (and may close its siblings)
    if (catalog && !(await link.isVisible())) await sideMenu(page).getByText(catalog).click();
    await link.click();
    await expect(page).toHaveURL(`${url}${path}`);
    await expect(page.getByRole('tab', { name: title })).toBeVisible();
    await expect(page.getByText('页面不存在')).toHaveCount(0);
  }
  await expect(page.getByTestId('crud-table-user')).toContainText('user1');
  expect(failures).toEqual([]);
});

test('editor sees a content subset of the menus and user1 a minimal one', async ({ browser }) => {
  const menuTexts = async (username: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, username);
    await expect(page).toHaveURL(`${url}/index`);
    await sideMenu(page).getByText('系统管理').click();
    await expect(sideMenu(page).getByText('部门管理')).toBeVisible();
    const text = (await sideMenu(page).textContent()) ?? '';
    await context.close();
    return text;
  };
  const editor = await menuTexts('editor');
  expect(editor).toContain('消息中心');
  expect(editor).not.toContain('用户管理');
  expect(editor).not.toContain('角色管理');
  const user1 = await menuTexts('user1');
  expect(user1).not.toContain('消息中心');
  expect(user1).not.toContain('常规配置');
});
