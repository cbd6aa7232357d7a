// Issue 14 support pages against the real server: a knowledge article found by a word of its body, business
// messages marked read (one, then all) with the header's unread badge following, and the workbench overview
// moving after an ingest. Its own server: the feedback here tells every operator (messages pop up).

import { signParams } from '../../src/contract/sign.ts';
import { apiCall, apiIngest, apiSignIn } from './support/api.ts';
import { refuseRequests, signInDirectly, startServerForThisFile } from './support/console.ts';
import type { TestServer } from './support/server.ts';
import { expect, type Page, test } from './support/test.ts';

const INGEST_TOKEN = 'e2e-support-ingest-token-0123456789';
const server = startServerForThisFile({ env: { INGEST_TOKEN } });

/** A customer's signed feedback call (`Authorization: Token <api_key>`): a business message to operators. */
async function submitFeedback(target: TestServer, apiKey: string, title: string) {
  const config = await (await fetch(`${target.url}/app-config.js`)).text();
  const secret = /"signSecret"\s*:\s*"([^"]*)"/.exec(config)?.[1] ?? '';
  const body = { title, content: `${title}：请尽快处理` };
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = signParams(secret, body, timestamp);
  const response = await fetch(`${target.url}/xy/feedback/submit/?timestamp=${timestamp}&sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${apiKey}` },
    body: JSON.stringify(body),
  });
  expect(((await response.json()) as { code: number }).code).toBe(2000);
}

/** The header's unread count, read from the user dropdown (null when there is no badge). */
async function headerUnread(page: Page): Promise<string | null> {
  await page.getByTestId('user-menu').click();
  const item = page.getByRole('menuitem', { name: /站内信/ });
  await expect(item).toBeVisible();
  const badge = item.getByTestId('unread-badge');
  const text = (await badge.count()) ? await badge.textContent() : null;
  await page.keyboard.press('Escape');
  await expect(item).toBeHidden();
  return text;
}

test('an article written in the rich-text editor is found by a word that is only in its body', async ({
  page,
}) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/knowledge`);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('标题').fill('推送失败排查');
  await dialog.locator('.ProseMirror').click();
  await page.keyboard.type('先检查 quokkaflux 网关的签名设置');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('关键词').fill('quokkaflux');
  await page.getByRole('button', { name: '查询' }).click();
  const table = page.getByTestId('crud-table-knowledge');
  await expect(table.getByRole('row').filter({ hasText: '推送失败排查' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // The stored body is shown back in a frame that runs no scripts.
  await table.getByRole('button', { name: '详情' }).click();
  const frame = page.getByTestId('knowledge-content-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('[data-testid="knowledge-content-frame"]').getByText(/quokkaflux/),
  ).toBeVisible();
});

test('business messages are marked read one at a time and all at once; the unread badge follows', async ({
  page,
}) => {
  const { access } = await apiSignIn(server());
  const customer = await apiCall<{ api_key: string }>(server(), access, 'POST', '/xy/users/', {
    name: '华东客户',
  });
  for (const title of ['收不到推送', '价格区间不对', '想加关键词'])
    await submitFeedback(server(), customer.api_key, title);

  await signInDirectly(page, server());
  await page.goto(`${server().url}/messages`);
  const table = page.getByTestId('crud-table-messages');
  await expect(table.getByRole('row').filter({ hasText: '新反馈：收不到推送' })).toBeVisible();
  await expect.poll(() => headerUnread(page)).toBe('3');

  const row = table.getByRole('row').filter({ hasText: '新反馈：价格区间不对' });
  // The message's own sticky notification may lie over the row: the click goes to the button itself.
  await row.getByRole('button', { name: '标为已读' }).dispatchEvent('click');
  await expect(row.getByRole('button', { name: '标为已读' })).toHaveCount(0);
  await expect(row).toContainText('已读');
  await expect.poll(() => headerUnread(page)).toBe('2');

  await page.getByTestId('messages-read-all').dispatchEvent('click');
  await expect(table.getByRole('button', { name: '标为已读' })).toHaveCount(0);
  await expect.poll(() => headerUnread(page)).toBeNull();
});

test('the workbench overview counts an item ingested through the API', async ({ page }) => {
  await signInDirectly(page, server());
  await page.goto(`${server().url}/index`);
  const stored = page.getByTestId('overview-items');
  await expect(stored).toHaveText(/^\d+$/);
  const before = Number(await stored.textContent());
  await apiIngest(server(), INGEST_TOKEN, {
    title: '九成新 iPad Air 5',
    price: 2999,
    seller: '数码小王',
    url: `https://example.com/items/${Date.now()}`,
  });
  await expect(stored).toHaveText(String(before + 1), { timeout: 40_000 });
  await expect(page.getByTestId('overview-phones')).toHaveText(/^\d+ \/ \d+$/);
});

test('the overview charts that fail to load say so inside the panel with a retry; the counters stay', async ({
  page,
}) => {
  // the charts' chunk refused, as when the server goes down while it loads
  const allow = await refuseRequests(page, /\/assets\/OverviewCharts-[^/]*\.js$/);
  await signInDirectly(page, server());
  const failed = page.getByTestId('overview-charts-failed');
  await expect(failed).toContainText('图表加载失败');
  await expect(page.getByTestId('overview-items')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('feed-connection')).toBeVisible();

  await allow();
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('overview-per-hour')).toBeVisible();
  await expect(failed).toHaveCount(0);
});
