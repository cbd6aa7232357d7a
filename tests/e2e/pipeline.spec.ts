// The monitoring pipeline's pages against the real server (issue 13): a task and a filter made through the
// forms (refusals on their fields, the inline switch, the dry run); a phone's token shown once, copied, then
// rotated; a seller blacklisted in the page drops its next listing; a silent phone turning offline live.
// Its own server: the blacklist is global, and the offline test moves the server's clock.

import { signParams } from '../../src/contract/sign.ts';
import { apiCall, apiIngest, apiSignIn } from './support/api.ts';
import { signInDirectly, startServerForThisFile } from './support/console.ts';
import type { TestServer } from './support/server.ts';
import { expect, type Page, test } from './support/test.ts';

const server = startServerForThisFile({ clock: true });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const dialog = (page: Page) => page.getByRole('dialog');
const table = (page: Page, name: string) => page.getByTestId(`crud-table-${name}`);
const rowOf = (page: Page, name: string, text: string) =>
  table(page, name).getByRole('row').filter({ hasText: text });

/** A phone agent's signed call (`Authorization: Token <phone token>`); resolves the envelope. */
async function agent(s: TestServer, token: string, path: string, body: Record<string, unknown>) {
  const config = await (await fetch(`${s.url}/app-config.js`)).text();
  const secret = /"signSecret"\s*:\s*"([^"]*)"/.exec(config)?.[1] ?? '';
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = signParams(secret, body, timestamp);
  const response = await fetch(`${s.url}${path}?timestamp=${timestamp}&sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: unknown; data: Record<string, unknown> };
}

async function open(page: Page, path: string) {
  await signInDirectly(page, server(), 'superadmin', path);
}

test('a task and a filter are made through the forms: min above max and a filter with no rule shown on their fields', async ({
  page,
}) => {
  await open(page, '/tasks');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await dialog(page).getByLabel('任务名称').fill('E2E 相机');
  await dialog(page).getByLabel('关键词').fill('e2e相机');
  await dialog(page).getByLabel('关键词').press('Enter');
  await dialog(page).getByLabel('最低价').fill('500');
  await dialog(page).getByLabel('最高价').fill('100');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page).getByText('最低价不能高于最高价。')).toBeVisible();
  await expect(dialog(page).getByLabel('最低价')).toHaveAttribute('aria-invalid', 'true');
  await dialog(page).getByLabel('最低价').fill('50');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();
  const row = rowOf(page, 'tasks', 'E2E 相机');
  await expect(row.getByText('e2e相机')).toBeVisible();

  // the inline switch saves the row at once
  const toggle = row.getByRole('switch');
  await expect(toggle).toBeChecked();
  await toggle.dispatchEvent('click');
  await expect(toggle).not.toBeChecked();
  const { access } = await apiSignIn(server());
  const tasks = await apiCall<{ data: { name: string; enabled: boolean }[] }>(
    server(),
    access,
    'GET',
    '/xy/tasks/',
  );
  expect(tasks.data.find((t) => t.name === 'E2E 相机')?.enabled).toBe(false);

  await page.goto(`${server().url}/itemFilters`);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await dialog(page).getByLabel('过滤器名称').fill('E2E 不要配件');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page).getByText(/请至少设置一条规则/)).toBeVisible();
  await dialog(page).getByLabel('排除词').fill('配件');
  await dialog(page).getByLabel('排除词').press('Enter');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(rowOf(page, 'item_filters', 'E2E 不要配件')).toBeVisible();

  const dryRun = page.getByTestId('filter-dry-run');
  await dryRun.getByLabel('标题').fill('相机配件一套');
  await dryRun.getByRole('button', { name: '测试' }).click();
  await expect(page.getByTestId('dry-run-verdict')).toHaveText(
    '丢弃：过滤器「E2E 不要配件」的规则 排除词（命中词：配件）',
  );
});

test('a new phone shows its token once (copied), and rotating it shows a new one that replaces the old', async ({
  page,
}) => {
  await open(page, '/phones');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await dialog(page).getByLabel('手机名称').fill('E2E 一号机');
  await dialog(page).getByLabel('序列号').fill('SN-E2E-1');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  const shown = page.getByTestId('phone-token');
  await expect(shown).toHaveText(/^[\w-]{32,}$/);
  await expect(page.getByTestId('token-once')).toContainText('只显示这一次');
  const token = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: '复制' }).click();
  await expect(page.getByRole('button', { name: '已复制' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();
  expect(
    (await agent(server(), token, '/xy/phones/heartbeat/', { serial: 'SN-E2E-1', battery: 90 })).code,
  ).toBe(2000);

  await rowOf(page, 'phones', 'SN-E2E-1').getByRole('button', { name: '轮换令牌' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(shown).toHaveText(/^[\w-]{32,}$/);
  const rotated = (await shown.textContent()) ?? '';
  expect(rotated).not.toBe(token);
  expect((await agent(server(), token, '/xy/phones/heartbeat/', { serial: 'SN-E2E-1' })).code).toBe(4000);
  expect((await agent(server(), rotated, '/xy/phones/heartbeat/', { serial: 'SN-E2E-1' })).code).toBe(2000);
});

test('a seller blacklisted in the page has its next listing dropped as blacklist, and the logs say so', async ({
  page,
}) => {
  const { access } = await apiSignIn(server());
  const phone = await apiCall<{ token: string }>(server(), access, 'POST', '/xy/phones/', {
    name: 'E2E 采集机',
    serial: 'SN-E2E-INGEST',
  });
  const listing = (n: number) => ({
    title: `二手镜头 ${n}`,
    price: 300,
    seller: 'E2E 黄牛',
    seller_id: 'e2e-scalper',
    url: `https://market.example/e2e-${n}`,
  });
  expect(await apiIngest(server(), phone.token, listing(1))).toMatchObject({ verdict: 'stored' });

  await open(page, '/sellers');
  const row = rowOf(page, 'sellers', 'e2e-scalper');
  await row.getByRole('button', { name: '拉黑' }).click();
  await dialog(page).getByLabel('拉黑原因').fill('倒卖');
  await dialog(page).getByRole('button', { name: '确定' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(row.getByText('已拉黑')).toBeVisible();
  await expect(row).toContainText('倒卖');

  expect(await apiIngest(server(), phone.token, listing(2))).toMatchObject({
    verdict: 'dropped',
    reason: 'blacklist',
  });
  await page.goto(`${server().url}/logs`);
  await expect(rowOf(page, 'logs', '黑名单 1').first()).toBeVisible();
});

test('a phone that stops sending heartbeats turns offline on the open page, live', async ({ page }) => {
  const { access } = await apiSignIn(server());
  const phone = await apiCall<{ id: number; token: string }>(server(), access, 'POST', '/xy/phones/', {
    name: 'E2E 静默机',
    serial: 'SN-E2E-QUIET',
  });
  expect((await agent(server(), phone.token, '/xy/phones/heartbeat/', { serial: 'SN-E2E-QUIET' })).code).toBe(
    2000,
  );
  await open(page, '/phones');
  const badge = page.getByTestId(`online-${phone.id}`);
  await expect(badge).toHaveText('在线');
  // Past the offline threshold (90 s) on the server's clock: its next sweep (every 5 s) pushes `phone`.
  await server().advanceClock(120_000);
  await expect(badge).toHaveText('离线', { timeout: 20_000 });
});
