import { apiCall, apiSignIn } from './support/api.ts';
import { sharedServerForThisFile, signInDirectly } from './support/console.ts';
import { expect, type Page, test } from './support/test.ts';

// The /items live list (issue 13) on the shared server: every row a test makes carries its own tag, the
// filter it creates belongs to its own task (no other ingest is affected), items are posted by superadmin
// (a signed-in user with the items Create button may ingest).
const server = sharedServerForThisFile();

let token = '';
const ingest = (item: Record<string, unknown>) =>
  apiCall<{ id: number; verdict: string }>(server(), token, 'POST', '/xy/items/', item);
const tag = () => `E2E${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const rows = (page: Page) => page.getByTestId('items-row');
const status = (page: Page) => page.getByTestId('items-live-status');

async function openItems(page: Page) {
  await signInDirectly(page, server(), 'superadmin', '/items');
  await expect(page.getByTestId('items-table')).toBeVisible({ timeout: 15_000 });
  await expect(status(page)).toHaveAttribute('data-state', 'following', { timeout: 15_000 });
}

test.beforeAll(async () => {
  token = (await apiSignIn(server())).access;
});

test('a new item appears at the top without a reload; the same url again updates its price in place', async ({
  page,
}) => {
  await openItems(page);
  const mark = tag();
  const url = `https://example.test/items/${mark}`;
  await ingest({ title: `${mark} 九成新 iPhone 13`, price: 2800, seller: '实时卖家', url });
  const first = rows(page).first();
  await expect(first).toContainText(`${mark} 九成新 iPhone 13`, { timeout: 5_000 });
  await expect(first.getByRole('link', { name: `${mark} 九成新 iPhone 13` })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(first.getByRole('link', { name: `${mark} 九成新 iPhone 13` })).toHaveAttribute(
    'rel',
    /noopener/,
  );
  await expect(first.getByTestId('items-price')).toHaveText('¥2800.00');

  const again = await ingest({ title: `${mark} 九成新 iPhone 13`, price: 2650, seller: '实时卖家', url });
  expect(again.verdict).toBe('dropped');
  await expect(first.getByTestId('items-price')).toHaveText('¥2650.00', { timeout: 5_000 });
  await expect(rows(page).filter({ hasText: mark })).toHaveCount(1);
});

test('with a search active, arrivals show an "N new" pill and no jump; an item an item filter drops never shows', async ({
  page,
}) => {
  const mark = tag();
  const task = await apiCall<{ id: number }>(server(), token, 'POST', '/xy/tasks/', {
    name: `${mark} 任务`,
    keywords: [mark],
  });
  await apiCall(server(), token, 'POST', '/xy/item_filters/', {
    name: `${mark} 过滤`,
    task: task.id,
    exclude_words: [`屏蔽${mark}`],
  });
  await ingest({
    title: `${mark} 旧的一件`,
    price: 10,
    seller: '旧卖家',
    url: `https://example.test/o/${mark}`,
  });
  await openItems(page);

  await page.getByTestId('items-filter-search').fill(`${mark} 旧`);
  await page.getByTestId('items-search').click();
  await expect(status(page)).toHaveAttribute('data-state', 'paused');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`${mark} 旧的一件`);

  await ingest({ title: `${mark} 新到 A`, price: 20, url: `https://example.test/a/${mark}`, task: task.id });
  const dropped = await ingest({ title: `${mark} 屏蔽${mark} B`, price: 30, task: task.id });
  expect(dropped.verdict).toBe('dropped');
  await ingest({ title: `${mark} 新到 C`, price: 40, url: `https://example.test/c/${mark}`, task: task.id });
  const pill = page.getByTestId('items-new-pill');
  await expect(pill).toHaveText('2 条新商品', { timeout: 5_000 });
  // no jump: the searched page is as it was
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`${mark} 旧的一件`);

  await pill.click();
  await expect(status(page)).toHaveAttribute('data-state', 'following');
  await expect(page.getByTestId('items-filter-search')).toHaveValue('');
  await expect(rows(page).nth(0)).toContainText(`${mark} 新到 C`);
  await expect(rows(page).nth(1)).toContainText(`${mark} 新到 A`);
  await expect(rows(page).filter({ hasText: `屏蔽${mark}` })).toHaveCount(0);
  await expect(rows(page).nth(0)).toContainText(`${mark} 任务`);
});

test('when the socket drops the list says it is reconnecting; once back it reloads and follows again', async ({
  page,
}) => {
  await openItems(page);
  await page.context().setOffline(true);
  await expect(status(page)).toHaveAttribute('data-state', 'reconnecting', { timeout: 15_000 });
  await expect(status(page)).toHaveText('连接已断开，正在重新连接…');
  const mark = tag();
  // stored while the page is offline: the reload after reconnecting shows it
  await ingest({ title: `${mark} 断线期间`, price: 5, url: `https://example.test/off/${mark}` });
  await page.context().setOffline(false);
  await expect(status(page)).toHaveAttribute('data-state', 'following', { timeout: 30_000 });
  await expect(rows(page).first()).toContainText(`${mark} 断线期间`, { timeout: 10_000 });
});
