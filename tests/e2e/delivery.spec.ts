// Delivery and support pages (issue 14) against the real server and a real local webhook receiver: a
// customer made in /users receives the item of its task (success row in /pushData), the settings test box
// shows what a receiver answered, and an answered feedback changes status and reaches the customer's webhook.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signParams } from '../../src/contract/sign.ts';
import { apiCall, apiIngest, apiSignIn } from './support/api.ts';
import { signInDirectly, startServerForThisFile } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

// Its own server: a submitted feedback becomes a business message to every operator (global state), whose
// sticky notification would lie over other files' pages on a shared server.
const server = startServerForThisFile();
const run = `${Date.now().toString(36)}`;
const received: { path: string; body: string }[] = [];
let receiver: Server;
let base = '';
let admin = '';
let phoneToken = '';
let task = { id: 0, name: '' };

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: 'yes', run }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  admin = (await apiSignIn(server())).access;
  const phone = await apiCall<{ id: number; token: string }>(server(), admin, 'POST', '/xy/phones/', {
    name: `投递手机-${run}`,
    serial: `DELIV-${run}`,
  });
  phoneToken = phone.token;
  task = await apiCall<{ id: number; name: string }>(server(), admin, 'POST', '/xy/tasks/', {
    name: `投递任务-${run}`,
    keywords: ['相机'],
    phone: phone.id,
  });
});
test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const dialog = (page: Page) => page.getByRole('dialog');
const bodies = (path: string) => received.filter((r) => r.path === path).map((r) => JSON.parse(r.body));

test('a customer made in /users receives its task’s new item; /pushData shows the successful attempt', async ({
  page,
}) => {
  const name = `客户-${run}`;
  await signInDirectly(page, server());
  await page.goto(`${server().url}/users`);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await dialog(page).getByLabel('名称').fill(name);
  await dialog(page).getByLabel('订阅任务').click();
  await page.getByRole('option', { name: task.name }).click();
  await dialog(page).getByLabel('Webhook 地址').fill(`${base}/items`);
  await dialog(page).getByRole('button', { name: '保存' }).click();
  // the full API key is shown once, from the create answer
  await expect(page.getByTestId('api-key-once')).toHaveText(/^xyk_[\w-]{20,}$/);
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  const row = page.getByTestId('crud-table-customers').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(task.name);

  await apiIngest(server(), phoneToken, {
    title: `相机 A7 ${run}`,
    price: 5000,
    seller: '投递卖家',
    url: `https://example.com/deliv/${run}`,
    task: task.id,
  });
  await expect.poll(() => bodies('/items').length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(bodies('/items')[0]).toMatchObject({ event: 'item', task: { id: task.id }, customer: { name } });

  await page.goto(`${server().url}/pushData`);
  const attempt = page.getByTestId('crud-table-push_data').getByRole('row').filter({ hasText: name });
  await expect(attempt).toContainText(`相机 A7 ${run}`);
  await expect(attempt).toContainText('成功');
  await expect(attempt).toContainText('200');

  // The workbench overview counts it (this file's server has made no other delivery).
  await page.goto(`${server().url}/index`);
  await expect(page.getByTestId('overview-pushes')).toHaveText('1');
  await expect(page.getByTestId('overview-success-rate')).toHaveText('100%');
});

test('send test on /settings shows the receiver’s status and body; the account and blacklist tabs list', async ({
  page,
}) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/settings`);
  await expect(page.getByLabel('最大尝试次数')).toHaveValue(/\d+/);
  await page.getByLabel('Webhook 地址').fill(`${base}/test`);
  await page.getByRole('button', { name: '发送测试' }).click();
  const result = page.getByTestId('webhook-test-result');
  await expect(result).toContainText('推送成功');
  await expect(result).toContainText('HTTP 状态 200');
  await expect(result.getByTestId('webhook-test-body')).toContainText(`"run":"${run}"`);
  expect(bodies('/test')[0]).toMatchObject({ event: 'test' });
  // the other tabs list through their own grants (AccountSearch; the /sellers page's Search)
  await page.getByRole('tab', { name: '账号' }).click();
  await expect(page.getByTestId('crud-table-accounts')).toBeVisible();
  await page.getByRole('tab', { name: '卖家黑名单' }).click();
  await expect(page.getByTestId('crud-table-blacklist')).toBeVisible();
  await expect(page.getByRole('button', { name: '加入黑名单' })).toBeVisible();
});

test('an answered feedback turns 已回复 and the reply reaches the customer’s webhook', async ({ page }) => {
  const customer = await apiCall<{ id: number; api_key: string; name: string }>(
    server(),
    admin,
    'POST',
    '/xy/users/',
    { name: `反馈客户-${run}`, tasks: [], webhook_url: `${base}/feedback` },
  );
  // The customer's own call: its API key, signed like every call.
  const config = await (await fetch(`${server().url}/app-config.js`)).text();
  const secret = /"signSecret"\s*:\s*"([^"]*)"/.exec(config)?.[1] ?? '';
  const title = `收不到推送 ${run}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = signParams(secret, { title, content: '从昨天开始' }, timestamp);
  const submitted = await fetch(`${server().url}/xy/feedback/submit/?timestamp=${timestamp}&sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${customer.api_key}` },
    body: JSON.stringify({ title, content: '从昨天开始' }),
  });
  expect(((await submitted.json()) as { code: number }).code).toBe(2000);

  await signInDirectly(page, server());
  await page.goto(`${server().url}/feedback`);
  const row = page.getByTestId('crud-table-feedback').getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('待处理');
  await row.getByRole('button', { name: '回复' }).click();
  await dialog(page)
    .getByLabel(/^\*?\s*回复$/)
    .fill('已修复，请再试');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(row).toContainText('已回复');
  await expect.poll(() => bodies('/feedback').length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(bodies('/feedback')[0]).toMatchObject({
    event: 'feedback_reply',
    feedback: { title, reply: '已修复，请再试', status: 'answered' },
  });
});
